"""The reaction window (CSH-10, revised; CSH-11): who it waits on, answering it, its deadline,
and the auto-pass preference.

When a card or a reaction is played, one window opens for every player at once, the player of
the card included (CSH-11: he may cancel his own card). Each seat answers it once: a pass, or a
reaction (which opens a fresh window above it, see `stack`). Seats whose answer is known are
answered for them the moment it opens: those with auto-pass on (a public preference) and those
with an empty hand (hand sizes are public, CSH-23). The window closes when nobody is left to
answer, or at its deadline, the time it opened plus the fixed `reactionSeconds`, where the
table's timeout answers the rest as passing.

Nothing here looks at who holds a reaction card: neither the seats a window waits on nor its
length can tell anyone who holds a Cancel or a Negate.
"""

from __future__ import annotations

from ...engine import everyone
from .state import Frame, Phase, State


def open_window(state: State, frame: Frame) -> None:
    """`frame`'s window opens now, for every seat that may still answer it."""
    frame.started = False
    frame.opened = state.clock
    frame.waiting = [
        seat for seat in range(state.seats) if state.hands[seat] and not state.auto_pass[seat]
    ]


def close(frame: Frame) -> None:
    """A reaction was played in `frame`'s window: nobody answers it any more (CSH-10)."""
    frame.waiting = []


def waiting(state: State) -> list[int]:
    """The seats the open window still waits on."""
    return state.stack[-1].waiting


def deadline(state: State) -> float | None:
    """When the open window closes at the latest: a fixed time after it opened, the same
    whoever holds what (CSH-10)."""
    seconds = state.rules["reactionSeconds"]
    return None if seconds is None else state.stack[-1].opened + seconds


def answer(state: State, seat: int) -> None:
    """`seat` passes."""
    state.stack[-1].waiting.remove(seat)
    state.events.append(everyone("passed", seat=seat))


def time_out(state: State) -> None:
    """The deadline passed: every seat still waited on passes."""
    frame = state.stack[-1]
    late, frame.waiting = frame.waiting, []
    state.events.append(everyone("window-timed-out", seats=late))


def set_auto_pass(state: State, seat: int, on: bool) -> None:
    """`seat` turns auto-pass on or off; turned on while a window waits on it, it passes."""
    state.auto_pass[seat] = on
    state.events.append(everyone("auto-pass", seat=seat, on=on))
    if on and state.phase is Phase.WINDOW and seat in waiting(state):
        waiting(state).remove(seat)
        state.since = state.clock  # an answer, like a pass: the next wait starts now


def public(state: State) -> dict | None:
    """The open window as everyone sees it: when it opened and closes, who has answered."""
    if state.phase is not Phase.WINDOW:
        return None
    frame = state.stack[-1]
    return {
        "opened": frame.opened,
        "deadline": deadline(state),
        "answered": [seat for seat in range(state.seats) if seat not in frame.waiting],
    }
