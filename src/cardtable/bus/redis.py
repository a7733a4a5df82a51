"""The Redis bus: table updates between server processes through redis-py asyncio pub/sub.

Table `code` has the channel `{prefix}{code}`. Each process subscribes to the channels of the
tables it holds, and only to those, so it never receives other tables' traffic; its listening
connection also holds one channel of its own (`{prefix}*bus`), on which nothing is published,
so that it stays subscribed while it holds no table.

Pub/sub drops whatever is published while a subscriber is away, so subscribers are called
with None, and read the log to catch up, whenever a message may have been missed: once their
table's channel is subscribed, and again after each reconnection (tried again with
exponential backoff). Publishing never waits on Redis: messages queue in order and one sender
task writes them, batched, and retries while Redis is unreachable. The waits between attempts
are on the clock the bus is given (the server's), so that tests move them on by hand.
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

from .base import DEFAULT_PREFIX, Clock, Subscriber, Subscribers

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
    """Open with `await RedisBus.open(url, clock, prefix)`; `prefix` separates sites sharing a
    Redis."""

    def __init__(self, url: str, clock: Clock, prefix: str = DEFAULT_PREFIX):
        self.prefix = prefix
        self._clock = clock
        self._publisher = Redis.from_url(url)
        # No silent reconnects inside redis-py: each one must be seen here, to catch up.
        self._listener = Redis.from_url(
            url,
            retry=Retry(NoBackoff(), 0),
            health_check_interval=HEALTH_CHECK,
            client_name=listener_name(prefix),
        )
        self._subscribers = Subscribers()
        #: The listening connection's pub/sub while it is subscribed, else None.
        self._pubsub = None
        #: Table channels subscribed on that connection (the confirmation received).
        self._subscribed: set[bytes] = set()
        self._outbox: deque[tuple[str, bytes]] = deque(maxlen=MAX_QUEUED)
        self._queued = asyncio.Event()
        self._sending = False
        self._listening = asyncio.Event()
        self._tasks: list[asyncio.Task] = []

    @classmethod
    async def open(cls, url: str, clock: Clock, prefix: str = DEFAULT_PREFIX) -> RedisBus:
        """Connect and start listening; raises if Redis does not answer within a few seconds."""
        bus = cls(url, clock, prefix)
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
        first = not self._subscribers.has(code)
        self._subscribers.add(code, node, callback)
        channel = self._channel(code)
        if channel in self._subscribed:
            # Steps stored before this moment are in the log; later ones will arrive.
            asyncio.get_running_loop().call_soon(callback, None)
        elif first:
            self._command("subscribe", channel)  # confirmed later: then the catch-up call

    def unsubscribe(self, code: str, node: str) -> None:
        self._subscribers.remove(code, node)
        if not self._subscribers.has(code):
            self._subscribed.discard(self._channel(code))
            self._command("unsubscribe", self._channel(code))

    def listened(self, code: str, node: str) -> bool:
        return True  # the other processes' subscriptions are not known here

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
                    await pubsub.subscribe(self._own_channel)
                    while True:
                        message = await pubsub.get_message(timeout=HEALTH_CHECK)
                        if message is None:
                            continue
                        if message["type"] == "message":
                            self._deliver(message["channel"], message["data"])
                        elif message["type"] != "subscribe":
                            continue
                        elif message["channel"] == self._own_channel:
                            await self._connected(pubsub)
                            delay = BACKOFF[0]
                        else:
                            self._caught_up(message["channel"])
            except (RedisError, OSError) as error:
                if self._listening.is_set():
                    log.warning("redis bus: subscription lost (%s); reconnecting", error)
            finally:
                self._pubsub = None
                self._subscribed.clear()
                self._listening.clear()
            await self._clock.sleep(delay)
            delay = min(delay * 2, BACKOFF[1])

    async def _connected(self, pubsub) -> None:
        """Listening (again): subscribe the channel of every table held here."""
        self._pubsub = pubsub
        self._listening.set()
        channels = [self._channel(code) for code in self._subscribers.codes()]
        if channels:
            await pubsub.subscribe(*channels)

    def _caught_up(self, channel: bytes) -> None:
        """A table's channel is subscribed: what was published before is in the log."""
        code = channel.decode()[len(self.prefix) :]
        if not self._subscribers.has(code):
            return  # unsubscribed meanwhile; its unsubscribe follows
        self._subscribed.add(channel)
        for callback in self._subscribers.of(code):
            self._call(callback, None)

    def _command(self, name: str, channel: bytes) -> None:
        """Subscribe or unsubscribe a channel on the listening connection, when there is one
        (a reconnection subscribes every table's channel anyway)."""
        if self._pubsub is not None:
            task = asyncio.get_running_loop().create_task(self._run(name, channel))
            self._tasks.append(task)
            task.add_done_callback(self._tasks.remove)

    async def _run(self, name: str, channel: bytes) -> None:
        pubsub = self._pubsub
        try:
            await getattr(pubsub, name)(channel)
        except (RedisError, OSError) as error:  # the listener sees the same fault, reconnects
            log.warning("redis bus: %s %s failed (%s)", name, channel.decode(), error)

    def _channel(self, code: str) -> bytes:
        return (self.prefix + code).encode()

    @property
    def _own_channel(self) -> bytes:
        return (self.prefix + "*bus").encode()

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
                    await self._clock.sleep(delay)
                    delay = min(delay * 2, BACKOFF[1])
            self._sending = False
            delay = BACKOFF[0]

    async def _flushed(self) -> None:
        while self._outbox or self._sending:
            await asyncio.sleep(0.01)
