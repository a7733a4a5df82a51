"""A copy of something the database holds, kept in memory and read again when it ages.

Moderation data (bans, hidden cards) is checked on hot paths: a copy answers at memory speed.
It is read again once older than `seconds` (Settings.moderation_refresh), so what another
process serving the same database changed holds here within that time, and at once after
`stale()` (this process changed it).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Refreshed(Generic[T]):
    def __init__(self, load: Callable[[], Awaitable[T]], seconds: float, empty: T):
        self._load = load
        self._seconds = seconds
        self._value = empty
        self._loaded_at = -math.inf
        self._lock = asyncio.Lock()

    def stale(self) -> None:
        """Read it again at the next `get`."""
        self._loaded_at = -math.inf

    def _aged(self) -> bool:
        return time.monotonic() - self._loaded_at > self._seconds

    async def get(self) -> T:
        if self._aged():
            async with self._lock:  # one read at a time; those waiting take its result
                if self._aged():
                    loaded_at = time.monotonic()
                    self._value = await self._load()
                    self._loaded_at = loaded_at
        return self._value
