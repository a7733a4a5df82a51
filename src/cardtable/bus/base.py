"""What a bus offers: publish bytes on a table's channel, subscribe a callback to one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

#: Called with each message published on a table's channel by another node, and with None
#: when messages may have been lost (the receiver then reads the log to catch up).
Subscriber = Callable[[bytes | None], None]


class Bus(Protocol):
    """`node` names a server process; a node never receives its own messages."""

    async def publish(self, code: str, node: str, message: bytes) -> None: ...

    def subscribe(self, code: str, node: str, callback: Subscriber) -> None: ...

    def unsubscribe(self, code: str, node: str) -> None: ...

    async def close(self) -> None: ...
