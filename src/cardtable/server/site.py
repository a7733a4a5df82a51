"""The services one server process holds, as the routes and the WebSocket endpoint reach them
(`app.state.site`): its settings, store and metrics, the tables it holds (`tables`), the relay
to other processes, moderation, and the limits it applies. `start` runs its periodic work:
repeating who is online here to other processes (`presence_lease`) and keeping moderation's
copies fresh."""

from __future__ import annotations

import asyncio

from ..bus import Bus
from ..store import Store
from .config import Settings
from .live.context import TableContext
from .live.registry import Registry
from .live.relay import Relay, log_failure
from .live.table_decks import TableDecks
from .metrics import Metrics
from .moderation.upkeep import Moderation
from .quotas import Quotas
from .ratelimit import Limiters
from .realtime.admission import Admission


class Site:
    def __init__(self, settings: Settings, store: Store, bus: Bus):
        self.settings = settings
        self.store = store
        self.metrics = Metrics()
        self.relay = Relay(bus)
        #: The decks this process's tables deal from (built-in, and library decks read).
        self.decks = TableDecks(store)
        self.tables = Registry(TableContext(settings, store, self.metrics, self.relay, self.decks))
        self.moderation = Moderation(settings, store)
        self.limiters = Limiters(settings)
        self.quotas = Quotas(settings)
        #: The caps on WebSocket connections open at once.
        self.admission = Admission(settings)
        #: The periodic work (`start`).
        self._keeping: list[asyncio.Task] = []

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        held = self.tables.held
        for work in (self._keep_presence(), self.moderation.keep(held.values)):
            task = loop.create_task(work)
            task.add_done_callback(log_failure)
            self._keeping.append(task)

    async def resume(self) -> int:
        """Load the tables with a game running (`Registry.resume`); returns how many."""
        return await self.tables.resume()

    async def close(self) -> None:
        for task in self._keeping:
            task.cancel()
        self.tables.close()

    async def _keep_presence(self) -> None:
        """Every third of the presence lease: repeat who is online here at each table other
        processes may hold, and forget what they said that is older than the lease."""
        clock, lease = self.settings.clock, self.settings.presence_lease
        while True:
            await clock.sleep(lease / 3)
            for live in list(self.tables.held.values()):
                if live.local_online and self.relay.listened(live.code):
                    await live.publish_presence()
                await live.expire_remote_online(clock.time() - lease)
