"""Applying an action in two halves: a check that raises IllegalAction and changes nothing,
then a step that makes the change. Seats send the actions of `ACTIONS` (the moves are in
card_actions and choice_actions); the table (seat None) only times a choice out (CS-69)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import Event, IllegalAction
from .card_actions import (
    check_blind,
    check_end_run,
    check_field_change,
    check_pickup,
    check_play,
    end_run,
    field_change,
    pickup,
    play,
    play_blind,
)
from .choice_actions import (
    check_direction,
    check_keep,
    check_name_seat,
    check_no_swap,
    check_peek,
    check_select,
    check_swap,
    choose_direction,
    keep,
    name_seat,
    peek,
    select_opening,
    stop_swapping,
    swap,
)
from .state import Phase, State
from .timers import choice_deadline, default_action

Check = Callable[[State, Any, dict, float | None], Any]
Step = Callable[[State, Any, Any, list[Event], float | None], None]

ACTIONS: dict[str, tuple[Check, Step]] = {
    "select": (check_select, select_opening),
    "field-change": (check_field_change, field_change),
    "play": (check_play, play),
    "play-blind": (check_blind, play_blind),
    "pickup": (check_pickup, pickup),
    "end-run": (check_end_run, end_run),
    "swap": (check_swap, swap),
    "peek": (check_peek, peek),
    "keep": (check_keep, keep),
    "no-swap": (check_no_swap, stop_swapping),
    "direction": (check_direction, choose_direction),
    "choose": (check_name_seat, name_seat),
}


def check_timeout(state: State, seat: None, action: dict, now: float | None):
    """A timed choice has run out: its default action (`timers.default_action`), checked as
    the seat's own would be. Returns (seat, its action's type, what its check parsed)."""
    limit = choice_deadline(state)
    if limit is None:
        raise IllegalAction("no-timeout", "no timed choice is waiting (CS-69)")
    if now is not None and now < limit:
        raise IllegalAction("too-early", "the choice has not timed out yet")
    late, default = default_action(state)
    kind = default["type"]
    check, _ = ACTIONS[kind]
    return late, kind, check(state, late, default, now)


def timeout(state: State, seat: None, parsed, events: list[Event], now: float | None) -> None:
    late, kind, chosen = parsed
    _, step = ACTIONS[kind]
    step(state, late, chosen, events, now)


TABLE_ACTIONS: dict[str, tuple[Check, Step]] = {"timeout": (check_timeout, timeout)}


def _may_act(state: State, seat: int, kind: str) -> None:
    """Every seat selects at the start (once); then only the player to act moves."""
    if state.phase is Phase.SELECT:
        if kind != "select":
            raise IllegalAction("selecting", "every player first selects face-up and field cards")
        if state.selections[seat] is not None:
            raise IllegalAction("already-selected", "you have already made your selection")
    elif seat != state.current:
        raise IllegalAction("not-your-turn", "another player is to act")


def apply(state: State, seat: int | None, action: dict, now: float | None) -> list[Event]:
    kind = action["type"]
    if seat is None:
        check, step = TABLE_ACTIONS.get(kind, (None, None))
        if check is None or step is None:
            raise IllegalAction("not-a-table-action", "the table only applies timeouts")
    else:
        _may_act(state, seat, kind)
        check, step = ACTIONS.get(kind, (None, None))
        if check is None or step is None:
            raise IllegalAction("unknown-action", f"no action {kind!r} in this game")
    parsed = check(state, seat, action, now)
    if now is not None:
        state.clock = float(now)
    events: list[Event] = []
    step(state, seat, parsed, events, now)
    return events
