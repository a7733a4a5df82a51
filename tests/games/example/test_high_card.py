"""High Card, the example game: its rules, its hidden information and its timeout. The engine
contract it meets is tested with every other game's (tests/games/test_contract.py)."""

from __future__ import annotations

import pytest

from cardtable.engine import IllegalAction
from cardtable.games import get
from cardtable.games.example.state import Phase, Reason
from game_contract import card_ids

GAME = get("example")


def card_of(state, rank: int, suit: str = "spades") -> int:
    return next(c.id for c in state.cards if (c.rank, c.suit) == (rank, suit))


def dealt(hands: list[list[tuple[int, str]]], **options):
    """A game whose hands are exactly these (rank, suit) cards."""
    state = GAME.new({"handSize": len(hands[0]), **options}, seats=len(hands), seed=0)
    state.hands = [sorted(card_of(state, *card) for card in hand) for hand in hands]
    state.deck = [c.id for c in state.cards if all(c.id not in h for h in state.hands)]
    return state


def play(state, seat: int, rank: int, suit: str, now: float | None = None):
    return GAME.apply(state, seat, {"type": "play", "card": card_of(state, rank, suit)}, now)


def test_the_single_highest_card_scores_with_aces_high():
    state = dealt([[(1, "spades"), (2, "spades")], [(13, "hearts"), (3, "hearts")]])
    play(state, 0, 1, "spades")
    events = play(state, 1, 13, "hearts")
    assert events[-1].type == "round-scored" and events[-1].data["winner"] == 0
    assert state.scores == [1, 0] and state.round == 2


def test_when_the_highest_cards_tie_nobody_scores():
    state = dealt(
        [
            [(9, "spades"), (2, "spades")],
            [(9, "hearts"), (3, "hearts")],
            [(4, "clubs"), (5, "clubs")],
        ]
    )
    for seat, card in ((0, (9, "spades")), (1, (9, "hearts")), (2, (4, "clubs"))):
        play(state, seat, *card)
    assert state.scores == [0, 0, 0] and state.round == 2


def test_a_card_put_down_is_its_owners_secret_until_every_card_is_down():
    state = dealt([[(5, "spades"), (6, "spades")], [(7, "hearts"), (8, "hearts")]])
    played = card_of(state, 5, "spades")
    events = play(state, 0, 5, "spades")
    assert {e.type: e.to for e in events} == {"card-down": None, "you-played": frozenset({0})}
    assert GAME.view(state, 0)["you"]["chosen"]["id"] == played
    assert GAME.view(state, None)["public"]["down"] == [True, False]
    assert played not in card_ids(GAME.view(state, 1))
    play(state, 1, 7, "hearts")
    assert [c["id"] for c in GAME.view(state, 1)["public"]["lastRound"]] == [
        played,
        card_of(state, 7, "hearts"),
    ]


def test_out_of_turn_and_unknown_cards_are_refused_and_change_nothing():
    state = dealt([[(5, "spades")], [(7, "hearts")]])
    play(state, 0, 5, "spades")
    for seat, card in ((0, card_of(state, 5, "spades")), (1, card_of(state, 2, "clubs"))):
        with pytest.raises(IllegalAction):
            GAME.apply(state, seat, {"type": "play", "card": card})
    assert state.chosen[1] is None and state.hands[1] == [card_of(state, 7, "hearts")]


def test_the_game_ends_when_the_hands_are_played():
    state = dealt([[(5, "spades")], [(7, "hearts")]])
    play(state, 0, 5, "spades")
    play(state, 1, 7, "hearts")
    result = GAME.result(state)
    assert state.phase is Phase.OVER and result.reason is Reason.HANDS_PLAYED
    assert result.to_json()["reason"] == "hands-played" and result.winners == (1,)
    assert GAME.legal(state, 0) == GAME.legal(state, 1) == []


def test_the_game_ends_once_the_lead_is_more_than_the_rounds_left():
    state = dealt(
        [
            [(1, "spades"), (13, "spades"), (2, "spades")],
            [(3, "hearts"), (4, "hearts"), (5, "hearts")],
        ]
    )
    play(state, 0, 1, "spades")
    play(state, 1, 3, "hearts")
    assert GAME.result(state) is None  # 1 up, 2 rounds left
    play(state, 0, 13, "spades")
    play(state, 1, 4, "hearts")
    assert GAME.result(state).reason is Reason.OUT_OF_REACH  # 2 up, 1 round left


def test_a_round_times_out_with_the_default_timeout_playing_each_late_seats_lowest_card():
    state = dealt([[(1, "spades"), (2, "spades")], [(13, "hearts"), (3, "hearts")]])
    assert GAME.deadline(state) == 30.0
    assert GAME.timeout_actions(state) == [(None, {"type": "timeout"})]
    play(state, 0, 2, "spades", now=4.0)
    with pytest.raises(IllegalAction, match="too-early"):
        GAME.apply(state, None, {"type": "timeout"}, 29.0)
    with pytest.raises(IllegalAction, match="table-only"):
        GAME.apply(state, 1, {"type": "timeout"}, 31.0)
    GAME.apply(state, None, {"type": "timeout"}, 31.0)
    assert state.last_round == [card_of(state, 2, "spades"), card_of(state, 3, "hearts")]
    assert state.scores == [0, 1] and GAME.deadline(state) == 61.0


def test_without_a_time_limit_there_is_no_deadline_and_no_timeout():
    state = dealt([[(5, "spades")], [(7, "hearts")]], roundSeconds=None)
    assert GAME.deadline(state) is None and GAME.timeout_actions(state) == []
    with pytest.raises(IllegalAction, match="no-timeout"):
        GAME.apply(state, None, {"type": "timeout"}, 100.0)
