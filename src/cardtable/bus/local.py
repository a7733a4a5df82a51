"""The in-process bus: several server instances in one process (tests, embedded use)."""

from __future__ import annotations

import asyncio

from .base import Subscriber, Subscribers


class InProcessBus:
    """Delivers each message to every subscriber of its table except the publishing node."""

    def __init__(self):
        self._subscribers = Subscribers()

    async def publish(self, code: str, node: str, message: bytes) -> None:
        loop = asyncio.get_running_loop()
        for callback in self._subscribers.others(code, node):
            loop.call_soon(callback, message)

    def subscribe(self, code: str, node: str, callback: Subscriber) -> None:
        self._subscribers.add(code, node, callback)

    def unsubscribe(self, code: str, node: str) -> None:
        self._subscribers.remove(code, node)

    def listened(self, code: str, node: str) -> bool:
        return self._subscribers.any_other(code, node)

    async def close(self) -> None:
        self._subscribers.clear()
