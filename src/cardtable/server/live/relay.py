"""The bus between server processes serving the same tables: each step stored here and who is
online here go out on the table's channel; what other processes say comes back to the table.

A message is this process's node id, a newline, then JSON: `{"entries": [...]}` (steps stored,
in order) or `{"presence": [member ids]}`. A gap in the channel (the bus lost messages) is
reported as such; the table then reads what it missed from the log.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Protocol

import orjson

from ...bus import Bus
from ...engine import IllegalAction
from ...store import Entry
from ...table.errors import TableError

log = logging.getLogger(__name__)


class Listener(Protocol):
    """A table held here, as the relay hands it what other processes said."""

    async def receive_remote(self, entries: list[Entry]) -> None: ...
    async def set_remote_online(self, node: str, members: set[int]) -> None: ...
    async def catch_up(self) -> None: ...


class Relay:
    def __init__(self, bus: Bus):
        self.bus = bus
        #: This process on the bus (its own messages come back to it, and are told apart).
        self.node = secrets.token_hex(8)

    def subscribe(self, code: str, listener: Listener) -> None:
        self.bus.subscribe(code, self.node, lambda message: self._heard(listener, message))

    def unsubscribe(self, code: str) -> None:
        self.bus.unsubscribe(code, self.node)

    def listened(self, code: str) -> bool:
        """Whether another process listens to the table's channel (a message is worth it)."""
        return self.bus.listened(code, self.node)

    async def publish(self, code: str, entries: list[Entry]) -> None:
        await self._publish(code, {"entries": [list(entry) for entry in entries]})

    async def publish_presence(self, code: str, online: list[int]) -> None:
        await self._publish(code, {"presence": online})

    async def _publish(self, code: str, message: dict) -> None:
        await self.bus.publish(code, self.node, self.node.encode() + b"\n" + orjson.dumps(message))

    def _heard(self, listener: Listener, message: bytes | None) -> None:
        if message is None:
            _spawn(listener.catch_up())
            return
        node, _, body = message.partition(b"\n")
        data = orjson.loads(body)
        if "entries" in data:
            _spawn(listener.receive_remote([Entry(*e) for e in data["entries"]]))
        elif "presence" in data:
            _spawn(listener.set_remote_online(node.decode(), set(data["presence"])))


def _spawn(work) -> None:
    task = asyncio.get_running_loop().create_task(work)
    task.add_done_callback(log_failure)


def log_failure(task: asyncio.Task) -> None:
    """Log the failure of a background task of the site (a refusal is not one)."""
    error = None if task.cancelled() else task.exception()
    if error is not None and not isinstance(error, TableError | IllegalAction):
        log.error("a background task failed", exc_info=error)
