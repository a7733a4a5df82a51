"""The hot path: appending log entries in one short transaction, straight on the driver.

SQLAlchemy builds and migrates the schema and serves reads; appends skip its statement
machinery (a third of the server's time per action when measured) and run one prepared
INSERT per batch: on SQLite through one dedicated connection (on the event loop, or in its
own thread when every commit waits for fsync), on PostgreSQL through asyncpg on a pooled
connection.
"""

from __future__ import annotations

import asyncio
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from .schema import SUMMARY_COLUMNS, log

LOG_COLUMNS = tuple(column.name for column in log.columns)


class DuplicateStep(Exception):
    """A (table, seq) in the batch is already stored."""


Summary = tuple[str, dict[str, Any]]


class SqliteWriter:
    def __init__(self, path: str, fsync: bool):
        self._path = path
        self._fsync = fsync
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-sqlite")
        self._connection: sqlite3.Connection | None = None
        marks = ", ".join("?" for _ in LOG_COLUMNS)
        self._insert = f"INSERT INTO log ({', '.join(LOG_COLUMNS)}) VALUES ({marks})"

    def _connect(self) -> sqlite3.Connection:
        if self._connection is None:
            connection = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute(f"PRAGMA synchronous={'FULL' if self._fsync else 'NORMAL'}")
            connection.execute("PRAGMA busy_timeout=10000")
            self._connection = connection
        return self._connection

    def _write(self, rows: list[tuple], summaries: list[Summary], now: float) -> None:
        connection = self._connect()
        connection.execute("BEGIN IMMEDIATE")
        try:
            connection.executemany(self._insert, rows)
            for code, values in summaries:
                names = [k for k in SUMMARY_COLUMNS if k in values]
                assignments = ", ".join(f"{k} = ?" for k in names)
                connection.execute(
                    f"UPDATE tables SET {assignments}, updated_at = ? WHERE code = ?",
                    [values[k] for k in names] + [now, code],
                )
        except sqlite3.IntegrityError:
            connection.execute("ROLLBACK")
            raise DuplicateStep from None
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    def _create(self, table_row: dict[str, Any], log_row: tuple) -> bool:
        connection = self._connect()
        names = ", ".join(table_row)
        marks = ", ".join("?" for _ in table_row)
        connection.execute("BEGIN IMMEDIATE")
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

    async def create(self, table_row: dict[str, Any], log_row: tuple) -> bool:
        """Insert a table and its first entry; False when the code is taken. All writes to
        SQLite go through this one connection: a second writer on the same loop would wait
        for a lock that only the loop can release."""
        if not self._fsync:
            return self._create(table_row, log_row)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._create, table_row, log_row)

    async def write(self, rows: list[tuple], summaries: list[Summary], now: float) -> None:
        if not self._fsync:
            # Without fsync a commit takes tens of microseconds: cheaper on the event loop
            # than a hop to a thread, which waits for the GIL (up to 5 ms per hand-over)
            # whenever the loop is busy.
            self._write(rows, summaries, now)
            return
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._thread, self._write, rows, summaries, now)

    async def close(self) -> None:
        def close() -> None:
            if self._connection is not None:
                self._connection.close()

        await asyncio.get_running_loop().run_in_executor(self._thread, close)
        self._thread.shutdown()


class PostgresWriter:
    def __init__(self, engine: AsyncEngine):
        self._engine = engine
        marks = ", ".join(f"${i}" for i in range(1, len(LOG_COLUMNS) + 1))
        self._insert = f"INSERT INTO log ({', '.join(LOG_COLUMNS)}) VALUES ({marks})"

    async def write(self, rows: list[tuple], summaries: list[Summary], now: float) -> None:
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
            except asyncpg.UniqueViolationError:
                raise DuplicateStep from None

    async def create(self, table_row: dict[str, Any], log_row: tuple) -> bool:
        import asyncpg

        names = ", ".join(table_row)
        marks = ", ".join(f"${i}" for i in range(1, len(table_row) + 1))
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

    async def close(self) -> None:
        pass
