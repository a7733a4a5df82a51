"""Connections whose request head (request line and headers) is still arriving, so that slow
or silent clients cannot hold the server's sockets (issue 23, finding 4).

Each such connection has `Settings.head_timeout` seconds, from its acceptance (or, on a
keep-alive connection, from the first byte of its next request), to complete its head, else it
is cut off; between requests uvicorn's keep-alive timeout applies. A head still incomplete after
`SLOW_AFTER` seconds is slow, and at most `Settings.address_partial_requests` slow ones come
from one peer address at a time: a new connection from an address that has them all is closed
at once, and a head of that address turning slow past them is cut off. (Heads count from then,
not from acceptance: a burst of ordinary requests, all accepted before any is read, is not
refused.) Once a head is complete (a WebSocket upgrade included), none of this applies to the
connection any more.

`PartialRequests` keeps that account for one process; `PartialRequests.protocol` is the HTTP
protocol factory uvicorn is given (`uvicorn.Config(http=...)`): uvicorn's httptools protocol
with the deadline and the cap. The dispatcher of `serve --workers` keeps its own account of the
connections it reads before handing them over (dispatcher.py).

The address is the peer's: behind a reverse proxy it is the proxy's, which sends each head
whole, so its connections are not slow.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from ..clock import Handle
from ..config import Settings

#: Seconds after which a head still arriving is slow, and counts toward its address's cap.
SLOW_AFTER = 1.0


class PendingHead:
    """One connection's head on its way: where from, its next wake-up, whether it is slow."""

    __slots__ = ("address", "slow", "wake_up")

    def __init__(self, address: str | None):
        self.address = address
        self.slow = False
        self.wake_up: Handle | None = None


class PartialRequests:
    """The connections of one process whose request head is still arriving: how many slow ones
    come from each address, and each one's deadline."""

    def __init__(self, settings: Settings):
        self.timeout = settings.head_timeout
        self.per_address = settings.address_partial_requests
        self.clock = settings.clock
        #: Slow heads by address.
        self.slow: Counter[str] = Counter()

    def admits(self, address: str | None) -> bool:
        """Whether a new connection from `address` (None: not an IP peer) may send a head."""
        return address is None or self.slow[address] < self.per_address

    def begin(self, address: str | None, cut_off: Callable, *args) -> PendingHead:
        """A head starts to arrive from `address`: unless `end` is called first,
        `cut_off(*args)` is called when it is late, or when it turns slow past the cap."""
        head = PendingHead(address)
        first = min(SLOW_AFTER, self.timeout)
        head.wake_up = self.clock.call_later(first, self._turns_slow, head, cut_off, args)
        return head

    def end(self, head: PendingHead) -> None:
        """The head is complete, or its connection closed (or cut off)."""
        if head.wake_up is not None:
            head.wake_up.cancel()
            head.wake_up = None
        if head.slow:
            head.slow = False
            self.slow[head.address] -= 1
            if self.slow[head.address] <= 0:
                del self.slow[head.address]

    def protocol(self, **uvicorn_arguments) -> HeadTimedProtocol:
        """uvicorn's HTTP protocol for one new connection, counted here."""
        return HeadTimedProtocol(self, **uvicorn_arguments)

    def _turns_slow(self, head: PendingHead, cut_off: Callable, args: tuple) -> None:
        head.wake_up = None
        if self.timeout <= SLOW_AFTER or not self.admits(head.address):
            cut_off(*args)
            return
        if head.address is not None:
            head.slow = True
            self.slow[head.address] += 1
        head.wake_up = self.clock.call_later(self.timeout - SLOW_AFTER, cut_off, *args)


class HeadTimedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, cutting off a connection whose head is late."""

    def __init__(self, partial: PartialRequests, **uvicorn_arguments):
        super().__init__(**uvicorn_arguments)
        self._partial = partial
        self._head: PendingHead | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if self._partial.admits(self._address):
            self._head_begins()
        else:
            transport.close()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._head is None:  # the next request on a keep-alive connection
            self._head_begins()

    def on_headers_complete(self) -> None:
        self._head_ends()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._head_ends()
        super().connection_lost(exc)

    @property
    def _address(self) -> str | None:
        return self.client[0] if self.client else None

    def _head_begins(self) -> None:
        self._head = self._partial.begin(self._address, self._cut_off)

    def _head_ends(self) -> None:
        if self._head is not None:
            self._partial.end(self._head)
            self._head = None

    def _cut_off(self) -> None:
        self._head_ends()
        self.transport.abort()
