"""The Redis bus: table updates between server processes through redis-py asyncio pub/sub.

Table `code` has the channel `{prefix}{code}`. Each process subscribes once to the pattern
`{prefix}*` and hands every message to its own subscribers of that table (so a process sees
the traffic of every table; fine for the few processes a self-hosted site runs).

Pub/sub drops whatever is published while a subscriber is away, so subscribers are called
with None, and read the log to catch up, whenever a message may have been missed: when they
subscribe, and after each reconnection (tried again with exponential backoff). Publishing
never waits on Redis: messages queue in order and one sender task writes them, batched, and
retries while Redis is unreachable.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import deque

from redis.asyncio import Redis
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry

from .base import DEFAULT_PREFIX, Subscriber, Subscribers

log = logging.getLogger(__name__)

#: Seconds between reconnection attempts: doubling from the first to the last.
BACKOFF = (0.05, 5.0)
#: Messages kept while Redis is unreachable; older ones are dropped (receivers read the log).
MAX_QUEUED = 10_000
#: Seconds between checks that a quiet subscription is still alive.
HEALTH_CHECK = 5
#: Seconds to wait for Redis at start, and for queued messages to leave at close.
START_TIMEOUT = 10.0
FLUSH_TIMEOUT = 2.0


def listener_name(prefix: str) -> str:
    """The Redis client name of the subscriptions on `prefix` (CLIENT LIST shows it)."""
    return "cardtable-bus:" + re.sub(r"[^\w:.-]", "_", prefix)


class RedisBus:
    """Open with `await RedisBus.open(url, prefix)`; `prefix` separates sites sharing a Redis."""

    def __init__(self, url: str, prefix: str = DEFAULT_PREFIX):
        self.prefix = prefix
        self._publisher = Redis.from_url(url)
        # No silent reconnects inside redis-py: each one must be seen here, to catch up.
        self._listener = Redis.from_url(
            url,
            retry=Retry(NoBackoff(), 0),
            health_check_interval=HEALTH_CHECK,
            client_name=listener_name(prefix),
        )
        self._subscribers = Subscribers()
        self._outbox: deque[tuple[str, bytes]] = deque(maxlen=MAX_QUEUED)
        self._queued = asyncio.Event()
        self._sending = False
        self._listening = asyncio.Event()
        self._tasks: list[asyncio.Task] = []

    @classmethod
    async def open(cls, url: str, prefix: str = DEFAULT_PREFIX) -> RedisBus:
        """Connect and start listening; raises if Redis does not answer within a few seconds."""
        bus = cls(url, prefix)
        try:
            await asyncio.wait_for(bus._publisher.ping(), START_TIMEOUT)
            bus._tasks = [asyncio.create_task(bus._listen()), asyncio.create_task(bus._send())]
            await asyncio.wait_for(bus._listening.wait(), START_TIMEOUT)
        except BaseException:
            await bus.close()
            raise
        return bus

    # -- the Bus contract ---------------------------------------------------------------------

    async def publish(self, code: str, node: str, message: bytes) -> None:
        self._outbox.append((self.prefix + code, node.encode() + b"\n" + message))
        self._queued.set()

    def subscribe(self, code: str, node: str, callback: Subscriber) -> None:
        self._subscribers.add(code, node, callback)
        if self._listening.is_set():
            # Steps stored before this moment are in the log; later ones will arrive.
            asyncio.get_running_loop().call_soon(callback, None)

    def unsubscribe(self, code: str, node: str) -> None:
        self._subscribers.remove(code, node)

    async def close(self) -> None:
        if self._tasks:
            try:
                await asyncio.wait_for(self._flushed(), FLUSH_TIMEOUT)
            except TimeoutError:
                log.warning("redis bus: %d messages not sent at close", len(self._outbox))
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._subscribers.clear()
        await self._publisher.aclose()
        await self._listener.aclose()

    # -- receiving ----------------------------------------------------------------------------

    async def _listen(self) -> None:
        delay = BACKOFF[0]
        while True:
            try:
                async with self._listener.pubsub() as pubsub:
                    await pubsub.psubscribe(re.sub(r"([*?[\]\\])", r"\\\1", self.prefix) + "*")
                    while True:
                        message = await pubsub.get_message(timeout=HEALTH_CHECK)
                        if message is None:
                            continue
                        if message["type"] == "psubscribe":
                            self._connected()
                            delay = BACKOFF[0]
                        elif message["type"] == "pmessage":
                            self._deliver(message["channel"], message["data"])
            except (RedisError, OSError) as error:
                if self._listening.is_set():
                    log.warning("redis bus: subscription lost (%s); reconnecting", error)
                self._listening.clear()
            await asyncio.sleep(delay)
            delay = min(delay * 2, BACKOFF[1])

    def _connected(self) -> None:
        """Subscribed (again): every table may have missed messages meanwhile."""
        self._listening.set()
        for callback in self._subscribers.every():
            self._call(callback, None)

    def _deliver(self, channel: bytes, data: bytes) -> None:
        code = channel.decode()[len(self.prefix) :]
        sender, _, message = data.partition(b"\n")
        for callback in self._subscribers.others(code, sender.decode()):
            self._call(callback, message)

    def _call(self, callback: Subscriber, message: bytes | None) -> None:
        try:
            callback(message)
        except Exception:
            log.exception("redis bus: a subscriber failed")

    # -- sending ------------------------------------------------------------------------------

    async def _send(self) -> None:
        delay = BACKOFF[0]
        while True:
            await self._queued.wait()
            batch = list(self._outbox)
            self._outbox.clear()
            self._queued.clear()
            self._sending = True
            while True:
                try:
                    async with self._publisher.pipeline(transaction=False) as pipe:
                        for channel, data in batch:
                            pipe.publish(channel, data)
                        await pipe.execute()
                    break
                except (RedisError, OSError) as error:
                    log.warning("redis bus: publishing failed (%s); retrying", error)
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, BACKOFF[1])
            self._sending = False
            delay = BACKOFF[0]

    async def _flushed(self) -> None:
        while self._outbox or self._sending:
            await asyncio.sleep(0.01)
