"""CSH: The Card Game (seed 004, rules/csh.md): the Game the engine registers as `csh`."""

from __future__ import annotations

from ...engine import Game, Result
from . import draft, flow, moves, views, window
from .archive import totals
from .catalog import CATALOG
from .options import OPTIONS
from .state import OVER, WINDOW, State


class Csh(Game):
    id = "csh"
    title = "CSH: The Card Game"
    summary = (
        "Build the biggest Archive of Voting Power before the Election: two actions a turn, "
        "draw or play, seven slots, and Cancels on anyone's turn."
    )
    min_seats = 2
    max_seats = len(CATALOG.directorships)  # CSH-27: each player a different directorship
    option_set = OPTIONS
    shared_private_cards = True  # P5 shows its player the target's hand

    def check_options(self, options) -> None:
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

    def setup(self, options, seats, rng, now):
        state = State(CATALOG, options, rng, seats, now)
        draft.begin(state)
        flow.advance(state)
        state.events = []
        return state

    def seat_count(self, state) -> int:
        return state.seats

    def to_act(self, state) -> frozenset[int]:
        return moves.waiting(state)

    def legal(self, state, seat) -> list[dict]:
        return moves.legal(state, seat)

    def play(self, state, seat, action, now):
        clock = state.clock if now is None else max(state.clock, float(now))
        perform = moves.parse(state, seat, action, self.deadline(state), clock)
        state.clock = clock
        if action["type"] != moves.AUTO_PASS:  # a preference: the current wait goes on
            state.since = clock
        perform()
        flow.advance(state)
        events, state.events = state.events, []
        return events

    def deadline(self, state) -> float | None:
        if state.phase == OVER:
            return None
        if state.phase == WINDOW:
            return window.deadline(state)
        seconds = state.rules["turnSeconds"]
        return None if seconds is None else state.since + seconds

    def late_seats(self, state) -> frozenset[int]:
        """CSH-10: letting a reaction window run out is a pass, not a missed deadline."""
        return frozenset() if state.phase == WINDOW else self.to_act(state)

    def public_view(self, state) -> dict:
        return views.public(state)

    def seat_view(self, state, seat) -> dict:
        return views.private(state, seat)

    def secret_view(self, state) -> dict:
        return views.secret(state)

    def result(self, state) -> Result | None:
        if state.phase != OVER:
            return None
        return Result.from_scores(
            "election",
            totals(state),
            detail={
                "drawer": state.drawer,
                "start": state.start,
                "turns": state.turn,
                "directorships": list(state.directorships),
            },
        )

    def clone(self, state):
        return state.copy()
