"""The decks a table plays with, registered here before its options are resolved or its log
replayed: the library's decks it names are loaded into the deck registry (decks/registry.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...decks import builtin, registry
from ...store import Entry, Store
from ...store import deck_library as library
from ...table.errors import ErrorCode, TableError


def named_decks(options: Any) -> list[str]:
    """The deck ids an options object (as a client or a log gives it) names."""
    if not isinstance(options, dict) or not isinstance(options.get("decks"), list | tuple):
        return []
    return [deck for deck in options["decks"] if isinstance(deck, str)]


async def _register(store: Store, deck_ids: Iterable[str]) -> None:
    missing = sorted({deck for deck in deck_ids if not registry.is_known(deck)})
    if missing:
        for deck in await library.load_decks(store, missing):
            registry.register(deck)


async def prepare_options(store: Store, options: Any) -> None:
    """Before a new table or new settings resolve `options`: every library deck they name is
    offered (stored, not removed) and registered here; `bad-options` names the first that
    is not."""
    named = [deck for deck in named_decks(options) if deck not in builtin.decks()]
    if not named:
        return
    offered = await library.offered(store, named)
    unknown = next((deck for deck in named if deck not in offered), None)
    if unknown is not None:
        raise TableError(ErrorCode.BAD_OPTIONS, f"unknown deck {unknown!r}")
    await _register(store, named)


async def prepare_entries(store: Store, entries: Iterable[Entry]) -> None:
    """Register every deck the options of these log entries name (removed decks too: a table
    that played one must still replay), before they are applied."""
    named = [
        deck
        for entry in entries
        if entry.kind == "lobby" and entry.action.get("type") in ("create", "settings")
        for deck in named_decks(entry.action.get("options"))
    ]
    await _register(store, named)
