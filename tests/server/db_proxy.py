"""A TCP proxy between a server under test and PostgreSQL, which a test can cut and restore.

The shared PostgreSQL server is never stopped: the proxy stands in for it. `cut()` closes
every connection through the proxy and stops listening, so new connections are refused, as
when the database's machine goes down; `restore()` listens again on the same port. `stall()`
holds what is sent to the database, so that a write is under way when a test cuts. The proxy
runs its own event loop in a thread, so it works beside servers run in a thread or a process.
"""

from __future__ import annotations

import asyncio
import threading
from urllib.parse import urlsplit, urlunsplit

from thread_server import free_port

#: Bytes read from one side before they are written to the other.
CHUNK = 65536


class DatabaseProxy:
    """Forwards 127.0.0.1:`port` to the host and port of the database URL it is given."""

    def __init__(self, database_url: str):
        self._database = urlsplit(database_url)
        self.port = free_port()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._listener: asyncio.Server | None = None
        self._open: set[asyncio.StreamWriter] = set()
        #: Clear while stalled: nothing goes on to the database.
        self._flowing = asyncio.Event()

    @property
    def url(self) -> str:
        """The database URL, through the proxy."""
        netloc = f"{self._database.username}@127.0.0.1:{self.port}"
        return urlunsplit(self._database._replace(netloc=netloc))

    def __enter__(self) -> DatabaseProxy:
        self._thread.start()
        self.restore()
        return self

    def __exit__(self, *exc) -> None:
        self.cut()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    def cut(self) -> None:
        """Close every connection through the proxy, and refuse new ones until `restore`."""
        self._run(self._cut())

    def restore(self) -> None:
        """Accept and forward connections again."""
        self._run(self._listen())

    def stall(self) -> None:
        """Hold everything sent to the database from now on (answers already under way still
        come back), until `cut` or `restore`."""
        self._run(self._stall())

    def _run(self, work) -> None:
        asyncio.run_coroutine_threadsafe(work, self._loop).result(10)

    async def _listen(self) -> None:
        self._flowing.set()
        if self._listener is None:
            self._listener = await asyncio.start_server(
                self._forward, "127.0.0.1", self.port, reuse_address=True
            )

    async def _stall(self) -> None:
        self._flowing.clear()

    async def _cut(self) -> None:
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        for writer in list(self._open):
            writer.transport.abort()
        self._open.clear()
        self._flowing.set()  # what was held is dropped with its connection

    async def _forward(self, client_in: asyncio.StreamReader, client_out: asyncio.StreamWriter):
        try:
            database_in, database_out = await asyncio.open_connection(
                self._database.hostname, self._database.port or 5432
            )
        except OSError:
            client_out.transport.abort()
            return
        if self._listener is None:  # cut while connecting
            client_out.transport.abort()
            database_out.transport.abort()
            return
        self._open |= {client_out, database_out}
        await asyncio.gather(
            _pump(client_in, database_out, self._flowing),
            _pump(database_in, client_out),
            return_exceptions=True,
        )
        self._open -= {client_out, database_out}


async def _pump(
    source: asyncio.StreamReader, sink: asyncio.StreamWriter, flowing: asyncio.Event | None = None
) -> None:
    """Copy `source` to `sink` until either side closes, holding each chunk while `flowing` is
    clear; then close `sink`."""
    try:
        while data := await source.read(CHUNK):
            if flowing is not None:
                await flowing.wait()
            if sink.transport.is_closing():
                return
            sink.write(data)
            await sink.drain()
    finally:
        sink.transport.abort()
