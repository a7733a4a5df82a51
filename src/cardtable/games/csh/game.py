"""CSH: The Card Game (seed 004, rules/csh.md) as the engine sees it: metadata, and each hook
handed to its module."""

from __future__ import annotations

from ...engine import Event, Game, Result, Rng
from . import actions, affordances, draft, legal, timers, views
from .archive import totals
from .catalog import CATALOG
from .determinize import determinize as sample_hidden
from .options import OPTIONS
from .state import Phase, Reason, State


class Csh(Game):
    id = "csh"
    rules = "2.3"  # docs/csh-cards.md: the v2 cards and the catch-up card (CSH-31)
    title = "CSH: The Card Game"
    summary = (
        "Build the biggest Archive of Voting Power before the Election: two actions a turn, "
        "draw or play, seven slots, and Cancels on anyone's turn."
    )
    min_seats = 2
    max_seats = len(CATALOG.directorships)  # CSH-27: each player a different directorship
    option_set = OPTIONS
    shared_private_cards = True  # P5 shows its player the target's hand

    def check_options(self, options, decks) -> None:
        if len(options["directorships"]) == 1:
            raise ValueError("directorships names one per seat, for at least two seats")

    def seat_range(self, options) -> tuple[int, int]:
        fixed = len(options["directorships"])
        return (fixed, fixed) if fixed else (self.min_seats, self.max_seats)

    def describe(self) -> dict:
        return {
            **super().describe(),
            "directorships": [d._asdict() for d in CATALOG.directorships],
            "cards": [t.to_json() for t in CATALOG.types],
        }

    def setup(self, options, seats: int, rng: Rng, now: float, decks) -> State:
        return draft.setup(options, seats, rng, now)

    def seat_count(self, state: State) -> int:
        return state.seats

    def to_act(self, state: State) -> frozenset[int]:
        return legal.to_act(state)

    def legal(self, state: State, seat: int) -> list[dict]:
        return legal.legal(state, seat)

    def affordances(self, state: State, seat: int) -> dict:
        return affordances.affordances(state, seat)

    def expand_affordances(self, view: dict) -> list[dict]:
        return affordances.expand(view)

    def play(self, state: State, seat: int | None, action: dict, now) -> list[Event]:
        return actions.apply(state, seat, action, now)

    def deadline(self, state: State) -> float | None:
        return timers.deadline(state)

    def late_seats(self, state: State) -> frozenset[int]:
        return timers.late_seats(state)

    def public_view(self, state: State) -> dict:
        return views.public(state)

    def seat_view(self, state: State, seat: int) -> dict:
        return {**views.private(state, seat), "can": self.affordances(state, seat)}

    def sight(self, state: State, seat: int) -> dict:
        """The part of `view(state, seat)` the CSH bots read: the board and the seat's own part.
        The rest, which a search bot's rollouts would build at every step for nothing, cost
        about a tenth of their time."""
        return {"public": views.board(state), "you": views.private(state, seat)}

    def secret_view(self, state: State) -> dict:
        return views.secret(state)

    def result(self, state: State) -> Result | None:
        if state.phase is not Phase.OVER:
            return None
        return Result.from_scores(
            Reason.ELECTION,
            totals(state),
            detail={
                "drawer": state.drawer,
                "start": state.start,
                "turns": state.turn,
                "directorships": list(state.directorships),
            },
        )

    def clone(self, state: State) -> State:
        return state.clone()

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return sample_hidden(state, seat, rng)
