"""The `random` bot's sampler: every draw is legal; the seat's part in the round is drawn
uniformly, and so are its free actions, which get a tenth of the draws, even where the lists
are huge (ordered Pick 3, official reboots)."""

from __future__ import annotations

from collections import Counter

import pytest
from cah_helpers import GAME, SCHOOL, submit_all

from cardtable.engine import Rng
from cardtable.games.cah import position
from cardtable.games.cah.sampling import FREE_ACTION_SHARE

BUSY = {
    "decks": SCHOOL,
    "honorDrawN": True,
    "gambling": True,
    "discardUnknown": "digipen",
    "reboot": "official",
    "neverHaveIEverPoints": True,
}


def frequencies(state, seat, draws, seed=1):
    rng = Rng(seed)
    return Counter(GAME.random_action(state, seat, rng)["type"] for _ in range(draws))


@pytest.mark.parametrize(("pick", "draw"), [(1, 0), (3, 2)])
def test_random_action_plays_the_round_and_now_and_then_a_free_action(pick, draw):
    seat = 1  # seat 0 judges
    state = position(BUSY, pick=pick, draw=draw, scores=[0, 1, 0, 0])
    legal = GAME.legal(state, seat)
    free = Counter(action["type"] for action in legal if action["type"] != "submit")
    assert set(free) == {"bet", "discard", "reboot", "never-have-i-ever"}
    expected = {kind: FREE_ACTION_SHARE * count / free.total() for kind, count in free.items()}
    expected["submit"] = 1 - FREE_ACTION_SHARE
    draws = 20_000
    seen = frequencies(state, seat, draws)
    for kind, share in expected.items():
        assert abs(seen[kind] / draws - share) < 0.01 + share * 0.05, kind
    rng = Rng(2)
    for _ in range(300):
        assert GAME.random_action(state, seat, rng) in legal


def test_random_action_takes_free_actions_when_the_round_waits_for_others():
    state = position(BUSY, pick=1)
    seat = min(state.waiting)
    GAME.apply(state, seat, {"type": "submit", "cards": state.hands[seat][:1]})
    legal = GAME.legal(state, seat)
    rng = Rng(3)
    drawn = [GAME.random_action(state, seat, rng) for _ in range(200)]
    assert all(action in legal for action in drawn)
    assert {action["type"] for action in drawn} == {"discard", "never-have-i-ever"}


def test_random_action_in_judging_and_voting_phases():
    for options in (
        {"decks": SCHOOL, "judging": "seriousBusiness"},
        {"decks": SCHOOL, "judging": "godIsDead"},
        {"decks": SCHOOL, "judging": "survival"},
        {"decks": SCHOOL, "revealOneByOne": True},
    ):
        state = position(options, seats=5, pick=1)
        submit_all(state)
        rng = Rng(4)
        for seat in sorted(GAME.to_act(state)):
            legal = GAME.legal(state, seat)
            assert legal
            for _ in range(50):
                assert GAME.random_action(state, seat, rng) in legal
