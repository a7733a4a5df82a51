"""Russian Bank (Crapette) for two players: the engine contract around the rules modules."""

from __future__ import annotations

from ...engine import Game, Rng
from . import actions, timer, views
from .deals import start_deal
from .options import OPTION_SET
from .state import State


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

    def check_options(self, options: dict) -> None:
        if options["target"] is not None and options["deals"] == 1:
            raise ValueError("a target score needs a match of more than one deal")

    def setup(self, options: dict, seats: int, rng: Rng, now: float) -> State:
        state = State(options, rng.getrandbits(63), now)
        start_deal(state)
        return state

    def seat_count(self, state: State) -> int:
        return 2

    def to_act(self, state: State) -> frozenset[int]:
        if state.result is not None:
            return frozenset()
        if state.draw_offer is not None:
            return frozenset((1 - state.draw_offer,))
        window = state.window
        if window is not None and window.offender == state.turn:
            return frozenset((0, 1))
        return frozenset((state.turn,))

    def legal(self, state: State, seat: int) -> list[dict]:
        return actions.legal(state, seat)

    def play(self, state: State, seat, action: dict, now) -> list:
        events = actions.apply(state, seat, action)
        timer.moved(state, action, now)
        return events

    def deadline(self, state: State) -> float | None:
        """The time per move."""
        return timer.deadline(state)

    def timeout_actions(self, state: State) -> list[tuple[int | None, dict]]:
        """No timeout action of its own: when the time per move runs out, the table's
        autopilot moves for the seat due."""
        return []

    def random_action(self, state: State, seat: int, rng) -> dict:
        """Uniform over the plays: a random player never spreads, offers a draw or resigns."""
        plays = [a for a in actions.legal(state, seat) if a["type"] not in actions.ASIDES]
        return rng.choice(plays)

    def public_view(self, state: State) -> dict:
        return views.public_view(state)

    def seat_view(self, state: State, seat: int) -> dict:
        return views.seat_view(state, seat)

    def secret_view(self, state: State) -> dict:
        return views.secret_view(state)

    def result(self, state: State):
        return state.result

    def clone(self, state: State) -> State:
        return state.clone()
