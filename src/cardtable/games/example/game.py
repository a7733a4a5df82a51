"""High Card as the engine sees it: metadata, and each hook handed to its module."""

from __future__ import annotations

from ...engine import Game, Result
from . import actions, deal, legal, timers, views
from .options import OPTIONS
from .state import Phase, State


class HighCard(Game):
    id = "example"
    title = "High Card (example)"
    summary = "Everyone plays a card face down at once; the highest scores. The example game."
    min_seats = 2
    max_seats = 4
    option_set = OPTIONS
    listed = False  # a copy meant for tables drops this line

    def setup(self, options, seats, rng, now, decks) -> State:
        return deal.deal(options, seats, rng, now)

    def seat_count(self, state: State) -> int:
        return len(state.hands)

    def to_act(self, state: State) -> frozenset[int]:
        return legal.to_act(state)

    def legal(self, state: State, seat: int) -> list[dict]:
        return legal.legal(state, seat)

    def affordances(self, state: State, seat: int) -> dict:
        return legal.affordances(state, seat)

    def expand_affordances(self, view: dict) -> list[dict]:
        return legal.expand(view)

    def play(self, state: State, seat, action: dict, now) -> list:
        return actions.apply(state, seat, action, now)

    def deadline(self, state: State) -> float | None:
        return timers.deadline(state)

    def public_view(self, state: State) -> dict:
        return views.public_view(state)

    def seat_view(self, state: State, seat: int) -> dict:
        return {**views.seat_view(state, seat), "can": self.affordances(state, seat)}

    def secret_view(self, state: State) -> dict:
        return views.secret_view(state)

    def result(self, state: State) -> Result | None:
        if state.phase is not Phase.OVER or state.reason is None:  # over means a reason
            return None
        return Result.from_scores(state.reason, state.scores)

    def clone(self, state: State) -> State:
        return state.clone()
