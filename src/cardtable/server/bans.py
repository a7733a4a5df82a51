"""Site-wide bans as the hub checks them: by client identity (hashed) and by address.

The active bans are held in memory, so a check costs two dictionary lookups. This process
reloads them after each change it makes, and re-reads the database when its copy is older
than `refresh_seconds` (Settings.moderation_refresh), so a ban made by another process serving
the same database holds here within that time. An expiring ban stops holding at its end without a
reload.
"""

from __future__ import annotations

import asyncio
import math
import time

from ..store import Store
from ..store.moderation import list_bans
from .errors import TableError


class BanList:
    def __init__(self, store: Store, refresh_seconds: float):
        self.store = store
        self.refresh_seconds = refresh_seconds
        #: Client hash or address -> when its ban ends (inf: for good).
        self._clients: dict[str, float] = {}
        self._addresses: dict[str, float] = {}
        self._loaded_at = -math.inf
        self._lock = asyncio.Lock()

    async def reload(self) -> None:
        """Read the active bans from the database."""
        async with self._lock:
            loaded_at = time.monotonic()
            clients: dict[str, float] = {}
            addresses: dict[str, float] = {}
            for ban in await list_bans(self.store, active_only=True, limit=1_000_000):
                until = math.inf if ban["until"] is None else ban["until"]
                for key, held in ((ban["client"], clients), (ban["address"], addresses)):
                    if key:
                        held[key] = max(held.get(key, until), until)
            self._clients, self._addresses, self._loaded_at = clients, addresses, loaded_at

    async def banned(self, client_hash: str | None, address: str | None) -> bool:
        if time.monotonic() - self._loaded_at > self.refresh_seconds:
            await self.reload()
        now = time.time()
        return (client_hash is not None and self._clients.get(client_hash, 0) > now) or (
            address is not None and self._addresses.get(address, 0) > now
        )

    async def check(self, client_hash: str | None, address: str | None) -> None:
        """TableError `banned` (403) when the client or the address is banned."""
        if await self.banned(client_hash, address):
            raise TableError("banned", "you are banned from this site", 403)
