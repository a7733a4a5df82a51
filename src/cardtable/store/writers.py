"""The hot path: appending log entries in one short transaction, straight on the driver.

SQLAlchemy builds and migrates the schema and serves reads; appends skip its statement
machinery (a third of the server's time per action when measured) and run one prepared
INSERT per batch: on SQLite through one dedicated connection (on the event loop, or in its
own thread when another connection holds the lock or every commit waits for fsync), on
PostgreSQL through asyncpg on a pooled connection. The results of the games a batch ends go
in the same transaction (finished.py).
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from .finished import (
    NAME_COLUMNS,
    RESULT_COLUMNS,
    FinishedGame,
    insert_absent,
    name_claims,
    result_rows,
)
from .schema import SUMMARY_COLUMNS, log

LOG_COLUMNS = tuple(column.name for column in log.columns)


class DuplicateStep(Exception):
    """A (table, seq) in the batch is already stored."""


Summary = tuple[str, dict[str, Any]]


class _Busy(Exception):
    """Another connection (a reader-writer of the server's other tables) holds the write lock."""


#: Seconds a write waits for another connection's write lock, off the event loop.
BUSY_TIMEOUT = 10.0


class SqliteWriter:
    """Writes on the event loop while the database is free: without fsync a commit takes tens
    of microseconds, cheaper than a hop to a thread, which waits for the GIL (up to 5 ms per
    hand-over) whenever the loop is busy. The connection never waits for a lock there: when
    another connection is writing (the server's SQLAlchemy connections write results, decks,
    reports), the write goes to the writer's thread, which waits for it. With fsync every
    write goes to the thread. One write at a time: the store awaits each."""

    def __init__(self, path: str, fsync: bool):
        self._path = path
        self._fsync = fsync
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-sqlite")
        self._connection: sqlite3.Connection | None = None
        #: Writes handed to the thread and not finished: the connection is the thread's.
        self._in_thread = 0
        marks = ", ".join("?" for _ in LOG_COLUMNS)
        self._insert = f"INSERT INTO log ({', '.join(LOG_COLUMNS)}) VALUES ({marks})"
        self._claim = insert_absent("player_names", NAME_COLUMNS, ["?"] * len(NAME_COLUMNS))
        self._result = insert_absent("results", RESULT_COLUMNS, ["?"] * len(RESULT_COLUMNS))

    def _connect(self) -> sqlite3.Connection:
        if self._connection is None:
            connection = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute(f"PRAGMA synchronous={'FULL' if self._fsync else 'NORMAL'}")
            connection.execute("PRAGMA busy_timeout=0")  # waiting is `_waiting`'s, off the loop
            self._connection = connection
        return self._connection

    def _begin(self) -> sqlite3.Connection:
        connection = self._connect()
        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                raise _Busy from None
            raise
        return connection

    def _write(self, rows: list[tuple], summaries: list[Summary], now: float, games) -> None:
        connection = self._begin()
        try:
            connection.executemany(self._insert, rows)
            for code, values in summaries:
                names = [k for k in SUMMARY_COLUMNS if k in values]
                assignments = ", ".join(f"{k} = ?" for k in names)
                connection.execute(
                    f"UPDATE tables SET {assignments}, updated_at = ? WHERE code = ?",
                    [values[k] for k in names] + [now, code],
                )
            for game in games:
                self._record(connection, game)
        except sqlite3.IntegrityError:
            connection.execute("ROLLBACK")
            raise DuplicateStep from None
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    def _record(self, connection: sqlite3.Connection, game: FinishedGame) -> None:
        claims = name_claims(game)
        keepers: dict[str, str] = {}
        if claims:
            connection.executemany(self._claim, claims)
            keys = [claim[0] for claim in claims]
            marks = ", ".join("?" for _ in keys)
            keepers = dict(
                connection.execute(
                    f"SELECT name_key, client_hash FROM player_names WHERE name_key IN ({marks})",
                    keys,
                )
            )
        connection.executemany(self._result, result_rows(game, keepers))

    def _create(self, table_row: dict[str, Any], log_row: tuple) -> bool:
        connection = self._begin()
        names = ", ".join(table_row)
        marks = ", ".join("?" for _ in table_row)
        try:
            connection.execute(
                f"INSERT INTO tables ({names}) VALUES ({marks})", [*table_row.values()]
            )
            connection.execute(self._insert, log_row)
        except sqlite3.IntegrityError:
            connection.execute("ROLLBACK")
            return False
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
        return True

    @staticmethod
    def _waiting(work, *args):
        """`work(*args)`, in the writer's thread, retried while another connection writes."""
        deadline = time.monotonic() + BUSY_TIMEOUT
        while True:
            try:
                return work(*args)
            except _Busy:
                if time.monotonic() > deadline:
                    raise sqlite3.OperationalError("database is locked") from None
                time.sleep(0.001)

    def writes_now(self) -> bool:
        """Whether a write may run on the event loop now (the connection is the loop's)."""
        return not self._fsync and not self._in_thread

    def write_now(self, rows: list[tuple], summaries: list[Summary], now: float, games) -> bool:
        """`write` on the event loop, at once (only when `writes_now`); False, having written
        nothing, while another connection writes (`write` then waits for it, off the loop)."""
        try:
            self._write(rows, summaries, now, games)
        except _Busy:
            return False
        return True

    async def _run(self, work, *args):
        if self.writes_now():
            try:
                return work(*args)
            except _Busy:
                pass
        self._in_thread += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._thread, self._waiting, work, *args)
        finally:
            self._in_thread -= 1

    async def create(self, table_row: dict[str, Any], log_row: tuple) -> bool:
        """Insert a table and its first entry; False when the code is taken."""
        return await self._run(self._create, table_row, log_row)

    async def write(
        self, rows: list[tuple], summaries: list[Summary], now: float, games=()
    ) -> None:
        """Append log `rows`, update table summaries and record finished `games`, atomically."""
        await self._run(self._write, rows, summaries, now, games)

    async def close(self) -> None:
        def close() -> None:
            if self._connection is not None:
                self._connection.close()

        await asyncio.get_running_loop().run_in_executor(self._thread, close)
        self._thread.shutdown()


