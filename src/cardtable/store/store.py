"""The system of record: creates tables, appends their log entries durably, reads them back.

Appends that arrive together are written in one transaction (one fsync for many actions);
each caller still learns on its own whether its step was stored or taken by another writer.
Steps of one table are stored in the order they were submitted, and a step that fails takes
every later step of its table still waiting down with it (they were built on it).

When the database does not answer (down, restarting, unreachable), calls raise what the driver
raised; `database_down` tells those failures, worth trying again later, from a statement the
database refused. A pooled PostgreSQL connection the database closed meanwhile is replaced
before it is used (`_replace_closed`), so the first request after a restart is not refused.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import asyncpg
import orjson
from sqlalchemy import Connection, Executable, Row, event, exc, func, select
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from .entries import Entry
from .finished import FinishedGame
from .migrate import migrate
from .readers import SqliteReader, sqlite_pragmas
from .schema import log, tables
from .writers import LOG_COLUMNS, DuplicateStep, PostgresWriter, SqliteWriter

logger = logging.getLogger(__name__)

T = TypeVar("T")

#: Shown the (table code, seq) of the steps of each write of the log before it is made; what
#: it raises fails that write (`Store.open`).
BeforeWrite = Callable[[list[tuple[str, int]]], None]


#: Steps queued that are written at once, not at the writer's next turn of the event loop,
#: where the database takes a write on the loop (see `flush_if_full`).
FLUSH_AT = 32


class Conflict(Exception):
    """The step is already in the log: another writer stored it first."""


#: What a database call may raise, as the driver or SQLAlchemy raised it.
DATABASE_ERRORS: tuple[type[Exception], ...] = (
    OSError,
    sqlite3.Error,
    exc.SQLAlchemyError,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
)

#: Failures that say the database does not answer now, rather than refusing a statement.
_UNANSWERED = (
    OSError,  # refused, reset, unreachable, timed out
    exc.TimeoutError,  # no pooled connection came free
    asyncpg.PostgresConnectionError,  # a connection failed or was lost mid-statement
    asyncpg.exceptions.OperatorInterventionError,  # shutting down, starting up, cancelled
    asyncpg.exceptions.InsufficientResourcesError,  # disk full, too many connections
)
#: SQLite's result codes that say the file cannot be used now (busy or locked elsewhere,
#: unwritable, unreadable, full, gone), unlike a statement's error.
_SQLITE_UNANSWERED = frozenset(
    {
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_CANTOPEN,
    }
)


def database_down(error: BaseException) -> str | None:
    """Why the database does not answer, in one line, when `error` says so (a connection
    refused or lost, a server shutting down or starting up, a time-out, a locked or unwritable
    SQLite file): nothing was done, and the same call may succeed later. None for any other
    error (a statement refused, a taken step, a bug)."""
    causes = _causes(error)
    if not any(_unanswered(cause) for cause in causes):
        return None
    innermost = causes[-1]
    line = str(innermost).strip().split("\n", 1)[0][:200]
    return f"{type(innermost).__name__}: {line}" if line else type(innermost).__name__


def _unanswered(cause: BaseException) -> bool:
    """Whether this one failure, not what it wraps, says the database does not answer."""
    if isinstance(cause, sqlite3.OperationalError):
        # The writer's own lock time-out (writers.py) carries no code: the file is busy.
        code = getattr(cause, "sqlite_errorcode", sqlite3.SQLITE_BUSY)
        return code & 0xFF in _SQLITE_UNANSWERED  # extended codes keep the primary in 8 bits
    if isinstance(cause, exc.DBAPIError):
        return cause.connection_invalidated
    if isinstance(cause, asyncpg.InterfaceError):
        return "connection is closed" in str(cause)  # as SQLAlchemy's asyncpg dialect tells
    return isinstance(cause, _UNANSWERED)


def _causes(error: BaseException) -> list[BaseException]:
    """`error`, then what it wraps (SQLAlchemy's `orig`) or was raised from or during."""
    chain: list[BaseException] = []
    cause: BaseException | None = error
    while cause is not None and cause not in chain:
        chain.append(cause)
        cause = getattr(cause, "orig", None) or cause.__cause__ or cause.__context__
    return chain


def _replace_closed(dbapi_connection, _record, _proxy) -> None:
    """Pool checkout on PostgreSQL: a connection the database closed while it sat in the pool
    (a restart, an outage) is replaced by a new one instead of failing its first statement.
    asyncpg knows its socket closed: this costs no round trip."""
    if dbapi_connection.driver_connection.is_closed():
        raise exc.DisconnectionError("the database closed this pooled connection")


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


def _last_step_time():
    """The wall time of each table's last step, for a query over `tables` (one index lookup
    per table)."""
    return (
        select(log.c.wall_time)
        .where(log.c.table_code == tables.c.code)
        .order_by(log.c.seq.desc())
        .limit(1)
        .scalar_subquery()
    )


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
        before_write: BeforeWrite | None = None,
    ):
        self.engine = engine
        self._writer_db = writer
        self._reader = reader
        self._before_write = before_write
        self._pending: list[_Append] = []
        self._writer: asyncio.Task | None = None
        #: `_flush` is to run at the loop's next turn.
        self._flush_armed = False

    @classmethod
    async def open(
        cls, url: str, sqlite_fsync: bool = False, before_write: BeforeWrite | None = None
    ) -> Store:
        """Connect to `url` (see `database_url`) and create or migrate the schema.

        SQLite runs in WAL mode. By default a commit is durable once written to the WAL
        (synchronous=NORMAL): it survives the server being killed, not the machine losing
        power. `sqlite_fsync` makes every commit wait for the disk (synchronous=FULL).
        `before_write` (tests) is shown the steps of each write of the log before it is made,
        and fails that write with what it raises, as the database would.
        """
        engine = create_async_engine(database_url(url))
        if engine.dialect.name == "sqlite":
            event.listen(engine.sync_engine, "connect", sqlite_pragmas)
        else:
            event.listen(engine.sync_engine, "checkout", _replace_closed)
        await migrate(engine)
        if engine.dialect.name == "sqlite":
            path = engine.url.database
            writer = SqliteWriter(path, sqlite_fsync)
            return cls(engine, writer, SqliteReader(path), before_write)
        return cls(engine, PostgresWriter(engine), None, before_write)

    async def close(self) -> None:
        if self._pending and (self._writer is None or self._writer.done()):
            self._writer = asyncio.create_task(self._write_pending())  # ahead of `_flush`
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
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        self._pending.append(_Append(code, entries, summary, done, then, finished))
        if not self._flush_armed and (self._writer is None or self._writer.done()):
            self._flush_armed = True
            loop.call_soon(self._flush)
        return done

    def flush_if_full(self) -> None:
        """Write the queued steps now if FLUSH_AT of them wait and the database can take them
        on the event loop (SQLite, not busy). Under load a turn of the loop applies hundreds of
        steps; written only at the next turn, every one of them would wait for all the others.
        The caller must be ready for the steps' `then` callbacks."""
        if len(self._pending) >= FLUSH_AT and self._writer_db.writes_now():
            self._write_now()

    def _flush(self) -> None:
        """At the turn of the loop after steps were queued: write them, on the loop when the
        database takes it (SQLite, not busy: no task for the write), else by the writer task.
        Unless the task runs already: it takes what is queued."""
        self._flush_armed = False
        if self._writer is not None and not self._writer.done():
            return
        if self._pending and not (self._writer_db.writes_now() and self._write_now()):
            self._writer = asyncio.create_task(self._write_pending())

    def _write_now(self) -> bool:
        """Write every queued step on the event loop, at once. False, having done nothing,
        when the database is busy or a step is taken: the writer task sorts those out."""
        batch = [item for item in self._pending if not item.done.done()]
        try:
            rows, summaries, games = self._rows(batch)
            if not self._writer_db.write_now(rows, summaries, time.time(), games):
                return False
        except DuplicateStep:
            return False
        except Exception as error:  # the database is down: every caller hears it
            self._pending = []
            for item in batch:
                self._fail(item, error, batch)
            return True
        self._pending = []
        _settle(batch, None)
        return True

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

    def _rows(self, batch: list[_Append]) -> tuple[list[tuple], list, list[FinishedGame]]:
        """What a batch writes: its log rows, summary updates and finished games (once
        `before_write` let it)."""
        if self._before_write is not None:
            self._before_write([(item.code, entry.seq) for item in batch for entry in item.entries])
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

    async def open_tables(
        self,
        status: str,
        public_only: bool = False,
        limit: int = 1000,
        since: float | None = None,
    ):
        """Summaries of tables in `status`, newest first; with `since`, only those whose last
        step was stored at or after it (wall time, as the steps carry it)."""
        query = select(tables).where(tables.c.status == status)
        if public_only:
            query = query.where(tables.c.public.is_(True))
        if since is not None:
            query = query.where(_last_step_time() >= since)
        query = query.order_by(tables.c.updated_at.desc()).limit(limit)
        return [dict(row._mapping) for row in await self.rows(query)]

    async def active_tables(self, status: str, since: float) -> list[str]:
        """Codes of the tables in `status` whose last step was stored at or after `since`
        (wall time, as the steps carry it). Each table's last step is one index lookup."""
        query = select(tables.c.code).where(tables.c.status == status, _last_step_time() >= since)
        return [code for (code,) in await self.rows(query)]

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
