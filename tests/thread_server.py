"""Serving an app from a thread of the test process, as the server and browser tests do, and
looking at its tables from the test's thread."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

import uvicorn

from cardtable.server.realtime.direct_socket import TableSocketProtocol


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve_in_thread(
    app, port: int = 0, ws_max_size: int = 64 * 1024, http="auto"
) -> tuple[uvicorn.Server, threading.Thread]:
    """Start `app` on 127.0.0.1:`port` (0: any free port) and wait until it listens; `http`:
    uvicorn's HTTP protocol (`cardtable serve` gives it `PartialRequests(settings).protocol`)."""
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws=TableSocketProtocol,
        ws_max_size=ws_max_size,
        http=http,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    return server, thread


def on_loop(server: uvicorn.Server, work: Callable[[], Awaitable[Any]]) -> Any:
    """`await work()` on the loop `server` (from `serve_in_thread`) runs on; its result."""
    loop = server.servers[0].get_loop()
    return asyncio.run_coroutine_threadsafe(work(), loop).result(10)


def read_table(server: uvicorn.Server, tables, code: str, look: Callable[[Any], Any]) -> Any:
    """`look(state)` run on the server's loop under table `code`'s lock, the table loaded if
    it is not held: a consistent look at the table as `tables` (the app's `Registry`) holds it."""

    async def read():
        live = await tables.get(code)
        async with live.lock:
            return look(live.state)

    return on_loop(server, read)
