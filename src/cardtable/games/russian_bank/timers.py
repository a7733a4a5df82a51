"""The time per move (`turnSeconds`): when the current wait began and when it runs out.

The wait begins at each action applied (in the game time the table supplies), except for
spreading and squaring discards, which are never a move (RB-16, F4). When the time runs out
the game has no timeout action of its own: the table's autopilot moves for the seats due.
"""

from __future__ import annotations

from .state import Phase, State

#: Actions that do not restart the clock.
NOT_MOVES = frozenset({"spread", "square"})


def moved(state: State, kind: str, now: float | None) -> None:
    """Note that an action of type `kind` was applied at game time `now` (None: unknown)."""
    if now is not None and kind not in NOT_MOVES:
        state.since = float(now)


def deadline(state: State) -> float | None:
    """`turnSeconds` after the wait began, while the match runs and has a time per move."""
    seconds = state.options["turnSeconds"]
    if seconds is None or state.phase is Phase.OVER:
        return None
    return state.since + seconds
