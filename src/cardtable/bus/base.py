"""What a bus offers: publish bytes on a table's channel, subscribe a callback to one; and
the clock a bus that reconnects waits on."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Protocol

#: The start of each table's channel name on a shared bus.
DEFAULT_PREFIX = "cardtable:table:"

#: Called with each message published on a table's channel by another node, and with None
#: when messages may have been lost (the receiver then reads the log to catch up).
Subscriber = Callable[[bytes | None], None]


class Clock(Protocol):
    """What a bus waits on between attempts to reach its server: the server's clock
    (`cardtable.server.clock`) is one, so that tests move the waits on by hand."""

    async def sleep(self, seconds: float) -> None:
        """Return `seconds` from now."""
        ...


class Bus(Protocol):
    """`node` names a server process; a node never receives its own messages."""

    async def publish(self, code: str, node: str, message: bytes) -> None: ...

    def subscribe(self, code: str, node: str, callback: Subscriber) -> None: ...

    def unsubscribe(self, code: str, node: str) -> None: ...

    def listened(self, code: str, node: str) -> bool:
        """Whether what `node` publishes on `code` may reach another node (else it may skip
        publishing altogether)."""
        ...

    async def close(self) -> None: ...


class Subscribers:
    """The callbacks subscribed in this process, by table code and node."""

    def __init__(self):
        self._by_code: dict[str, dict[str, Subscriber]] = defaultdict(dict)

    def add(self, code: str, node: str, callback: Subscriber) -> None:
        self._by_code[code][node] = callback

    def remove(self, code: str, node: str) -> None:
        subscribers = self._by_code.get(code)
        if subscribers is not None:
            subscribers.pop(node, None)
            if not subscribers:
                del self._by_code[code]

    def others(self, code: str, sender: str) -> list[Subscriber]:
        """The callbacks of `code` that belong to nodes other than `sender`."""
        return [cb for node, cb in self._by_code.get(code, {}).items() if node != sender]

    def any_other(self, code: str, sender: str) -> bool:
        """Whether a node other than `sender` subscribes to `code` (`others`, without a list:
        asked after every step)."""
        nodes = self._by_code.get(code)
        return nodes is not None and (len(nodes) > 1 or sender not in nodes)

    def of(self, code: str) -> list[Subscriber]:
        return list(self._by_code.get(code, {}).values())

    def has(self, code: str) -> bool:
        return code in self._by_code

    def codes(self) -> list[str]:
        return list(self._by_code)

    def clear(self) -> None:
        self._by_code.clear()
