"""Applying an action in two halves: a check that raises IllegalAction and changes nothing
(it returns what it parsed), then a step that makes the change and appends events.

Seats play the round (round_actions.py) and the house rules' free actions (house.py); the
table (seat None) times the clocks out (timers.py) and takes joins, leaves, away seats, the
host's end and retired cards (table.py). An action moves the game clock on to its time (the
clock never goes back); once it reaches the time limit (K5), the game ends after the action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import Event, IllegalAction
from . import house, round_actions, table, timers
from .standings import end_game
from .state import Reason, State

Check = Callable[[State, Any, dict, float], Any]
Step = Callable[[State, Any, Any, list[Event], float], None]

ACTIONS: dict[str, tuple[Check, Step]] = {
    "submit": (round_actions.check_submit, round_actions.submit),
    "bet": (round_actions.check_bet, round_actions.bet),
    "reveal-next": (round_actions.check_reveal, round_actions.reveal_next),
    "pick": (round_actions.check_pick, round_actions.judge),
    "rank": (round_actions.check_rank, round_actions.judge),
    "vote": (round_actions.check_vote, round_actions.vote),
    "eliminate": (round_actions.check_eliminate, round_actions.eliminate_answer),
    "discard": (house.check_discard, house.discard),
    "reboot": (house.check_reboot, house.reboot),
    "never-have-i-ever": (house.check_never_have_i_ever, house.never_have_i_ever),
    "confess": (house.check_confess, house.confess),
    "end-game": (table.check_end_game, table.end_game_by_host),
    "join-seat": (table.check_join, table.join_seat),
    "leave-seat": (table.check_leave, table.leave_seat),
    "skip-seat": (table.check_skip, table.skip_seat),
    "timeout": (timers.check_timeout, timers.timeout),
    "retire-cards": (table.check_retire, table.retire_cards),
}

#: The actions of the table itself (seat None); the others are a seat's.
TABLE_ACTIONS = frozenset(
    {"end-game", "join-seat", "leave-seat", "skip-seat", "timeout", "retire-cards"}
)


def _check_actor(state: State, seat: int | None, kind: str) -> None:
    if seat is None:
        if kind not in TABLE_ACTIONS:
            raise IllegalAction(
                "needs-seat" if kind in ACTIONS else "unknown-action", f"the table cannot {kind!r}"
            )
        return
    if kind in TABLE_ACTIONS or kind not in ACTIONS:
        raise IllegalAction(
            "table-only" if kind in TABLE_ACTIONS else "unknown-action",
            f"no action {kind!r} for a seat",
        )
    if not state.active[seat]:
        raise IllegalAction("left-game", "this seat has left the game")


def apply(state: State, seat: int | None, action: dict, now: float | None) -> list[Event]:
    kind = action["type"]
    _check_actor(state, seat, kind)
    check, step = ACTIONS[kind]
    at = state.clock if now is None or now <= state.clock else now
    parsed = check(state, seat, action, at)
    state.clock = at
    events: list[Event] = []
    step(state, seat, parsed, events, at)
    if state.end_time is not None and state.result is None and state.clock >= state.end_time:
        end_game(state, Reason.TIME_LIMIT, events)
    return events
