"""The server's one queue of WebSocket messages: handled in the order they were read, in
batches, with the updates of a batch sent before the next is handled.

Left to the event loop, a busy server handles in one turn every message read in that turn,
and sends their updates only at its end (a table builds its messages once per turn, see
live.py): the clients answer together and the next turn is as long again. Under load the
server then alternates a long turn, holding hundreds of actions, with idle ones, and an
action read early in a long turn waits for the whole of it. Here at most `BATCH` messages are
handled in a turn (as they are read, while nothing waits); the rest wait, in order, for the
next turns. The updates of each batch go
out at the end of its turn, so clients answer while the server works through the rest, and
every action waits about as long as the others: under bench/load.py, within any tenth of a
second the slowest 1% of actions took 6 ms longer than the median, against 28 ms when left
to the loop.

A connection with `MAX_WAITING` messages already waiting has its next ones refused at once
(`rate-limited`), so a client sending faster than any turn can handle fills no memory.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .inbox import Inbox

log = logging.getLogger(__name__)

#: Messages handled in one turn of the event loop, at most: about 7 ms of work under load.
BATCH = 48

#: Messages of one connection that may wait to be handled.
MAX_WAITING = 100


class Intake:
    def __init__(self, batch: int = BATCH):
        self._batch = batch
        self._waiting: deque[tuple[Inbox, bytes | str | None]] = deque()
        #: Messages handled since the updates of the last batch were sent.
        self._handled = 0
        self._draining = False

    def receive(self, inbox: Inbox, raw: bytes | str | None) -> None:
        """Handle `raw`, read from `inbox`'s connection, now if this turn's batch has room and
        nothing waits; otherwise queue it for a later turn."""
        if self._waiting or self._handled >= self._batch:
            self._queue(inbox, raw)
            return
        self._count(1)
        _handle(inbox, raw)

    def _count(self, handled: int) -> None:
        if not self._handled:  # the batch closes once this turn's updates are sent
            asyncio.get_running_loop().call_soon(self._close_batch)
        self._handled += handled

    def _close_batch(self) -> None:
        self._handled = 0

    def _queue(self, inbox: Inbox, raw: bytes | str | None) -> None:
        if inbox.queued >= MAX_WAITING:
            inbox.refuse_waiting(raw)
            return
        inbox.queued += 1
        self._waiting.append((inbox, raw))
        if not self._draining:
            self._draining = True
            asyncio.get_running_loop().call_soon(self._drain)

    def _drain(self) -> None:
        """Handle a batch of those waiting; the rest at the next turn, after its updates."""
        waiting = self._waiting
        batch = min(len(waiting), self._batch)
        self._count(batch)
        for _ in range(batch):
            inbox, raw = waiting.popleft()
            inbox.queued -= 1
            _handle(inbox, raw)
        if waiting:
            asyncio.get_running_loop().call_soon(self._drain)
        else:
            self._draining = False


def _handle(inbox: Inbox, raw: bytes | str | None) -> None:
    try:
        inbox.receive(raw)
    except Exception:  # a bug must not stall every other connection
        log.exception("table %s: a message failed", inbox.live.code)
        inbox.connection.close(1011)
