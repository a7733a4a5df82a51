"""A table's history from the public view: every step's public events and public document.

The history never shows an action itself (a CAH submission would give away its author), only
what everyone saw: the table, the game's public view, and the events meant for everyone.

A table's public history only grows, so it is built once: `PublicHistory` replays the log on
a copy of its own and keeps the steps it made, and each later read only replays the entries
stored since. `TableHistory` holds one per table and does that work in a thread, one build
at a time, so a long history never holds up the event loop (and with it every other table).
A page is encoded as JSON in that thread too (a page of 1,000 steps is a megabyte), and the
last few pages read are kept encoded until the history grows: a page read again is sent as
it is.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable

import orjson

from ..store import Entry
from .patch import diff
from .table import TableState

#: Steps a page of history holds when the reader does not say, and at most.
PAGE_STEPS = 500
MAX_PAGE_STEPS = 1000
#: Encoded pages kept per table: a reader going through the pages, and a few others.
KEPT_PAGES = 4


def _public(state: TableState) -> dict:
    game = None if state.game_state is None else state.game.view(state.game_state, None)
    return orjson.loads(orjson.dumps({"table": state.document(set()), "game": game}))


class PublicHistory:
    """The first public document, then one step per log entry with a patch to the previous.
    Not thread-safe: one `extend` at a time (`TableHistory` sees to it)."""

    def __init__(self, code: str, first: Entry):
        self._state = TableState.create(code, first)
        self.code = code
        self.start = _public(self._state)
        self._document = self.start
        self.steps: list[dict] = []

    @property
    def seq(self) -> int:
        """The last step replayed."""
        return self._state.seq

    def extend(self, entries: list[Entry]) -> None:
        """Replay the entries after the last one replayed (others are skipped)."""
        state = self._state
        for entry in entries:
            if entry.seq <= state.seq:
                continue
            events = state.apply(entry)
            after = _public(state)
            self.steps.append(
                {
                    "seq": entry.seq,
                    "kind": entry.kind,
                    "seat": entry.seat,
                    "wall_time": entry.wall_time,
                    "events": [e.to_json() for e in events if e.is_for(None)],
                    "patch": diff(self._document, after),
                }
            )
            self._document = after

    def page(self, after: int = 0, limit: int = PAGE_STEPS) -> dict:
        """The steps after seq `after`, at most `limit` of them; `next` is the `after` of the
        next page, or None when these are the last steps stored."""
        first = max(after - 1, 0)  # steps[i] is seq i + 2 (seq 1 is `start`)
        steps = self.steps[first : first + limit]
        more = first + limit < len(self.steps)
        state = self._state
        return {
            "code": self.code,
            "game": state.game_id,
            "status": state.status,
            "results": list(state.results),
            "start": self.start,
            "steps": steps,
            "next": steps[-1]["seq"] if more else None,
        }


class TableHistory:
    """The public history of one table, built on first read and extended from the log
    (`read_log(after)`: the entries stored after seq `after`) on each later one."""

    def __init__(self, code: str, read_log: Callable[[int], Awaitable[list[Entry]]]):
        self.code = code
        self._read_log = read_log
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
            self._built = PublicHistory(self.code, entries[0])
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
