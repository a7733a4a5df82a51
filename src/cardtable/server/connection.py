"""One WebSocket client of a table: who it is, what it last received, and its send queue.

Sends never block the table: messages go into a bounded queue that a writer task drains. A
client too slow to keep up is disconnected; it reconnects and receives a fresh document.
"""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket

from .ratelimit import Bucket

#: Messages a connection may have waiting before it counts as too slow and is dropped.
MAX_QUEUED = 1000

#: WebSocket close codes (4000-4999 are the application's).
CLOSE_SLOW = 4008
CLOSE_REMOVED = 4003


class Connection:
    """`member` is the member id behind the token; `key` is the viewer (seat or None) whose
    document this connection last received."""

    def __init__(self, websocket: WebSocket, member: int, rate: float, burst: float):
        self.websocket = websocket
        self.member = member
        self.key: int | None = None
        self.bucket = Bucket(rate, burst)
        self.queue: asyncio.Queue[bytes | int] = asyncio.Queue()
        self.open = True

    def send(self, message: bytes) -> None:
        if not self.open:
            return
        if self.queue.qsize() >= MAX_QUEUED:
            self.close(CLOSE_SLOW)
            return
        self.queue.put_nowait(message)

    def close(self, code: int) -> None:
        """Send what is queued, then close with `code`."""
        if self.open:
            self.open = False
            self.queue.put_nowait(code)

    async def write(self, sent) -> None:
        """Drain the queue into the socket until closed; `sent` counts each message."""
        while True:
            item = await self.queue.get()
            if isinstance(item, int):
                with contextlib.suppress(Exception):
                    await self.websocket.close(item)
                return
            await self.websocket.send_text(item.decode())
            sent()
