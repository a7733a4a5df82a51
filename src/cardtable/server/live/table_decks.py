"""The decks the tables of one server process deal from (`TableDecks`): our built-in decks, and
the library's decks read from the store by the ids their logs name, handed to each table as it
is created or replayed (`TableState.decks`), so games never look decks up anywhere else.

A table's log names library decks by id only. A library id is the address of its deck's cards
(decks/content.py; decks stored before ids were addresses keep their ids), a stored deck never
changes, and a removed deck stays stored: so a log replays from its ids alone, in any process,
and a deck read once serves every table of the process.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ...decks import Deck, builtin
from ...store import Entry, Store
from ...store import deck_library as library
from ...table.errors import ErrorCode, TableError


def named_decks(options: Any) -> list[str]:
    """The deck ids an options object (as a client or a log gives it) names."""
    if not isinstance(options, dict) or not isinstance(options.get("decks"), list | tuple):
        return []
    return [deck for deck in options["decks"] if isinstance(deck, str)]


class TableDecks(Mapping[str, Deck]):
    """Built-in decks and the library decks read so far, by id (a mapping games deal from)."""

    def __init__(self, store: Store):
        self.store = store
        self._read: dict[str, Deck] = {}

    def __getitem__(self, deck_id: str) -> Deck:
        deck = builtin.decks().get(deck_id) or self._read.get(deck_id)
        if deck is None:
            raise KeyError(deck_id)
        return deck

    def __contains__(self, deck_id: object) -> bool:
        return deck_id in builtin.decks() or deck_id in self._read

    def __iter__(self) -> Iterator[str]:
        return iter({**builtin.decks(), **self._read})

    def __len__(self) -> int:
        return len(builtin.decks()) + len(self._read)

    async def offer(self, options: Any) -> None:
        """Before a new table or new settings resolve `options`: every library deck they name
        must be offered (stored, not removed), and is read; `bad-options` names the first that
        is not."""
        named = [deck for deck in named_decks(options) if deck not in builtin.decks()]
        if not named:
            return
        offered = await library.offered(self.store, named)
        unknown = next((deck for deck in named if deck not in offered), None)
        if unknown is not None:
            raise TableError(ErrorCode.BAD_OPTIONS, f"unknown deck {unknown!r}")
        await self._read_ids(named)

    async def read(self, entries: Iterable[Entry]) -> None:
        """Read every deck the options of these log entries name (removed decks too: a table
        that played one must still replay), before they are applied."""
        named = [
            deck
            for entry in entries
            if entry.kind == "lobby" and entry.action.get("type") in ("create", "settings")
            for deck in named_decks(entry.action.get("options"))
        ]
        await self._read_ids(named)

    async def _read_ids(self, deck_ids: Iterable[str]) -> None:
        missing = sorted({deck for deck in deck_ids if deck not in self})
        if missing:
            for deck in await library.load_decks(self.store, missing):
                self._read[deck.id] = deck
