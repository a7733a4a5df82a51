"""Fan-out of table updates between server processes: in-process (default) or Redis.

A process publishes each step it stores; every other process serving that table applies it
and updates its own connections. Messages can be lost (a Redis subscriber reconnecting), so a
receiver that sees a gap in the sequence numbers reads the missing steps from the log.
A Redis bus waits on the server's clock between attempts to reach Redis.
"""

from __future__ import annotations

from .base import DEFAULT_PREFIX, Bus, Clock, Subscriber
from .local import InProcessBus

__all__ = ["DEFAULT_PREFIX", "Bus", "Clock", "InProcessBus", "Subscriber", "open_bus"]


async def open_bus(url: str | None, clock: Clock, prefix: str = DEFAULT_PREFIX) -> Bus:
    """The bus for `url`: None for in-process, redis://, rediss:// or unix:// for Redis
    (`prefix` starts the name of each table's channel; a Redis bus waits on `clock` between
    attempts to reach Redis)."""
    if url is None:
        return InProcessBus()
    if url.startswith(("redis://", "rediss://", "unix://")):
        from .redis import RedisBus  # redis-py is imported only when it is used

        return await RedisBus.open(url, clock, prefix)
    raise ValueError(f"unsupported bus URL {url!r}: use redis://host:port/db")
