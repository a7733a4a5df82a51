"""The `random` bot's sampler: every draw is legal, and the draws follow a uniform choice over
the full legal list even where that list is huge (ordered Pick 3, official reboots)."""

from __future__ import annotations

from collections import Counter

import pytest
from cah_helpers import GAME, SCHOOL, new_with, submit_all

from cardtable.engine import Rng

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
def test_random_action_matches_a_uniform_choice_over_legal(pick, draw):
    state = new_with(BUSY, pick=pick, draw=draw)
    seat = min(state.waiting)
    state.scores[seat] = 1
    legal = GAME.legal(state, seat)
    expected = Counter(action["type"] for action in legal)
    assert set(expected) == {"submit", "bet", "discard", "reboot", "never-have-i-ever"}
    draws = 20_000
    seen = frequencies(state, seat, draws)
    for kind, count in expected.items():
        share = count / len(legal)
        assert abs(seen[kind] / draws - share) < 0.02 + share * 0.05, kind
    rng = Rng(2)
    for _ in range(300):
        assert GAME.random_action(state, seat, rng) in legal


def test_random_action_in_judging_and_voting_phases():
    for options in (
        {"decks": SCHOOL, "judging": "seriousBusiness"},
        {"decks": SCHOOL, "judging": "godIsDead"},
        {"decks": SCHOOL, "judging": "survival"},
        {"decks": SCHOOL, "revealOneByOne": True},
    ):
        state = new_with(options, seats=5)
        submit_all(state)
        rng = Rng(4)
        for seat in sorted(GAME.to_act(state)):
            legal = GAME.legal(state, seat)
            assert legal
            for _ in range(50):
                assert GAME.random_action(state, seat, rng) in legal
