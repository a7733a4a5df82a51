"""A table's history from the public view: every step's public events and public document.

The history never shows an action itself (a CAH submission would give away its author), only
what everyone saw: the table, the game's public view, and the events meant for everyone.

A table's public history only grows, so it is built once: `PublicHistory` replays the log on
a copy of its own and keeps the steps it made, and each later read only replays the entries
stored since. `TableHistory` holds one per table and does that work in a thread, one build
at a time, so a long history never holds up the event loop (and with it every other table).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import orjson

from ..store import Entry
from .patch import diff
from .table import TableState

#: Steps a page of history holds when the reader does not say, and at most.
PAGE_STEPS = 500
MAX_PAGE_STEPS = 1000


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

    async def page(self, after: int = 0, limit: int = PAGE_STEPS) -> dict | None:
        """A page of the history up to the last step stored (`PublicHistory.page`); None for
        a table with no log."""
        async with self._lock:
            built = await self._extended()
            return None if built is None else built.page(after, limit)

    async def get(self) -> PublicHistory | None:
        """The whole history up to the last step stored; None for a table with no log. Later
        reads only add steps to it."""
        async with self._lock:
            return await self._extended()

    async def _extended(self) -> PublicHistory | None:
        after = 0 if self._built is None else self._built.seq
        entries = await self._read_log(after)
        if self._built is None:
            if not entries:
                return None
            self._built = PublicHistory(self.code, entries[0])
        if entries:
            await asyncio.to_thread(self._built.extend, entries)
        return self._built
