"""One WebSocket client of a table: who it is, what it last received, and how it is sent to.

Sends never block the table. A message goes to the socket at once when the server offers a
direct send (direct_socket.py) and the socket takes it (the usual case: no hop through a
task, so under load an update leaves in the same turn of the event loop as the commit that
made it durable); otherwise, or while the socket pushes back, messages wait in a queue that a
writer task drains in order through ASGI. The queue is bounded in bytes: a client that does not
read what it is sent (or too slowly) is closed with `CLOSE_SLOW` at once, without waiting for
the socket to drain, where the server offers that (direct_socket.py `close_now`); it
reconnects and receives a fresh document. `close_now` closes so for any other cause (a
client flooding messages: inbox.py). A member's connections share one bucket of messages
(`bucket`), so more tabs do not send faster.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from starlette.websockets import WebSocket

from ..ratelimit import Bucket
from .direct_socket import CLOSE_NOW, SEND_NOW

#: WebSocket close codes (4000-4999 are the application's).
CLOSE_SLOW = 4008
CLOSE_REMOVED = 4003
#: Sent with an error `banned` to a connection whose client or address a moderator banned.
CLOSE_BANNED = 4403


class Connection:
    """`member` is the member id behind the token; `key` is the viewer (seat or None) whose
    document this connection last received; `bucket` the messages its member may send (shared
    by the member's connections); `max_queued` the bytes it may have waiting to be sent.
    `sent` counts each message handed to the socket."""

    def __init__(
        self,
        websocket: WebSocket,
        member: int,
        bucket: Bucket,
        max_queued: int,
        sent: Callable[[], None] = lambda: None,
    ):
        self.websocket = websocket
        self.member = member
        self.key: int | None = None
        self.bucket = bucket
        self.queue: asyncio.Queue[bytes | int] = asyncio.Queue()
        #: Bytes of the messages in `queue` (and the one the writer is sending).
        self.queued = 0
        self.max_queued = max_queued
        self.open = True
        self._sent = sent
        extensions = websocket.scope.get("extensions", {})
        #: The server's direct send and immediate close, when it offers them.
        self._send_now: Callable[[bytes], bool] | None = extensions.get(SEND_NOW)
        self._close_now: Callable[[int], None] | None = extensions.get(CLOSE_NOW)
        #: The writer task holds a message it has not finished sending.
        self._writing = False

    def send(self, message: bytes) -> None:
        if not self.open:
            return
        if self.queue.empty() and not self._writing and self._sent_now(message):
            return
        if self.queued + len(message) > self.max_queued:
            self.close_now(CLOSE_SLOW)  # the client does not read
            return
        self.queued += len(message)
        self.queue.put_nowait(message)

    def close_now(self, code: int) -> None:
        """Close with `code` now, dropping what waits, where the server can (for a client
        that does not read or that abuses the connection: the writer may be stuck on a
        socket that never drains); else after what waits."""
        if self._close_now is not None:
            with contextlib.suppress(Exception):
                self._close_now(code)
        self.close(code)

    def _sent_now(self, message: bytes) -> bool:
        """Send `message` directly if the socket takes it now; False when it must queue."""
        if self._send_now is None:
            return False
        try:
            if not self._send_now(message):
                return False
        except Exception:  # the client is gone: stop the writer; the reader cleans up
            self.close(1011)
            return True
        self._sent()
        return True

    def close(self, code: int) -> None:
        """Send what is queued, then close with `code`."""
        if self.open:
            self.open = False
            self.queue.put_nowait(code)

    async def write(self) -> None:
        """Drain the queue into the socket until closed."""
        while True:
            item = await self.queue.get()
            if isinstance(item, int):
                with contextlib.suppress(Exception):
                    await self.websocket.close(item)
                return
            self._writing = True
            try:
                await self.websocket.send_text(item.decode())
            finally:
                self._writing = False
                self.queued -= len(item)
            self._sent()
