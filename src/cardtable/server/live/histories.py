"""The public history of each table a server process holds (table/history.py), read page
by page over HTTP.

`TableHistory` builds a table's `PublicHistory` on its first read and extends it from the log
on each later one, in a thread, one build at a time, so a long history never holds up the
event loop (and with it every other table). A page is encoded as JSON in that thread too (a
page of 1,000 steps is a megabyte), and the last few pages read are kept encoded until the
history grows: a page read again is sent as it is.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable

import orjson

from ...engine import Decks
from ...store import Entry
from ...table.history import PAGE_STEPS, PublicHistory

#: Encoded pages kept per table: a reader going through the pages, and a few others.
KEPT_PAGES = 4


class TableHistory:
    """The public history of one table, built on first read and extended from the log
    (`read_log(after)`: the entries stored after seq `after`, with the `decks` they name
    read) on each later one."""

    def __init__(self, code: str, read_log: Callable[[int], Awaitable[list[Entry]]], decks: Decks):
        self.code = code
        self._read_log = read_log
        self._decks = decks
        self._built: PublicHistory | None = None
        self._lock = asyncio.Lock()
        #: The pages last encoded since the history last grew, by (after, limit), the one
        #: read last at the end.
        self._pages: OrderedDict[tuple[int, int], bytes] = OrderedDict()
        #: Pages encoded: a page read again before the history grows is not encoded again.
        self.pages_encoded = 0

    async def page(self, after: int = 0, limit: int = PAGE_STEPS) -> bytes | None:
        """A page of the history up to the last step stored (`PublicHistory.page`), encoded
        as JSON; None for a table with no log."""
        async with self._lock:
            entries = await self._unread()
            if self._built is None:
                return None
            kept = None if entries else self._pages.get((after, limit))
            if kept is not None:
                self._pages.move_to_end((after, limit))
                return kept
            return await asyncio.to_thread(self._encode_page, entries, after, limit)

    async def get(self) -> PublicHistory | None:
        """The whole history up to the last step stored; None for a table with no log. Later
        reads only add steps to it."""
        async with self._lock:
            entries = await self._unread()
            if entries:
                await asyncio.to_thread(self._extend, entries)
            return self._built

    async def _unread(self) -> list[Entry]:
        """The entries of the log not replayed yet (the history starts from the first)."""
        after = 0 if self._built is None else self._built.seq
        entries = await self._read_log(after)
        if self._built is None and entries:
            self._built = PublicHistory(self.code, entries[0], self._decks)
        return entries

    def _extend(self, entries: list[Entry]) -> None:
        """Replay `entries` (in a thread): the pages kept are out of date."""
        assert self._built is not None
        self._built.extend(entries)
        self._pages.clear()

    def _encode_page(self, entries: list[Entry], after: int, limit: int) -> bytes:
        """Replay `entries`, then encode the page and keep it (in a thread)."""
        assert self._built is not None
        if entries:
            self._extend(entries)
        page = self._pages[after, limit] = orjson.dumps(self._built.page(after, limit))
        self.pages_encoded += 1
        if len(self._pages) > KEPT_PAGES:
            self._pages.popitem(last=False)
        return page
