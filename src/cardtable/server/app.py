"""The ASGI application: `create_app(settings)` wires the store, the bus, the site and the
routes."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI

from ..bus import Bus, open_bus
from ..store import Store
from ..store.deck_library import install_builtin
from .config import Settings
from .http import decks, games, health, leaderboard, moderation, table_settings, tables
from .http.body_limit import BodyLimit
from .http.errors import install_error_handlers
from .realtime import endpoint
from .realtime.messages import MAX_MESSAGE_BYTES, PROTOCOL_VERSION
from .site import Site

log = logging.getLogger(__name__)


def create_app(
    settings: Settings,
    open_store: Callable[..., Awaitable[Store]] = Store.open,
    open_bus: Callable[..., Awaitable[Bus]] = open_bus,
) -> FastAPI:
    """`open_store` and `open_bus` open the database and the bus as `Store.open` and
    `bus.open_bus` do (tests give ones that fail a write or lose a message on purpose)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        store = await open_store(settings.database_url, settings.sqlite_fsync)
        await install_builtin(store)
        bus = await open_bus(settings.bus_url, settings.clock, settings.bus_prefix)
        site = app.state.site = Site(settings, store, bus)
        site.start()
        resumed = await site.resume()
        if resumed:
            log.info("resumed %d tables with a game running", resumed)
        try:
            yield
        finally:
            await site.close()
            await bus.close()
            await store.close()

    app = FastAPI(
        title="cardtable",
        summary="A self-hostable online table for party card games.",
        description=f"HTTP API; the realtime protocol (version {PROTOCOL_VERSION}) is on "
        "`/ws/{code}` and described in docs/protocol.md.",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.add_middleware(
        BodyLimit, limit=MAX_MESSAGE_BYTES, routes={("POST", "/api/decks"): decks.UPLOAD_LIMIT}
    )
    install_error_handlers(app)
    for router in (
        tables.router,
        games.router,
        table_settings.router,
        health.router,
        leaderboard.router,
        endpoint.router,
        decks.router,
        decks.admin,
        moderation.router,
        moderation.admin,
    ):
        app.include_router(router)
    return app
