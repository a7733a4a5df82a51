"""The system of record: creates tables, appends their log entries durably, reads them back.

Appends that arrive together are written in one transaction (one fsync for many actions);
each caller still learns on its own whether its step was stored or taken by another writer.
Steps of one table are stored in the order they were submitted, and a step that fails takes
every later step of its table still waiting down with it (they were built on it).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import orjson
from sqlalchemy import Connection, Executable, Row, event, func, select
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from .entries import Entry
from .finished import FinishedGame
from .migrate import migrate
from .readers import SqliteReader, sqlite_pragmas
from .schema import log, tables
from .writers import LOG_COLUMNS, DuplicateStep, PostgresWriter, SqliteWriter

logger = logging.getLogger(__name__)

T = TypeVar("T")


#: Steps queued that are written at once, not at the writer's next turn of the event loop,
#: where the database takes a write on the loop (see `flush_if_full`).
FLUSH_AT = 32


class Conflict(Exception):
    """The step is already in the log: another writer stored it first."""


def database_url(url: str) -> str:
    """The SQLAlchemy async URL for a `postgresql://` or `sqlite:///` URL."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+asyncpg://" + url[len(prefix) :]
    if url.startswith("sqlite:///"):
        return "sqlite+aiosqlite:///" + url[len("sqlite:///") :]
    if url.startswith(("postgresql+asyncpg://", "sqlite+aiosqlite:///")):
        return url
    raise ValueError(f"unsupported database URL {url!r}: use postgresql://... or sqlite:///...")


def _row(code: str, entry: Entry) -> dict[str, Any]:
    return dict(zip(LOG_COLUMNS, _values(code, entry), strict=True))


def _values(code: str, entry: Entry) -> tuple:
    action = orjson.dumps(entry.action).decode()
    return (code, entry.seq, entry.kind, entry.seat, action, entry.game_time, entry.wall_time)


@dataclass(slots=True)
class _Append:
    code: str
    entries: list[Entry]
    summary: dict[str, Any] | None
    done: asyncio.Future
    then: Callable[[], None] | None
    finished: FinishedGame | None


