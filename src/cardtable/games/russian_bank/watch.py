"""Detecting a drawn deal (RB-20, F9), and the no-progress limit that guarantees an end.

Progress is a card reaching the centre, or the combined count of both players' cards falling
below its lowest point so far in the deal. RB-20's draw: both players have completed 3 passes
(RB-21's last compulsion is in force for both) and each has since completed one further pass
in which nothing progressed.

Our ruling where the rules are silent: turns ended by a stop complete no pass, so two players
who keep stopping each other would never meet RB-20; a deal in which `STALE_TURNS` turns in a
row end without progress is drawn as well. RB-20 is always met long before that in real play.
"""

from __future__ import annotations

from .state import State

ANY_CARD_PASSES = 3  # RB-21: after the third pass any exposed card must be played
STALE_TURNS = 1000


def armed(state: State) -> bool:
    return min(state.passes) >= ANY_CARD_PASSES


def reset(state: State) -> None:
    """A new deal: nothing watched yet."""
    state.low = state.combined()
    state.clean = [False, False]
    state.done = [False, False]
    state.stale = 0


def progressed(state: State) -> None:
    state.stale = 0
    state.clean = [False, False]
    state.done = [False, False]


def after_move(state: State, to_centre: bool) -> None:
    """Note the progress a move made."""
    count = state.combined()
    if count < state.low:
        state.low = count
        progressed(state)
    elif to_centre:
        progressed(state)


def pass_completed(state: State, seat: int) -> bool:
    """Count a completed pass (RB-11); True when the deal is now drawn (RB-20)."""
    state.passes[seat] += 1
    if state.clean[seat]:
        state.done[seat] = True
    state.clean[seat] = armed(state)
    return all(state.done)


def turn_ended(state: State) -> bool:
    """Count a turn; True when the no-progress limit draws the deal."""
    state.stale += 1
    return state.stale >= STALE_TURNS
