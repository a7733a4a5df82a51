"""Token buckets: per connection for messages, per client address (or client) for join
attempts and other requests naming a table code."""

from __future__ import annotations

import time


class Bucket:
    """Allows `burst` events at once and `rate` per second after that."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float):
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def ready(self) -> bool:
        """Whether `take` would succeed now (nothing is taken)."""
        return self.tokens + (time.monotonic() - self.stamp) * self.rate >= 1

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class KeyedLimiter:
    """One bucket per key (a client address); forgets keys whose bucket has refilled."""

    def __init__(self, rate: float, burst: float, max_keys: int = 100_000):
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self.buckets: dict[str, Bucket] = {}

    def take(self, key: str) -> bool:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.max_keys:
                self._forget_full()
            bucket = self.buckets[key] = Bucket(self.rate, self.burst)
        return bucket.take()

    def allows(self, key: str) -> bool:
        """Whether `take(key)` would succeed now, without taking: for limits that only
        failures spend."""
        bucket = self.buckets.get(key)
        return bucket is None or bucket.ready()

    def _forget_full(self) -> None:
        now = time.monotonic()
        self.buckets = {
            key: bucket
            for key, bucket in self.buckets.items()
            if bucket.tokens + (now - bucket.stamp) * bucket.rate < bucket.burst
        }
