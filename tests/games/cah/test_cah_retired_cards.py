"""Cards moderators hide during a game (`retire-cards`, a table action the server logs): out
of the decks at once, out of a hand at its next draw, never drawn again; and cards hidden
before a game (`hiddenCards`) are not in its pool. Cards stay conserved throughout."""

from __future__ import annotations

import pytest
from cah_helpers import GAME, assert_conserved, new, play_round

from cardtable.decks.card_keys import card_key
from cardtable.engine import IllegalAction, Rng


def _keys(state, cards) -> list[str]:
    return [card_key(state.pool.white(card)["text"]) for card in cards]


def _retire(state, cards) -> list:
    return GAME.apply(state, None, {"type": "retire-cards", "cards": _keys(state, cards)})


def test_a_retired_card_leaves_the_deck_at_once_and_a_hand_at_its_next_draw():
    state = new({"refillTiming": "afterRound"}, seats=4, seed=3)
    player = next(seat for seat in range(4) if seat != state.czar)
    held = state.hands[player][-1]  # kept: the round plays the first cards of each hand
    in_deck = state.white_deck[:5]
    events = _retire(state, [held, *in_deck])
    assert [event.type for event in events] == ["cards-retired"]
    assert not set(in_deck) & set(state.white_deck) and held in state.hands[player]
    assert_conserved(state)
    play_round(state)  # the refill after the round drops it and draws a fresh card
    assert held not in state.hands[player] and len(state.hands[player]) == 10
    retired = {held, *in_deck}
    rng = Rng(5)
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, GAME.random_action(state, seat, rng))
        assert all(not retired & set(hand) for hand in state.hands)
        assert not retired & set(state.white_deck)
        assert_conserved(state)


def test_retiring_is_idempotent_and_ignores_unknown_cards():
    state = new(seats=4, seed=1)
    card = state.white_deck[0]
    _retire(state, [card])
    assert _retire(state, [card]) == []
    assert GAME.apply(state, None, {"type": "retire-cards", "cards": ["0" * 16]}) == []
    with pytest.raises(IllegalAction):
        GAME.apply(state, None, {"type": "retire-cards", "cards": "nope"})
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, {"type": "retire-cards", "cards": []})
    assert refused.value.code == "table-only"


def test_hidden_cards_are_not_in_a_new_games_pool():
    plain = new(seats=3, seed=2)
    texts = [plain.pool.white(0)["text"], plain.pool.black(plain.pool.black_first)["text"]]
    hidden = new({"hiddenCards": [card_key(text.upper()) for text in texts]}, seats=3, seed=2)
    assert hidden.pool.white_count == plain.pool.white_count - 1
    assert hidden.pool.black_count == plain.pool.black_count - 1
    shown = {card["text"] for card in (*hidden.pool.white_json, *hidden.pool.black_json)}
    assert not set(texts) & shown
    assert "hiddenCards" not in [option["name"] for option in GAME.describe()["options"]]
