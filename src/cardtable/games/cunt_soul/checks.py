"""Parsing and checking an action's fields; each failure is an IllegalAction with a stable
code, raised before anything changes."""

from __future__ import annotations

from ...engine import IllegalAction
from .state import SLOTS, State


def require(condition: bool, code: str, message: str) -> None:
    if not condition:
        raise IllegalAction(code, message)


def expect(state: State, *decisions: str) -> None:
    """The game must be waiting for one of these decisions."""
    require(state.decision in decisions, "not-now", f"the game is waiting for: {state.decision}")


def card_list(action: dict, key: str = "cards") -> list[int]:
    cards = action.get(key)
    require(
        isinstance(cards, list) and bool(cards) and all(type(c) is int for c in cards),
        "bad-cards",
        f"{key!r} must be a non-empty list of card ids",
    )
    require(len(set(cards)) == len(cards), "bad-cards", "a card is named twice")
    return cards


def number(action: dict, key: str) -> int:
    value = action.get(key)
    require(
        isinstance(value, int) and not isinstance(value, bool),
        "bad-action",
        f"{key!r} must be a number",
    )
    return value


def slot_of(slots: list, action: dict) -> int:
    slot = number(action, "slot")
    require(0 <= slot < SLOTS and slots[slot] is not None, "empty-slot", "no card in that slot")
    return slot
