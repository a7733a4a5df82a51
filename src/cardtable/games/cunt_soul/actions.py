"""Applying an action: who may act now (the table only for timeouts), then the action's check,
then its step, so an IllegalAction leaves the state exactly as it was."""

from __future__ import annotations

from ...engine import IllegalAction
from .card_actions import CARD_ACTIONS
from .choice_actions import CHOICE_ACTIONS
from .state import SELECT, State
from .timeouts import choice_deadline, default_action

ACTIONS = {**CARD_ACTIONS, **CHOICE_ACTIONS}


def apply_action(state: State, seat: int | None, action: dict, now: float | None) -> list:
    kind = action["type"]
    if seat is None:
        if kind != "timeout":
            raise IllegalAction("not-a-table-action", "the table only applies timeouts")
        limit = choice_deadline(state)
        if limit is None:
            raise IllegalAction("no-timeout", "no timed choice is waiting (CS-69)")
        if now is not None and now < limit:
            raise IllegalAction("too-early", "the choice has not timed out yet")
        seat, action = default_action(state)
        kind = action["type"]
    elif state.phase == SELECT:
        if kind != "select":
            raise IllegalAction("selecting", "every player first selects face-up and field cards")
        if state.selections[seat] is not None:
            raise IllegalAction("already-selected", "you have already made your selection")
    elif seat != state.current:
        raise IllegalAction("not-your-turn", "another player is to act")
    check, step = ACTIONS.get(kind, (None, None))
    if check is None:
        raise IllegalAction("unknown-action", f"no action {kind!r} in this game")
    parsed = check(state, seat, action)
    if now is not None:
        state.clock = float(now)
    events: list = []
    step(state, seat, parsed, events)
    return events
