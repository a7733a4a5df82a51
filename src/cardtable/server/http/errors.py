"""How the HTTP API answers errors: `{"error": {"code", "message"}}` with a stable code
(table/errors.py `ErrorCode`), for a table's refusals, a game's, the database not answering,
invalid requests and unknown paths alike; and the error bodies the OpenAPI document shows."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from ...engine import IllegalAction
from ...store import DATABASE_ERRORS, database_down
from ...table.errors import ErrorCode, TableError
from ..refusals import unavailable
from .context import site_of

log = logging.getLogger(__name__)


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorBody(BaseModel):
    error: ErrorDetail


#: The error answers a route may give, for its OpenAPI `responses`.
ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody} for status in (400, 403, 404, 413, 422, 429, 503)
}

#: The code of an HTTP error Starlette raises, by status (any other is `bad-request`).
_HTTP_CODES = {404: ErrorCode.NOT_FOUND, 405: ErrorCode.BAD_METHOD}


def error_response(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def install_error_handlers(app: FastAPI) -> None:
    """Answer every refusal of `app` with an error body."""

    @app.exception_handler(TableError)
    async def table_error(request: Request, error: TableError):
        site_of(request).metrics.rejected[error.code] += 1
        return error_response(error.status, error.code, error.message)

    async def database_error(request: Request, error: Exception):
        """A request that needed the database while it does not answer: `unavailable` (503)
        and one line in the log. Any other database error is the server's own (500); the
        WebSocket answers its own (realtime/endpoint.py)."""
        why = database_down(error)
        if why is None or request.scope["type"] != "http":
            raise error
        log.warning("%s %s refused (the database: %s)", request.method, request.url.path, why)
        return await table_error(request, unavailable())

    for kind in DATABASE_ERRORS:
        app.add_exception_handler(kind, database_error)

    @app.exception_handler(IllegalAction)
    async def illegal_action(request: Request, error: IllegalAction):
        return error_response(400, error.code, error.message)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, error: RequestValidationError):
        first = error.errors()[0] if error.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(p) for p in first["loc"])
        return error_response(422, ErrorCode.BAD_REQUEST, f"{where}: {first['msg']}"[:300])

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException):
        code = _HTTP_CODES.get(error.status_code, ErrorCode.BAD_REQUEST)
        answer = error_response(error.status_code, code, str(error.detail)[:300])
        answer.headers.update(error.headers or {})  # a 405's `Allow`, as HTTP asks
        return answer
