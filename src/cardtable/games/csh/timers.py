"""The deadline of the current wait and what its timeout does (CSH-10; option `turnSeconds`).

A turn, a choice or a draft pick waits `turnSeconds` from when the wait began; a reaction
window closes a fixed `reactionSeconds` after it opened (see `window`). The timeout is the
engine's default table action (`Game.timeout_actions`): {"type": "timeout"} whenever a deadline
is set. In a window everyone not yet answered passes; otherwise the seat due to act makes its
`default_move`, and only that seat counts as late.
"""

from __future__ import annotations

from . import window
from .legal import legal, to_act
from .state import Phase, State


def deadline(state: State) -> float | None:
    if state.phase is Phase.OVER:
        return None
    if state.phase is Phase.WINDOW:
        return window.deadline(state)
    seconds = state.rules["turnSeconds"]
    return None if seconds is None else state.since + seconds


def late_seats(state: State) -> frozenset[int]:
    """CSH-10: letting a reaction window run out is a pass, not a missed deadline."""
    return frozenset() if state.phase is Phase.WINDOW else to_act(state)


def default_move(state: State, seat: int) -> dict:
    """What a timeout does for the one seat due to act: the first directorship left, a Draw
    Action (always legal, CSH-2), or the first option of a choice."""
    if state.phase is Phase.TURN:
        return {"type": "draw"}
    return legal(state, seat)[0]
