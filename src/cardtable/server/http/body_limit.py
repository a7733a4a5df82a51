"""An ASGI middleware that refuses HTTP bodies over a size limit before they are read whole.

`routes` gives a few routes (method, path) a `RouteLimit` of their own, e.g. deck uploads: a
larger size and the 413 answer's message, which names the limit and what to do instead."""

from __future__ import annotations

from dataclasses import dataclass

import orjson

from ...table.errors import ErrorCode


class BodyTooLarge(Exception):
    pass


@dataclass(frozen=True)
class RouteLimit:
    """The most one route's body may hold, and what its 413 answer says."""

    max_bytes: int
    message: str


class BodyLimit:
    def __init__(self, app, limit: int, routes: dict[tuple[str, str], RouteLimit] | None = None):
        self.app = app
        self.default = RouteLimit(limit, f"bodies are at most {limit} bytes")
        self.routes = routes or {}

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        route = self.routes.get((scope["method"], scope["path"]), self.default)
        limit = route.max_bytes
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > limit):
                await self._refuse(send, route)
                return
        seen = 0
        started = False

        async def limited_receive():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLarge
            return message

        async def tracking_send(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await self._refuse(send, route)

    async def _refuse(self, send, route: RouteLimit) -> None:
        body = orjson.dumps({"error": {"code": ErrorCode.TOO_LARGE, "message": route.message}})
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "http.response.body", "body": body})
