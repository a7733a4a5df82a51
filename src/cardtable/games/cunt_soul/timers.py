"""Timers on the choices that belong to a player, and what a timeout chooses (CS-69); the
time per move (`turnSeconds`) on every other wait.

The 7 and 7-field directions default to "higher"; the J and J-field to the default next
player; the 5's swaps to declining (a card already looked at is kept); a face-down card to a
random slot, drawn from the game's own generator (a run that may end simply ends). Playing
from the hand or face-up cards (and the opening selection) has no default in CS-69: its wait
runs out after `turnSeconds` with no timeout action of the game's own, and the table's
autopilot then moves for the seats it waits on. Where a choice is timed, its timer wins.
"""

from __future__ import annotations

from .ranks import HIGHER
from .runs import may_end
from .state import SLOTS, Decision, Phase, State
from .turn_queue import default_next
from .zones import FACE_DOWN, accessible_zone

#: Game seconds a player has for a timed choice.
CHOICE_SECONDS = 30.0


def timed(state: State) -> bool:
    if state.phase != Phase.PLAY:
        return False
    if state.decision in (Decision.TURN, Decision.RUN):
        return accessible_zone(state, state.current) == FACE_DOWN
    return True


def choice_deadline(state: State) -> float | None:
    """When the timed choice of the player to act runs out (CS-69), or None."""
    return state.since + CHOICE_SECONDS if timed(state) else None


def deadline(state: State) -> float | None:
    """When the current wait runs out: the timed choice's deadline, else `turnSeconds` after
    the wait began (None when there is no limit or nothing to wait for)."""
    limit = choice_deadline(state)
    if limit is not None or state.phase == Phase.OVER:
        return limit
    seconds = state.options["turnSeconds"]
    return None if seconds is None else state.since + seconds


def timeout_actions(state: State) -> list[tuple[int | None, dict]]:
    """The table's timeout when a timed choice runs out; [] otherwise: when the time per move
    runs out, the table's autopilot plays for the seat."""
    return [] if choice_deadline(state) is None else [(None, {"type": "timeout"})]


def default_action(state: State) -> tuple[int, dict]:
    """The (seat, action) a timeout applies for the player who is to act."""
    seat, decision = state.current, state.decision
    if decision in (Decision.SEVEN, Decision.FIELD_SEVEN):
        return seat, {"type": "direction", "direction": HIGHER}
    if decision in (Decision.JACK, Decision.FIELD_JACK):
        return seat, {"type": "choose", "seat": default_next(state, seat)}
    if decision == Decision.SWAP:
        return seat, {"type": "keep" if state.peeked is not None else "no-swap"}
    if decision == Decision.RUN and may_end(state.current_run(), state.fields.reverse):
        return seat, {"type": "end-run"}
    slots = [slot for slot in range(SLOTS) if state.face_down[seat][slot] is not None]
    return seat, {"type": "play-blind", "slot": state.rng.choice(slots)}
