"""Fan-out of table updates between server processes: in-process (default) or Redis.

A process publishes each step it stores; every other process serving that table applies it
and updates its own connections. Messages can be lost (a Redis subscriber reconnecting), so a
receiver that sees a gap in the sequence numbers reads the missing steps from the log.
"""

from __future__ import annotations

from .base import Bus, Subscriber
from .local import InProcessBus

__all__ = ["Bus", "InProcessBus", "Subscriber", "open_bus"]


async def open_bus(url: str | None) -> Bus:
    """The bus for `url`: None for in-process (the only one so far; Redis is to come)."""
    if url is None:
        return InProcessBus()
    raise ValueError(f"unsupported bus URL {url!r}: only the in-process bus exists yet")
