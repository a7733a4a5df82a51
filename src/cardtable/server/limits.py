"""An ASGI middleware that refuses HTTP bodies over a size limit before they are read whole.

`larger` gives a few routes (method, path) a limit of their own, e.g. deck uploads."""

from __future__ import annotations

import orjson


class BodyTooLarge(Exception):
    pass


class BodyLimit:
    def __init__(self, app, limit: int, larger: dict[tuple[str, str], int] | None = None):
        self.app = app
        self.limit = limit
        self.larger = larger or {}

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get((scope["method"], scope["path"]), self.limit)
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > limit):
                await self._refuse(send, limit)
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
                await self._refuse(send, limit)

    async def _refuse(self, send, limit: int) -> None:
        body = orjson.dumps(
            {"error": {"code": "too-large", "message": f"bodies are at most {limit} bytes"}}
        )
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "http.response.body", "body": body})
