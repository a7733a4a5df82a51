"""Setting a game up: its cards (cards.py), full hands, the first Czar (K4) and the first
round, all drawn from the generator `setup` is given (the state keeps it for later draws)."""

from __future__ import annotations

from typing import Any

from ...engine import Decks, Rng
from .cards import check_pool, pool_for
from .dealing import fill
from .options import Rules
from .rounds import start_round
from .state import NO_CARD, State, fresh


def setup(options: dict[str, Any], seats: int, rng: Rng, now: float, decks: Decks) -> State:
    rules = Rules(options)
    pool = pool_for(options, decks)
    check_pool(pool, seats + (rules.rando == "guide"), rules.hand_size)
    if rules.first_czar_seat is not None and rules.first_czar_seat >= seats:
        raise ValueError(f"firstCzarSeat {rules.first_czar_seat} is not a seat of {seats}")
    state = fresh(rules, pool, rng, seats, now)
    for hand in state.hands:
        fill(state, hand)
    first = rules.first_czar_seat
    if first is None:
        first = rng.randrange(seats)
    open_game(state, first)
    return state


def open_game(state: State, first_czar: int, black: int = NO_CARD) -> None:
    """The Czar rotation from `first_czar` on (K4), then the first round: on `black`, or on a
    card drawn from the deck."""
    seats = state.seats
    state.rotation = [(first_czar + step) % seats for step in range(seats)]
    start_round(state, [], black)
