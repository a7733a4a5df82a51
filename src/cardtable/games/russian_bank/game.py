"""Russian Bank as the engine sees it: metadata, and each hook handed to its module."""

from __future__ import annotations

import random

from ...engine import Decks, Event, Game, Result, Rng
from . import actions, affordances, legal, timers, views
from .deals import match_result, new_match
from .determinize import determinize as sample_hidden
from .options import OPTION_SET, check_options
from .state import Phase, State


class RussianBank(Game):
    id = "russian-bank"
    title = "Russian Bank"
    summary = (
        "Crapette: two players race to get rid of their cards onto eight shared foundations, "
        "a shared layout and each other's piles. Miss a play and your opponent calls Stop!"
    )
    min_seats = 2
    max_seats = 2
    option_set = OPTION_SET

    def check_options(self, options: dict, decks: Decks) -> None:
        check_options(options)

    def setup(self, options: dict, seats: int, rng: Rng, now: float, decks: Decks) -> State:
        return new_match(options, rng.getrandbits(63), now)

    def seat_count(self, state: State) -> int:
        return 2

    def to_act(self, state: State) -> frozenset[int]:
        return legal.to_act(state)

    def legal(self, state: State, seat: int) -> list[dict]:
        return legal.legal(state, seat)

    def affordances(self, state: State, seat: int) -> dict:
        return affordances.affordances(state, seat)

    def expand_affordances(self, view: dict) -> list[dict]:
        return affordances.expand(view)

    def play(self, state: State, seat: int | None, action: dict, now: float | None) -> list[Event]:
        return actions.apply(state, seat, action, now)

    def deadline(self, state: State) -> float | None:
        """The time per move."""
        return timers.deadline(state)

    def timeout_actions(self, state: State) -> list[tuple[int | None, dict]]:
        """No timeout action of its own: when the time per move runs out, the table's
        autopilot moves for the seat due."""
        return []

    def random_action(self, state: State, seat: int, rng: random.Random) -> dict:
        """Uniform over the plays: a random player never spreads, offers a draw or resigns."""
        plays = [a for a in legal.legal(state, seat) if a["type"] not in legal.ASIDES]
        return rng.choice(plays)

    def public_view(self, state: State) -> dict:
        return views.public_view(state)

    def seat_view(self, state: State, seat: int) -> dict:
        return {**views.seat_view(state, seat), "can": self.affordances(state, seat)}

    def secret_view(self, state: State) -> dict:
        return views.secret_view(state)

    def result(self, state: State) -> Result | None:
        return match_result(state) if state.phase is Phase.OVER else None

    def clone(self, state: State) -> State:
        return state.clone()

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return sample_hidden(state, seat, rng)