class Store:
    """Tables and their logs in one database. Open with `await Store.open(url)`."""

    def __init__(
        self,
        engine: AsyncEngine,
        writer: SqliteWriter | PostgresWriter,
        reader: SqliteReader | None = None,
    ):
        self.engine = engine
        self._writer_db = writer
        self._reader = reader
        self._pending: list[_Append] = []
        self._writer: asyncio.Task | None = None

    @classmethod
    async def open(cls, url: str, sqlite_fsync: bool = False) -> Store:
        """Connect to `url` (see `database_url`) and create or migrate the schema.

        SQLite runs in WAL mode. By default a commit is durable once written to the WAL
        (synchronous=NORMAL): it survives the server being killed, not the machine losing
        power. `sqlite_fsync` makes every commit wait for the disk (synchronous=FULL).
        """
        engine = create_async_engine(database_url(url))
        if engine.dialect.name == "sqlite":
            event.listen(engine.sync_engine, "connect", sqlite_pragmas)
        await migrate(engine)
        if engine.dialect.name == "sqlite":
            path = engine.url.database
            return cls(engine, SqliteWriter(path, sqlite_fsync), SqliteReader(path))
        return cls(engine, PostgresWriter(engine))

    async def close(self) -> None:
        if self._writer is not None:
            await asyncio.shield(self._writer)
        await self._writer_db.close()
        if self._reader is not None:
            self._reader.close()
        await self.engine.dispose()

    # -- writing ------------------------------------------------------------------------------

    async def create_table(self, summary: dict[str, Any], first: Entry) -> bool:
        """Insert a table with its first log entry; False when its code is already taken."""
        now = time.time()
        row = {**summary, "created_at": now, "updated_at": now}
        return await self._writer_db.create(row, _values(summary["code"], first))

    async def append(
        self, code: str, entries: list[Entry], summary: dict[str, Any] | None = None
    ) -> None:
        """Store `entries` (consecutive steps of table `code`) and optionally update its summary
        columns, atomically. Returns once durable; raises Conflict if a step was taken."""
        await self.submit(code, entries, summary)

    def submit(
        self,
        code: str,
        entries: list[Entry],
        summary: dict[str, Any] | None = None,
        then: Callable[[], None] | None = None,
        finished: FinishedGame | None = None,
    ) -> asyncio.Future:
        """Queue an `append`; the future settles once the entries are durable (or failed).
        `then` runs as soon as it settles, in the same turn of the event loop as the commit
        (a future's callbacks would wait for the next turn, which under load is milliseconds
        later). `finished`: the game these entries end, recorded with them."""
        done = asyncio.get_running_loop().create_future()
        self._pending.append(_Append(code, entries, summary, done, then, finished))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_pending())
        return done

    def flush_if_full(self) -> None:
        """Write the queued steps now if FLUSH_AT of them wait and the database can take them
        on the event loop (SQLite, not busy). Under load a turn of the loop applies hundreds of
        steps; written only at the next turn, every one of them would wait for all the others.
        A write that fails here is left to the writer task, which sorts out taken steps and
        errors. The caller must be ready for the steps' `then` callbacks."""
        if len(self._pending) < FLUSH_AT or not self._writer_db.writes_now():
            return
        batch = [item for item in self._pending if not item.done.done()]
        try:
            rows, summaries, games = self._rows(batch)
            self._writer_db.write_now(rows, summaries, time.time(), games)
        except Exception:
            return
        self._pending = []
        _settle(batch, None)

    async def _write_pending(self) -> None:
        while self._pending:
            batch = [item for item in self._pending if not item.done.done()]
            self._pending = []
            if not batch:
                continue
            try:
                await self._write(batch)
            except DuplicateStep:
                for item in batch:
                    if not item.done.done():
                        await self._write_alone(item, batch)
            except Exception as error:  # the database is down: every caller hears it
                for item in batch:
                    self._fail(item, error, batch)
            else:
                _settle(batch, None)

    async def _write_alone(self, item: _Append, batch: list[_Append]) -> None:
        try:
            await self._write([item])
        except DuplicateStep:
            taken = Conflict(f"table {item.code}: step {item.entries[0].seq} taken")
            self._fail(item, taken, batch)
        except Exception as error:
            self._fail(item, error, batch)
        else:
            _settle([item], None)

    def _fail(self, item: _Append, error: BaseException, batch: list[_Append]) -> None:
        """Refuse `item`, and every later step of its table in `batch` or still queued."""
        _settle([item], error)
        later = [other for other in (*batch, *self._pending) if other.code == item.code]
        _settle(later, Conflict(f"table {item.code}: an earlier step failed"))

    async def _write(self, batch: list[_Append]) -> None:
        rows, summaries, games = self._rows(batch)
        await self._writer_db.write(rows, summaries, time.time(), games)

    @staticmethod
    def _rows(batch: list[_Append]) -> tuple[list[tuple], list, list[FinishedGame]]:
        """What a batch writes: its log rows, summary updates and finished games."""
        rows = [_values(item.code, entry) for item in batch for entry in item.entries]
        summaries = [(item.code, item.summary) for item in batch if item.summary]
        games = [item.finished for item in batch if item.finished is not None]
        return rows, summaries, games

    async def record_results(self, game: FinishedGame) -> None:
        """Record a finished game's results where they are missing (idempotent)."""
        await self._writer_db.write([], [], time.time(), [game])

    # -- reading ------------------------------------------------------------------------------

    async def read(self, work: Callable[[Connection], T]) -> T:
        """`work(connection)` on a synchronous connection, run whole: on SQLite in a reader
        thread (readers.py), on PostgreSQL through the async engine."""
        if self._reader is not None:
            return await self._reader.read(work)
        async with self.engine.connect() as connection:
            return await connection.run_sync(work)

    async def rows(self, query: Executable) -> list[Row]:
        """Every row `query` selects."""
        return await self.read(lambda connection: connection.execute(query).all())

    async def first(self, query: Executable) -> Row | None:
        """The first row `query` selects, or None."""
        return await self.read(lambda connection: connection.execute(query).first())

    async def ping(self) -> None:
        """Raises unless the database answers a query."""
        await self.rows(select(1))

    async def entries(self, code: str, after: int = 0) -> list[Entry]:
        """The log of table `code` from step `after + 1` on, in order."""
        query = (
            select(
                log.c.seq, log.c.kind, log.c.seat, log.c.action, log.c.game_time, log.c.wall_time
            )
            .where(log.c.table_code == code, log.c.seq > after)
            .order_by(log.c.seq)
        )
        return [
            Entry(seq, kind, seat, orjson.loads(action), game_time, wall_time)
            for seq, kind, seat, action, game_time, wall_time in await self.rows(query)
        ]

    async def summary(self, code: str) -> dict[str, Any] | None:
        row = await self.first(select(tables).where(tables.c.code == code))
        return None if row is None else dict(row._mapping)

    async def open_tables(self, status: str, public_only: bool = False, limit: int = 1000):
        """Summaries of tables in `status`, newest first."""
        query = select(tables).where(tables.c.status == status)
        if public_only:
            query = query.where(tables.c.public.is_(True))
        query = query.order_by(tables.c.updated_at.desc()).limit(limit)
        return [dict(row._mapping) for row in await self.rows(query)]

    async def table_counts(self) -> dict[str, int]:
        """How many tables are in each status."""
        query = select(tables.c.status, func.count()).group_by(tables.c.status)
        return dict(await self.rows(query))


def _settle(items: list[_Append], error: BaseException | None) -> None:
    """Settle the items not settled yet, then run their callbacks, each once: a table's
    callback then sees every one of its steps this write settled."""
    settled = [item for item in items if not item.done.done()]
    for item in settled:
        if error is None:
            item.done.set_result(None)
        else:
            item.done.set_exception(error)
    for then in dict.fromkeys(item.then for item in settled if item.then is not None):
        try:
            then()
        except Exception:
            logger.exception("a callback after storing failed")
