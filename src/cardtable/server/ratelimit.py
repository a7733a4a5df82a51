"""Token buckets: per member for WebSocket messages, per client address (or client) for join
attempts, other requests naming a table code, and the quotas on tables and deck uploads; and
`Limiters`, the limits one server process applies."""

from __future__ import annotations

import math
import time

from .config import Settings


class Bucket:
    """Allows `burst` events at once and `rate` per second after that (an event may weigh more
    than one: a deck upload's bytes)."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float):
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def ready(self, amount: float = 1) -> bool:
        """Whether `take(amount)` would succeed now (nothing is taken)."""
        return self.tokens + (time.monotonic() - self.stamp) * self.rate >= amount

    def take(self, amount: float = 1) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < amount:
            return False
        self.tokens -= amount
        return True


class KeyedLimiter:
    """One bucket per key (a client address); forgets keys whose bucket has refilled."""

    def __init__(self, rate: float, burst: float, max_keys: int = 100_000):
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self.buckets: dict[str, Bucket] = {}

    def bucket(self, key: str) -> Bucket:
        """The bucket of `key`, for holders that take from it themselves (a member's
        connections share one)."""
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.max_keys:
                self._forget_full()
            bucket = self.buckets[key] = Bucket(self.rate, self.burst)
        return bucket

    def take(self, key: str, amount: float = 1) -> bool:
        return self.bucket(key).take(amount)

    def allows(self, key: str, amount: float = 1) -> bool:
        """Whether `take(key, amount)` would succeed now, without taking: for limits that only
        failures spend, and for checking several limits before spending from any."""
        bucket = self.buckets.get(key)
        return bucket.ready(amount) if bucket is not None else amount <= self.burst

    def _forget_full(self) -> None:
        now = time.monotonic()
        self.buckets = {
            key: bucket
            for key, bucket in self.buckets.items()
            if bucket.tokens + (now - bucket.stamp) * bucket.rate < bucket.burst
        }


def site_limiter(rate: float, burst: int, workers: int) -> KeyedLimiter:
    """One worker's share of a limit that is the site's: each of `workers` processes allows
    `rate / workers` and a burst of `burst / workers` (at least one)."""
    return KeyedLimiter(rate / workers, max(1, math.ceil(burst / workers)))


class Limiters:
    """The rate limits of one server process, each keyed by whom it limits. Per-address limits
    are the site's: each of several workers allows its share."""

    def __init__(self, settings: Settings):
        workers = settings.workers
        #: Join attempts, per address and per client.
        self.joins = site_limiter(settings.join_rate, settings.join_burst, workers)
        #: Requests naming a table code (summaries, histories, reports, failed hellos), per
        #: address: codes cannot be tried at speed.
        self.lookups = site_limiter(settings.lookup_rate, settings.lookup_burst, workers)
        #: Chat lines per member of a table (`code/member`).
        self.chats = KeyedLimiter(settings.chat_rate, settings.chat_burst)
        #: WebSocket messages per member of a table (`code/member`), all their connections
        #: together.
        self.messages = KeyedLimiter(settings.message_rate, settings.message_burst)
        #: Reports per token, and per address (people behind one address share it, so it
        #: allows four times as many).
        self.reports = site_limiter(settings.report_rate, settings.report_burst, workers)
        self.reports_by_address = site_limiter(
            settings.report_rate * 4, settings.report_burst * 4, workers
        )
