"""The in-process bus: several server instances in one process (tests, embedded use)."""

from __future__ import annotations

import asyncio
from collections import defaultdict

from .base import Subscriber


class InProcessBus:
    """Delivers each message to every subscriber of its table except the publishing node."""

    def __init__(self):
        self._subscribers: dict[str, dict[str, Subscriber]] = defaultdict(dict)

    async def publish(self, code: str, node: str, message: bytes) -> None:
        loop = asyncio.get_running_loop()
        for other, callback in list(self._subscribers.get(code, {}).items()):
            if other != node:
                loop.call_soon(callback, message)

    def subscribe(self, code: str, node: str, callback: Subscriber) -> None:
        self._subscribers[code][node] = callback

    def unsubscribe(self, code: str, node: str) -> None:
        subscribers = self._subscribers.get(code)
        if subscribers is not None:
            subscribers.pop(node, None)
            if not subscribers:
                del self._subscribers[code]

    async def close(self) -> None:
        self._subscribers.clear()
