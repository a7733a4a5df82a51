"""The ASGI application: `create_app(settings)` wires the store, the bus and the routes."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..bus import Bus, open_bus
from ..engine import IllegalAction
from ..store import DATABASE_ERRORS, Store, database_down
from ..store.deck_library import install_builtin
from . import api, decks_api, leaderboard_api, moderation_api, ws
from .decks import UPLOAD_LIMIT
from .errors import TableError, unavailable
from .hub import Hub
from .limits import BodyLimit
from .protocol import MAX_MESSAGE_BYTES, PROTOCOL_VERSION
from .settings import Settings

log = logging.getLogger(__name__)


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


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
        hub = app.state.hub = Hub(settings, store, bus)
        hub.start()
        resumed = await hub.resume()
        if resumed:
            log.info("resumed %d tables with a game running", resumed)
        try:
            yield
        finally:
            await hub.close()
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
        BodyLimit, limit=MAX_MESSAGE_BYTES, routes={("POST", "/api/decks"): UPLOAD_LIMIT}
    )

    @app.exception_handler(TableError)
    async def table_error(request: Request, error: TableError):
        request.app.state.hub.metrics.rejected[error.code] += 1
        return _error(error.status, error.code, error.message)

    async def database_error(request: Request, error: Exception):
        """A request that needed the database while it does not answer: `unavailable` (503)
        and one line in the log. Any other database error is the server's own (500); the
        WebSocket answers its own (ws.py)."""
        why = database_down(error)
        if why is None or request.scope["type"] != "http":
            raise error
        log.warning("%s %s refused (the database: %s)", request.method, request.url.path, why)
        return await table_error(request, unavailable())

    for kind in DATABASE_ERRORS:
        app.add_exception_handler(kind, database_error)

    @app.exception_handler(IllegalAction)
    async def illegal_action(request: Request, error: IllegalAction):
        return _error(400, error.code, error.message)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, error: RequestValidationError):
        first = error.errors()[0] if error.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(p) for p in first["loc"])
        return _error(422, "bad-request", f"{where}: {first['msg']}"[:300])

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException):
        code = {404: "not-found", 405: "bad-method"}.get(error.status_code, "bad-request")
        return _error(error.status_code, code, str(error.detail)[:300])

    app.include_router(api.router)
    app.include_router(leaderboard_api.router)
    app.include_router(ws.router)
    app.include_router(decks_api.router)
    app.include_router(decks_api.admin)
    app.include_router(moderation_api.router)
    app.include_router(moderation_api.admin)
    return app
