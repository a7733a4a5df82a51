"""A copy of something the database holds, kept in memory and read again in the background.

Moderation data (bans, hidden cards) is checked on hot paths: a copy answers at memory speed.
A caller waits for a read only when there is no copy yet, or when this process changed the data
(`stale()`). Otherwise `refresh()` (moderation's upkeep, at its start and every
Settings.moderation_refresh seconds) reads it again while callers keep getting the copy held,
so a busy server never holds an action up for a read: under load a read can take seconds.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Refreshed(Generic[T]):
    def __init__(self, load: Callable[[], Awaitable[T]], empty: T):
        self._load = load
        self._value = empty
        #: Bumped by `stale()`; the copy held is current when it was read at the same count.
        self._changes = 1
        self._read_at = 0
        self._lock = asyncio.Lock()  # one read at a time

    def stale(self) -> None:
        """The data changed here: the next `get` waits for a read that starts after now."""
        self._changes += 1

    @property
    def held(self) -> T:
        """The copy held now, without reading."""
        return self._value

    async def get(self) -> T:
        if self._read_at != self._changes:
            async with self._lock:
                if self._read_at != self._changes:  # no read since: read now
                    await self._read()
        return self._value

    async def refresh(self) -> None:
        """Read it again; callers get the copy held until the read is done."""
        async with self._lock:
            await self._read()

    async def _read(self) -> None:
        changes = self._changes
        self._value = await self._load()
        self._read_at = changes
