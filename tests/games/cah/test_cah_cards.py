"""The card pool (K22): built-in decks, the table's custom cards, blank write-in cards, the
cache, and the checks that a pool can deal and play."""

from __future__ import annotations

import pytest
from cah_helpers import GAME, SCHOOL, new, submit_all

from cardtable.decks import Call, Deck, Response, builtin
from cardtable.engine import IllegalAction
from cardtable.games.cah import position
from cardtable.games.cah.cards import pool_for

CUSTOM_WHITES = [f"Our answer number {n}." for n in range(40)]
CUSTOM_BLACKS = ["Who ate the _?", "_ and _ walk into a bar.", "Why is the sky green?"]


def test_a_custom_deck_alone_is_playable_and_marked_user_written():
    options = {"decks": [], "customWhiteCards": CUSTOM_WHITES, "customBlackCards": CUSTOM_BLACKS}
    state = new(options, seats=3)
    assert state.pool.white_count == 40 and state.pool.black_count == 4  # + the haiku card
    view = GAME.view(state, 0)
    assert all(card["userWritten"] for card in view["you"]["hand"])
    assert view["public"]["black"]["userWritten"] is True
    picks = sorted(state.pool.pick(b) for b in state.pool.deck_blacks())
    assert picks == [1, 1, 2]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"customWhiteCards": ["x" * 121]}, "custom white"),
        ({"customWhiteCards": ["   "]}, "custom white"),
        ({"customBlackCards": ["_ _ _ _"]}, "at most 3 blanks"),
        ({"customBlackCards": ["y" * 201]}, "customBlackCards"),
        ({"customWhiteCards": ["z"] * 501}, "at most 500"),
    ],
)
def test_custom_cards_are_validated(options, message):
    with pytest.raises(ValueError, match=message):
        GAME.options(options)


def test_blank_cards_are_written_when_played():
    state = position({"decks": SCHOOL, "blankCards": 30}, pick=1)
    blank_first = state.pool.blank_first
    seat = next(s for s in sorted(state.waiting) if max(state.hands[s]) >= blank_first)
    blank = max(state.hands[seat])
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, {"type": "submit", "cards": [blank]})
    assert refused.value.code == "unwritten-blank"
    offered = [a for a in GAME.legal(state, seat) if blank in a.get("cards", ())]
    assert offered and all(a["write"][str(blank)].strip() for a in offered)
    for write, code in (
        ({str(blank): ""}, "bad-write"),
        ({str(blank): "w" * 121}, "bad-write"),
        ({"7": "not a blank"}, "bad-write"),
        (["list"], "bad-write"),
    ):
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, seat, {"type": "submit", "cards": [blank], "write": write})
        assert refused.value.code == code
    GAME.apply(state, seat, {"type": "submit", "cards": [blank], "write": {str(blank): "Mine!"}})
    mine = GAME.view(state, seat)["you"]["submitted"][0]
    assert mine == {"id": blank, "text": "Mine!", "blank": True, "userWritten": True}
    submit_all(state)
    shown = [c for a in GAME.view(state, None)["public"]["answers"] for c in a["cards"]]
    assert {"id": blank, "text": "Mine!", "blank": True, "userWritten": True} in shown
    GAME.apply(state, state.czar, {"type": "pick", "answer": 0})
    assert state.writes == {}  # the card goes back blank


def test_the_pool_is_built_once_per_decks_and_filters():
    first = GAME.options({"decks": SCHOOL, "excludeTags": ["BFA"]})
    again = GAME.options({"decks": SCHOOL, "excludeTags": ["BFA"]})
    other = GAME.options({"decks": SCHOOL})
    assert pool_for(first, None) is pool_for(again, None)
    assert pool_for(first, None) is not pool_for(other, None)


def _deck(word: str) -> Deck:
    """A small deck under the id `test-deck`, its cards starting with `word`."""
    calls = tuple(Call(((f"{word} call {n} ", {}),), 1) for n in range(3))
    responses = tuple(Response(f"{word} answer {n}.") for n in range(30))
    return Deck("test-deck", f"{word} deck", calls, responses)


def test_a_game_deals_from_the_decks_its_caller_gives_and_from_nothing_else():
    """No deck is looked up anywhere else: without the mapping naming it, a deck is unknown;
    two mappings giving one id different cards deal their own cards (no shared pool)."""
    options = {"decks": ["test-deck"], "handSize": 5}
    with pytest.raises(ValueError, match="unknown deck 'test-deck'"):
        GAME.options(options)
    with pytest.raises(ValueError, match="unknown deck 'test-deck'"):
        GAME.new(options, seats=3, decks=builtin.decks())
    for word in ("Red", "Blue"):
        decks = {"test-deck": _deck(word)}
        state = GAME.new(options, seats=3, seed=1, decks=decks)
        view = GAME.view(state, 0)
        assert all(card["text"].startswith(word) for card in view["you"]["hand"])
        assert view["public"]["black"]["text"].startswith(word)
        assert GAME.card_keys(GAME.options(options, decks), decks)


def test_too_few_cards_for_the_seats_is_a_clear_error():
    options = {"decks": [], "customWhiteCards": CUSTOM_WHITES[:25], "customBlackCards": ["_?"]}
    with pytest.raises(ValueError, match="white cards"):
        new({**options, "handSize": 10}, seats=3)
    assert new({**options, "handSize": 7}, seats=3).pool.white_count == 25
    with pytest.raises(ValueError, match="no black card"):
        new({"decks": [], "customWhiteCards": CUSTOM_WHITES}, seats=3)


def test_card_ids_are_unique_across_white_and_black():
    state = new({"decks": SCHOOL, "customWhiteCards": ["a"], "blankCards": 2})
    pool = state.pool
    whites = {pool.white(c)["id"] for c in range(pool.white_count)}
    blacks = {pool.black(c)["id"] for c in range(pool.black_first, pool.haiku + 1)}
    assert not whites & blacks and len(whites) + len(blacks) == pool.white_count + pool.black_count


def test_cards_carry_their_rating_and_tags_into_views():
    """Seed 003: adult cards are marked clearly; seed 000: the CS/GD/BFA tags travel with each
    card so that the table can show them (K22)."""
    deck = builtin.get("cardtable-gameschool")
    by_text = {card.text: card for card in (*deck.calls, *deck.responses)}
    state = new({"decks": SCHOOL})
    view = GAME.view(state, min(state.waiting))
    shown = [*view["you"]["hand"], view["public"]["black"]]
    for card in shown:
        source = by_text[card["text"]]
        assert card["rating"] == source.rating and card["tags"] == list(source.tags)
    ratings = {state.pool.white(c)["rating"] for c in range(state.pool.white_count)}
    assert ratings == {"adult", "family"}
    assert {"CS", "GD", "BFA"} <= {t for c in state.pool.white_json for t in c.get("tags", ())}
