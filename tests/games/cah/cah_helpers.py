"""Shared helpers for the CAH tests: new games, playing scripted rounds, and reading where
every card is. Positions are built with `cardtable.games.cah.position`."""

from __future__ import annotations

from cardtable import games
from cardtable.engine import OMNISCIENT
from cardtable.games.cah.state import Phase

GAME = games.get("cah")
SCHOOL = ["cardtable-gameschool"]


def new(options=None, seats=4, seed=0, now=0.0):
    return GAME.new(options, seats=seats, seed=seed, now=now)


def submit_all(state, choose=None):
    """Every seat still due to submit plays its first `pick` cards (or `choose(seat, hand)`)."""
    events = []
    for seat in sorted(state.waiting):
        hand = state.hands[seat]
        cards = choose(seat, hand) if choose else hand[: state.pick]
        events += GAME.apply(state, seat, {"type": "submit", "cards": cards})
    return events


def reveal_all(state):
    while state.phase is Phase.REVEAL:
        GAME.apply(state, state.czar, {"type": "reveal-next"})


def answer_by(state, author):
    """The position of the (first) answer written by `author` (a seat, or -1 for Rando)."""
    return state.authors.index(author)


def play_round(state, winner=None):
    """Submit, reveal and let the Czar pick the answer of `winner` (default: answer 0)."""
    submit_all(state)
    reveal_all(state)
    answer = 0 if winner is None else answer_by(state, winner)
    return GAME.apply(state, state.czar, {"type": "pick", "answer": answer})


def locations(state):
    """Every white and black card id held anywhere in the state, with repeats if any."""
    whites = [*state.white_deck, *state.white_discard, *state.rando_hand, *state.nhie_table]
    whites += state.white_retired
    for hand in state.hands:
        whites += hand
    for pending in (*state.submissions, *state.bets):
        whites += pending or []
    for answer in state.answers:
        whites += answer
    blacks = [*state.black_deck, *state.black_used, *state.black_removed, *state.reserved]
    blacks += state.black_retired
    blacks += state.rando_trophies
    for won in state.trophies:
        blacks += won
    if state.black >= 0:
        blacks.append(state.black)
    return whites, blacks


def assert_conserved(state):
    whites, blacks = locations(state)
    pool = state.pool
    assert sorted(whites) == list(range(pool.white_count)), "white cards lost or duplicated"
    first = pool.black_first
    assert sorted(blacks) == list(range(first, first + pool.black_count)), "black cards moved"


def omni(state):
    return GAME.view(state, OMNISCIENT)
