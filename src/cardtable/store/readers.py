"""SQLite reads run whole in a thread: one hop of the event loop per read.

Through aiosqlite every statement and every batch of rows is a hop between its thread and the
event loop, and under load a turn of the loop lasts tens of milliseconds: a read of a few
statements (the health check, the lobby's list) took over a second while the tables played
(measured with bench/load.py). Here a read is a function of a synchronous SQLAlchemy connection,
run whole on a thread of its own. PostgreSQL reads stay on the async engine (store.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from sqlalchemy import Connection, create_engine, event

T = TypeVar("T")

#: Reads that may run at once (SQLite in WAL mode lets readers run beside the writer).
READERS = 4


def sqlite_pragmas(dbapi_connection, _record) -> None:
    """What every SQLAlchemy connection to the SQLite database sets when it opens."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class SqliteReader:
    """Synchronous connections to the database file at `path`, used on the reader threads."""

    def __init__(self, path: str):
        self._engine = create_engine(f"sqlite:///{path}", pool_size=READERS)
        event.listen(self._engine, "connect", sqlite_pragmas)
        self._threads = ThreadPoolExecutor(READERS, thread_name_prefix="cardtable-read")

    async def read(self, work: Callable[[Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._threads, self._read, work)

    def _read(self, work: Callable[[Connection], T]) -> T:
        with self._engine.connect() as connection:
            return work(connection)

    def close(self) -> None:
        self._threads.shutdown()
        self._engine.dispose()
