"""The server's clock: what time it is and when to wake up, so that tests can move time on.

Everything that waits in a live table (presence grace periods, stage deadlines, bots) reads
the time and arms its wake-ups through one `Clock`, and the site's periodic work sleeps on it.
`SystemClock` is the real one; `ManualClock` stands still until `advance` moves it, firing
what fell due on the loop that armed it, so a test (or a benchmark) can pass a grace period
of 45 s in no time at all.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import threading
import time
from collections.abc import Callable
from typing import Protocol


class Handle(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def time(self) -> float:
        """Wall-clock seconds since the epoch."""
        ...

    def call_later(self, delay: float, callback: Callable, *args) -> Handle:
        """Call `callback(*args)` on the running loop `delay` seconds from now."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Return `seconds` from now."""
        ...


class SystemClock:
    """The machine's clock and the event loop's timers."""

    def time(self) -> float:
        return time.time()

    def call_later(self, delay: float, callback: Callable, *args) -> Handle:
        return asyncio.get_running_loop().call_later(delay, callback, *args)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class _ManualHandle:
    __slots__ = ("args", "callback", "cancelled", "loop")

    def __init__(self, loop: asyncio.AbstractEventLoop, callback: Callable, args: tuple):
        self.loop, self.callback, self.args = loop, callback, args
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True

    def fire(self) -> None:
        if not self.cancelled:
            self.callback(*self.args)


class ManualClock:
    """A clock that moves only when told: `advance(seconds)` from any thread fires, in order,
    every wake-up that falls due, each on the loop that armed it. A wake-up armed for now or
    earlier runs at the loop's next turn."""

    def __init__(self, start: float = 1_800_000_000.0):
        self._now = start
        self._due: list[tuple[float, int, _ManualHandle]] = []
        self._order = itertools.count()
        self._lock = threading.Lock()

    def time(self) -> float:
        return self._now

    def call_later(self, delay: float, callback: Callable, *args) -> Handle:
        loop = asyncio.get_running_loop()
        handle = _ManualHandle(loop, callback, args)
        if delay <= 0:
            loop.call_soon(handle.fire)
            return handle
        with self._lock:
            heapq.heappush(self._due, (self._now + delay, next(self._order), handle))
        return handle

    async def sleep(self, seconds: float) -> None:
        """Return once `advance` has moved the clock `seconds` on (a wake-up like any other)."""
        woken = asyncio.get_running_loop().create_future()
        handle = self.call_later(seconds, _wake, woken)
        try:
            await woken
        finally:
            handle.cancel()

    def advance(self, seconds: float) -> None:
        """Move time on by `seconds`, firing what falls due on the way."""
        with self._lock:
            until = self._now + seconds
            fired = []
            while self._due and self._due[0][0] <= until:
                fired.append(heapq.heappop(self._due)[2])
            self._now = until
        for handle in fired:
            if not handle.cancelled and not handle.loop.is_closed():  # a server stopped since
                handle.loop.call_soon_threadsafe(handle.fire)

    def pending(self) -> list[float]:
        """When each wake-up still armed is due (a `sleep` under way is one), soonest first."""
        with self._lock:
            return sorted(at for at, _, handle in self._due if not handle.cancelled)


def _wake(future: asyncio.Future) -> None:
    if not future.done():  # not cancelled meanwhile
        future.set_result(None)
