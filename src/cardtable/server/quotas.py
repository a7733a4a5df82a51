"""Per-address quotas on what costs the site storage: tables created, and deck uploads (how
many, and their total size). A request past a quota is answered `rate-limited` (429) naming
the limit, before anything is stored. With several workers each allows its share."""

from __future__ import annotations

from ..table.errors import ErrorCode, TableError
from .config import Settings
from .ratelimit import site_limiter

HOUR = 3600.0


class Quotas:
    def __init__(self, settings: Settings):
        workers = settings.workers
        self.settings = settings
        self.tables = site_limiter(settings.create_rate, settings.create_burst, workers)
        count, size = settings.uploads_per_hour, settings.upload_bytes_per_hour
        self.uploads = site_limiter(count / HOUR, count, workers)
        self.upload_bytes = site_limiter(size / HOUR, size, workers)

    def create_table(self, address: str) -> None:
        """Spend one table from `address`'s quota, or refuse."""
        if not self.tables.take(address):
            per_minute = self.settings.create_rate * 60
            raise TableError(
                ErrorCode.RATE_LIMITED,
                f"at most {per_minute:g} tables a minute (bursts of "
                f"{self.settings.create_burst}) from one address; wait a little",
                429,
            )

    def upload_deck(self, address: str, size: int) -> None:
        """Spend one upload of `size` bytes from `address`'s quotas, or refuse (spending
        nothing)."""
        if not (self.uploads.allows(address) and self.upload_bytes.allows(address, size)):
            settings = self.settings
            raise TableError(
                ErrorCode.RATE_LIMITED,
                f"at most {settings.uploads_per_hour} deck uploads and "
                f"{settings.upload_bytes_per_hour / 2**20:g} MiB an hour from one address; "
                "wait a little",
                429,
            )
        self.uploads.take(address)
        self.upload_bytes.take(address, size)
