"""Applying an action in two halves: a check that raises IllegalAction and changes nothing,
then a step that makes the change. Seats play cards; the table (seat None) times a round
out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import IllegalAction, everyone, only
from .legal import to_act
from .rounds import score_round
from .state import State
from .timers import deadline, lowest_cards


def check_play(state: State, seat: int | None, action: dict, now: float | None) -> int:
    if seat not in to_act(state):
        raise IllegalAction("not-your-turn", "you have no card to play now")
    card = action.get("card")
    if type(card) is not int or card not in state.hands[seat]:
        raise IllegalAction("not-in-hand", "play a card from your hand")
    return card


def play(state: State, seat: int, card: int, events: list, now: float | None) -> None:
    state.hands[seat].remove(card)
    state.chosen[seat] = card
    events.append(everyone("card-down", seat=seat))
    events.append(only([seat], "you-played", card=state.cards[card].to_json()))
    if None not in state.chosen:
        score_round(state, events, now)


def check_timeout(state: State, seat: int | None, action: dict, now: float | None) -> None:
    limit = deadline(state)
    if seat is not None:
        raise IllegalAction("table-only", "only the table times a round out")
    if limit is None:
        raise IllegalAction("no-timeout", "this round has no time limit")
    if now is not None and now < limit:
        raise IllegalAction("too-early", "the round has time left")


def timeout(state: State, seat: None, parsed: None, events: list, now: float | None) -> None:
    for late, card in lowest_cards(state):
        play(state, late, card, events, now)


#: An action's check (raises IllegalAction, changes nothing; returns the parsed action) and step.
Check = Callable[[State, Any, dict, float | None], Any]
Step = Callable[[State, Any, Any, list, float | None], None]

ACTIONS: dict[str, tuple[Check, Step]] = {
    "play": (check_play, play),
    "timeout": (check_timeout, timeout),
}


def apply(state: State, seat: int | None, action: dict, now: float | None) -> list:
    entry = ACTIONS.get(action["type"])
    if entry is None:
        raise IllegalAction("unknown-action", f"no action {action['type']!r} in this game")
    check, step = entry
    parsed = check(state, seat, action, now)
    events: list = []
    step(state, seat, parsed, events, now)
    return events
