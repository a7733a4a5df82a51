"""The decks this process can deal from, by id: our built-in decks and library decks.

Pure and process-wide: the server registers a deck from its library before any table that
names it resolves its options, so the card pools of games never touch the database. A deck's
cards never change once stored, so a deck registered once stays valid for the process's life.
"""

from __future__ import annotations

from . import builtin
from .model import Deck

_registered: dict[str, Deck] = {}


def register(deck: Deck) -> None:
    """Make `deck` available under its id (a built-in id cannot be taken)."""
    if deck.id in builtin.decks():
        raise ValueError(f"deck id {deck.id!r} is a built-in deck")
    _registered[deck.id] = deck


def is_known(deck_id: str) -> bool:
    return deck_id in builtin.decks() or deck_id in _registered


def get(deck_id: str) -> Deck:
    """The deck `deck_id`; KeyError names it when this process does not know it."""
    deck = builtin.decks().get(deck_id) or _registered.get(deck_id)
    if deck is None:
        raise KeyError(f"unknown deck {deck_id!r}")
    return deck


def in_play(deck_ids, packs=()) -> list[dict]:
    """The decks a table plays with, as its document shows them: id, name, card counts, and
    `packs`: the names of its packs that the table's pack filter `packs` keeps (in the deck's
    order; [] when it keeps none of them), or None when there is no filter (every pack)."""
    chosen = frozenset(packs)
    decks = [get(deck_id) for deck_id in deck_ids if is_known(deck_id)]
    return [
        {
            "id": deck.id,
            "name": deck.name,
            "calls": len(deck.calls),
            "responses": len(deck.responses),
            "packs": [name for name in deck.packs if name in chosen] if chosen else None,
        }
        for deck in decks
    ]
