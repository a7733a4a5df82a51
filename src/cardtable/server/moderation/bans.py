"""Site-wide bans as the server checks them: by client identity (hashed) and by address.

The active bans are held in memory (`Refreshed`), so a check costs two dictionary lookups; this
process reads them again after each change it makes, and moderation's upkeep (upkeep.py)
every so often. An expiring ban stops holding at its end (by the server's clock) without a
reload.
"""

from __future__ import annotations

import math

from ...store import Store
from ...store.moderation import list_bans
from ...table.errors import ErrorCode, TableError
from ..clock import Clock
from .refreshed import Refreshed

#: Client hash or address -> when its ban ends (inf: for good).
Held = dict[str, float]


class BanList:
    """`clock`: the server's, which says when a ban has ended."""

    def __init__(self, store: Store, clock: Clock):
        self.store = store
        self.clock = clock
        self._bans: Refreshed[tuple[Held, Held]] = Refreshed(self._read, ({}, {}))

    async def _read(self) -> tuple[Held, Held]:
        clients: Held = {}
        addresses: Held = {}
        now = self.clock.time()
        for ban in await list_bans(self.store, now, active_only=True, limit=1_000_000):
            until = math.inf if ban["until"] is None else ban["until"]
            for key, held in ((ban["client"], clients), (ban["address"], addresses)):
                if key:
                    held[key] = max(held.get(key, until), until)
        return clients, addresses

    async def reload(self) -> None:
        """Read the active bans from the database now (after this process changed them)."""
        self._bans.stale()
        await self._bans.get()

    async def refresh(self) -> None:
        """Read them again in the background (what other processes changed)."""
        await self._bans.refresh()

    async def banned(self, client_hash: str | None, address: str | None) -> bool:
        clients, addresses = await self._bans.get()
        now = self.clock.time()
        return (client_hash is not None and clients.get(client_hash, 0) > now) or (
            address is not None and addresses.get(address, 0) > now
        )

    async def check(self, client_hash: str | None, address: str | None) -> None:
        """TableError `banned` (403) when the client or the address is banned."""
        if await self.banned(client_hash, address):
            raise TableError(ErrorCode.BANNED, "you are banned from this site", 403)
