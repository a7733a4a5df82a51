"""Serving an app from a thread of the test process, as the server and browser tests do."""

from __future__ import annotations

import socket
import threading
import time

import uvicorn

from cardtable.server.socket_protocol import TableSocketProtocol


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve_in_thread(
    app, port: int = 0, ws_max_size: int = 64 * 1024
) -> tuple[uvicorn.Server, threading.Thread]:
    """Start `app` on 127.0.0.1:`port` (0: any free port) and wait until it listens."""
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws=TableSocketProtocol,
        ws_max_size=ws_max_size,
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