class PostgresWriter:
    def __init__(self, engine: AsyncEngine):
        self._engine = engine
        marks = ", ".join(_numbered(LOG_COLUMNS))
        self._insert = f"INSERT INTO log ({', '.join(LOG_COLUMNS)}) VALUES ({marks})"
        self._claim = insert_absent("player_names", NAME_COLUMNS, _numbered(NAME_COLUMNS))
        self._result = insert_absent("results", RESULT_COLUMNS, _numbered(RESULT_COLUMNS))

    async def write(
        self, rows: list[tuple], summaries: list[Summary], now: float, games=()
    ) -> None:
        import asyncpg

        async with self._engine.connect() as pooled:
            driver = (await pooled.get_raw_connection()).driver_connection
            try:
                async with driver.transaction():
                    await driver.executemany(self._insert, rows)
                    for code, values in summaries:
                        names = [k for k in SUMMARY_COLUMNS if k in values]
                        assignments = ", ".join(f"{k} = ${i}" for i, k in enumerate(names, 1))
                        await driver.execute(
                            f"UPDATE tables SET {assignments}, updated_at = ${len(names) + 1} "
                            f"WHERE code = ${len(names) + 2}",
                            *[values[k] for k in names],
                            now,
                            code,
                        )
                    for game in games:
                        await self._record(driver, game)
            except asyncpg.UniqueViolationError:
                raise DuplicateStep from None

    async def _record(self, driver, game: FinishedGame) -> None:
        claims = name_claims(game)
        keepers: dict[str, str] = {}
        if claims:
            await driver.executemany(self._claim, claims)
            keys = [claim[0] for claim in claims]
            query = "SELECT name_key, client_hash FROM player_names WHERE name_key = ANY($1)"
            keepers = dict(await driver.fetch(query, keys))
        await driver.executemany(self._result, result_rows(game, keepers))

    async def create(self, table_row: dict[str, Any], log_row: tuple) -> bool:
        import asyncpg

        names = ", ".join(table_row)
        marks = ", ".join(_numbered(tuple(table_row)))
        async with self._engine.connect() as pooled:
            driver = (await pooled.get_raw_connection()).driver_connection
            try:
                async with driver.transaction():
                    await driver.execute(
                        f"INSERT INTO tables ({names}) VALUES ({marks})", *table_row.values()
                    )
                    await driver.execute(self._insert, *log_row)
            except asyncpg.UniqueViolationError:
                return False
        return True

    def writes_now(self) -> bool:
        return False  # asyncpg only writes by awaiting

    async def close(self) -> None:
        pass


def _numbered(columns: tuple[str, ...]) -> list[str]:
    """PostgreSQL's placeholders for one row: $1, $2, ..."""
    return [f"${i}" for i in range(1, len(columns) + 1)]
