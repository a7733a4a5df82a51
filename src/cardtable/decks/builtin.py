"""Our own decks, shipped as `cardtable-deck` JSON files in `builtin/`, loaded once."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from .model import Deck
from .native import read_native


@cache
def decks() -> dict[str, Deck]:
    """Every built-in deck by id."""
    found = {}
    for entry in sorted(resources.files(__package__).joinpath("builtin").iterdir(), key=str):
        if entry.name.endswith(".json"):
            deck = read_native(json.loads(entry.read_text(encoding="utf-8")))
            found[deck.id] = deck
    return found


def ids() -> tuple[str, ...]:
    return tuple(decks())


def get(deck_id: str) -> Deck:
    """The built-in deck `deck_id`; KeyError names the known ones."""
    try:
        return decks()[deck_id]
    except KeyError:
        raise KeyError(f"unknown deck {deck_id!r}; decks: {', '.join(ids())}") from None
