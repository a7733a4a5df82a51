"""The tables one server process holds: loading them from their log, holding them, and letting
them go.

A table is loaded on first use by replaying its log; tables with a game running are loaded
at start so their timers and bots carry on after a restart. Tables leave memory once idle
(live/lifetime.py) and come back from the log on their next use. A game is abandoned (ended by
the server, without a result) once no person has been connected to it and no step stored for
`abandon_after`: found so when it is loaded, it is ended before anyone sees it; one evicted
while in play is loaded again when that time comes. Start-up resumes only the games younger
than that; older ones are ended when next loaded, never replayed at start.
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial

from ...store import Entry
from ...table import reducer
from ...table.errors import ErrorCode, TableError
from ...table.state import TableState
from ..clock import Handle
from ..tokens import normalise_code
from .context import TableContext
from .finished import finished_game
from .histories import TableHistory
from .relay import log_failure
from .table import LiveTable

log = logging.getLogger(__name__)


class Registry:
    def __init__(self, context: TableContext):
        self.context = context
        self.settings = context.settings
        self.store = context.store
        #: The tables held here, by code.
        self.held: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Task] = {}
        #: Games in play evicted from memory: the wake-up that loads each again when it would
        #: be abandoned.
        self._closing: dict[str, Handle] = {}
        #: The public history of each table held here, built on its first read.
        self.histories: dict[str, TableHistory] = {}

    async def get(self, code: str) -> LiveTable | None:
        """The live table `code` (any spelling a person may type), or None."""
        canonical = normalise_code(code)
        if canonical is None:
            return None
        if not self.settings.owns(canonical):
            raise TableError(
                ErrorCode.MISDIRECTED,
                "another worker serves this table: ask again on a new connection",
                421,
            )
        live = self.held.get(canonical)
        if live is not None:
            live.touch()
            return live
        loading = self._loading.get(canonical)
        if loading is None:
            loading = self._loading[canonical] = asyncio.create_task(self._load(canonical))
            loading.add_done_callback(lambda _: self._loading.pop(canonical, None))
        return await asyncio.shield(loading)

    def is_held(self, code: str) -> bool:
        """Whether the table `code` is in this process's memory now (asking loads nothing)."""
        return normalise_code(code) in self.held

    async def read(self, code: str, token: str | None = None) -> TableState | None:
        """The table `code` as it stands, to read only (None if there is none): the live one
        where this process serves it, else as its log holds it (a worker asked about another
        worker's table). With a member token's hash `token`, also None when the log never
        gave that token to anyone, found before anything is replayed."""
        canonical = normalise_code(code)
        if canonical is None:
            return None
        if self.settings.owns(canonical):
            live = await self.get(canonical)
            return None if live is None else live.state
        return await self._replayed(canonical, token)

    async def _replayed(self, code: str, token: str | None = None) -> TableState | None:
        """The table as its log holds it; None when there is no log, or (`token`) when that
        token hash was never given to anyone there."""
        entries = await self.store.entries(code)
        if not entries or (token is not None and not _token_given(entries, token)):
            return None
        decks = self.context.decks
        await decks.read(entries)
        return await asyncio.to_thread(reducer.replay, code, entries, decks)

    def history(self, code: str) -> TableHistory:
        """The public history of table `code` (canonical): kept and extended while the table
        is held here, else built for this one read."""
        held = self.histories.get(code)
        if held is None:
            held = TableHistory(code, partial(self._log_after, code), self.context.decks)
            if code in self.held:
                self.histories[code] = held
        return held

    async def _log_after(self, code: str, after: int) -> list[Entry]:
        entries = await self.store.entries(code, after)
        await self.context.decks.read(entries)
        return entries

    async def _load(self, code: str) -> LiveTable | None:
        state = await self._replayed(code)
        if state is None:
            return None
        finished = finished_game(state) if state.status == "ended" else None
        if finished is not None:  # a table ended by a version that wrote results later
            await self.store.record_results(finished)
        live = self.hold(state)
        if state.status == "playing" and state.last_wall <= self.abandoned_before():
            try:  # on failure it stays in play, to be ended when next loaded
                await live.abandon()
            except TableError as error:  # the database does not answer
                log.warning("table %s: the abandoned game was not ended (%s)", code, error)
            except Exception:
                log.exception("table %s: ending the abandoned game failed", code)
        live.start()
        return live

    def hold(self, state: TableState) -> LiveTable:
        """Hold the table here (`LiveTable.start` arms it)."""
        closing = self._closing.pop(state.code, None)
        if closing is not None:
            closing.cancel()
        live = self.held[state.code] = LiveTable(
            self.context, state, evict=lambda: self.evict(live), forget=lambda: self.forget(live)
        )
        self.context.relay.subscribe(state.code, live)
        return live

    def abandoned_before(self) -> float:
        """A game whose last step is older than this (wall time) has been abandoned; a public
        lobby that old is no longer listed."""
        return self.settings.clock.time() - self.settings.abandon_after

    def forget(self, live: LiveTable) -> None:
        """Drop a table from memory (its next use reloads it from the log)."""
        if self.held.get(live.code) is live:
            del self.held[live.code]
            self.histories.pop(live.code, None)
            self.context.relay.unsubscribe(live.code)
        live.close()

    def evict(self, live: LiveTable) -> None:
        """An idle table leaves memory. A game in play there (resting) is loaded again when
        it would be abandoned, `abandon_after` after its last step, and ended then."""
        self.forget(live)
        if live.state.status == "playing":
            clock = self.settings.clock
            delay = live.state.last_wall + self.settings.abandon_after - clock.time()
            self._closing[live.code] = clock.call_later(max(0.0, delay), self._close, live.code)

    def _close(self, code: str) -> None:
        """Load an evicted game whose time is up: the load ends it if nothing happened."""
        self._closing.pop(code, None)
        task = asyncio.get_running_loop().create_task(self.get(code))
        task.add_done_callback(log_failure)

    async def resume(self) -> int:
        """Load every table this process serves with a game running that has had a step
        within `abandon_after` (older ones are ended when next loaded); returns how many."""
        playing = await self.store.active_tables("playing", self.abandoned_before())
        codes = [code for code in playing if self.settings.owns(code)]
        for code in codes:
            try:
                await self.get(code)
            except Exception:
                log.exception("table %s could not be resumed", code)
        return len(codes)

    def close(self) -> None:
        """Let every table go, and disarm the wake-ups of those evicted in play."""
        for closing in self._closing.values():
            closing.cancel()
        self._closing.clear()
        for live in list(self.held.values()):
            self.forget(live)


def _token_given(entries: list[Entry], token: str) -> bool:
    """Whether the log gave the token hash `token` to someone (the host, or a join)."""
    for entry in entries:
        action = entry.action
        if entry.kind == "lobby" and action.get("type") in ("create", "join"):
            given = action["host"]["token"] if action["type"] == "create" else action["token"]
            if given == token:
                return True
    return False
