"""Parsing and checking an action's fields; each failure is an IllegalAction with a stable
code, raised before anything changes."""

from __future__ import annotations

from ...engine import IllegalAction
from .state import SLOTS, Decision, State


def require(condition: bool, code: str, message: str) -> None:
    if not condition:
        raise IllegalAction(code, message)


def expect(state: State, *decisions: Decision) -> None:
    """The game must be waiting for one of these decisions."""
    if state.decision not in decisions:
        raise IllegalAction("not-now", f"the game is waiting for: {state.decision.value}")


def card_list(action: dict, key: str = "cards") -> list[int]:
    cards = action.get(key)
    if not isinstance(cards, list) or not cards or not all(type(card) is int for card in cards):
        raise IllegalAction("bad-cards", f"{key!r} must be a non-empty list of card ids")
    if len(cards) > 1 and len(set(cards)) != len(cards):
        raise IllegalAction("bad-cards", "a card is named twice")
    return cards


def number(action: dict, key: str) -> int:
    value = action.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalAction("bad-action", f"{key!r} must be a number")
    return value


def slot_of(slots: list, action: dict) -> int:
    slot = number(action, "slot")
    require(0 <= slot < SLOTS and slots[slot] is not None, "empty-slot", "no card in that slot")
    return slot
