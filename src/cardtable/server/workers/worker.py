"""A worker of `cardtable serve --workers N`: uvicorn serving the connections the dispatcher
hands it, and nothing else (dispatcher.py).

The worker listens on no port. Over its control socket (a Unix SOCK_SEQPACKET pair shared
with the dispatcher) it receives:

- `C` with a file descriptor: an accepted connection, followed by the bytes the dispatcher read
  from it (its request's head, up to `HEAD_BYTES`), which the worker's protocol takes first;
- `S`: a request for its status (status.py), answered with `S` and the status as JSON.

It sends `R` once it is ready (its database open and its tables resumed). When the dispatcher
goes away (the control socket reaches its end), the worker shuts down as on SIGTERM.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import socket

import orjson
import uvicorn

from . import status

log = logging.getLogger(__name__)

CONNECTION = b"C"
STATUS = b"S"
READY = b"R"

#: File descriptors one control message carries at most (the dispatcher sends one).
MAX_FDS = 4
#: Bytes of a request's start the dispatcher reads before handing its connection over, at most.
HEAD_BYTES = 16 * 1024


class HandedServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, control: socket.socket):
        super().__init__(config)
        self._control = control
        self._tasks: set[asyncio.Task] = set()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=[])  # the app's lifespan; no listening socket
        if self.should_exit:
            return
        loop = asyncio.get_running_loop()
        self._control.setblocking(False)
        loop.add_reader(self._control.fileno(), self._receive)
        await loop.sock_sendall(self._control, READY)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_reader(self._control.fileno())
        await super().shutdown(sockets)

    def _protocol(self, head: bytes) -> asyncio.Protocol:
        """What uvicorn serves a handed connection with (as in `Server.startup`), given first
        `head`, what the dispatcher read from it."""
        protocol = self.config.http_protocol_class(  # type: ignore[call-arg]
            config=self.config, server_state=self.server_state, app_state=self.lifespan.state
        )
        return _Resumed(protocol, head)

    def _receive(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                message, fds, _, _ = socket.recv_fds(self._control, 1 + HEAD_BYTES, MAX_FDS)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                message, fds = b"", []
            if not message:
                log.info("the dispatcher is gone: shutting down")
                loop.remove_reader(self._control.fileno())
                self.should_exit = True
                return
            for fd in fds:  # `C`: a connection, and its head so far
                connection = socket.socket(fileno=fd)
                factory = functools.partial(self._protocol, message[1:])
                self._spawn(loop.connect_accepted_socket(factory, connection))
            if message == STATUS:
                self._spawn(self._send_status())

    async def _send_status(self) -> None:
        report = await status.process_status(self.config.app.state.site)
        await asyncio.get_running_loop().sock_sendall(self._control, STATUS + orjson.dumps(report))

    def _spawn(self, work) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("handling a message of the dispatcher failed", exc_info=task.exception())


class _Resumed(asyncio.Protocol):
    """Starts `protocol` on a handed connection with the bytes already read from it, then
    leaves the connection to it."""

    def __init__(self, protocol: asyncio.Protocol, head: bytes):
        self._protocol, self._head = protocol, head

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        transport.set_protocol(self._protocol)
        self._protocol.connection_made(transport)
        if self._head and not transport.is_closing():  # not refused at once
            self._protocol.data_received(self._head)


class CloseAfterResponse:
    """ASGI middleware: every HTTP response says `Connection: close`, so each request comes on
    a new connection, which the dispatcher hands to the worker serving its table."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def closing(message):
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", ()) if h[0].lower() != b"connection"]
                message = {**message, "headers": [*headers, (b"connection", b"close")]}
            await send(message)

        await self.app(scope, receive, closing)
