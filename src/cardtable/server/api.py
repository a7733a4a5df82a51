"""The HTTP API: create and join tables, list and describe them, games, health and metrics."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, Field

from .. import bots, games
from . import status
from .access import bearer, history_open, locked, member_of, no_table, rate_limited
from .errors import TableError
from .history import MAX_PAGE_STEPS, PAGE_STEPS
from .hub import Hub
from .protocol import CreateTable, Joined, JoinTable

#: The content type of Prometheus's text exposition format.

router = APIRouter()

Code = Annotated[str, Path(min_length=1, max_length=16, description="the table's 6-character code")]


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorBody(BaseModel):
    error: ErrorDetail


ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody} for status in (400, 403, 404, 413, 422, 429, 503)
}


class TableSummary(BaseModel):
    code: str
    game: str
    name: str
    public: bool
    locked: bool
    status: str
    host_name: str
    players: int
    max_players: int
    late_join: bool = Field(description="whether a new player may take a seat now")


class Health(BaseModel):
    status: str
    database: str
    tables: int
    connections: int


def _hub(request: Request) -> Hub:
    return request.app.state.hub


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _summary(row: dict, late_join: bool) -> TableSummary:
    fields = {k: v for k, v in row.items() if k in TableSummary.model_fields}
    return TableSummary(**fields, game=row["game_id"], late_join=late_join)


async def _table(request: Request, code: str):
    """The live table `code` and the member the request's token names there (or None); the
    same `not-found` when there is no such table and when it shows nothing to the asker."""
    hub = _hub(request)
    if not hub.lookups.take(client_address(request)):
        raise rate_limited()
    live = await hub.get(code)
    if live is None:
        raise no_table()
    member = member_of(live.state, bearer(request))
    if member is None and locked(live.state):
        raise no_table()
    return live, member


@router.post("/api/tables", status_code=201, responses=ERRORS)
async def create_table(body: CreateTable, request: Request) -> Joined:
    """Open a table; the answer holds its code and the host's secret token."""
    return await _hub(request).create(body, client_address(request))


@router.post("/api/tables/{code}/join", responses=ERRORS)
async def join_table(code: Code, body: JoinTable, request: Request) -> Joined:
    """Take a seat (or watch, with `spectate`); the answer holds a secret token."""
    return await _hub(request).join(code, body, client_address(request))


@router.get("/api/tables", responses=ERRORS)
async def list_tables(request: Request) -> list[TableSummary]:
    """Public tables waiting for players, most recently active first; a lobby with no step
    for the site's `abandon_after` (its people long gone) is not listed."""
    hub = _hub(request)
    rows = await hub.store.open_tables(
        "lobby", public_only=True, limit=100, since=hub.abandoned_before()
    )
    return [_summary(row, row["players"] < row["max_players"]) for row in rows]


@router.get("/api/tables/{code}", responses=ERRORS)
async def table_summary(code: Code, request: Request) -> TableSummary:
    """A table's summary, what a person with its code would join: for a password table,
    only with a member's token (`Authorization: Bearer TOKEN`)."""
    live, _ = await _table(request, code)
    return _summary(live.state.summary(), live.state.late_join_open())


@router.get("/api/tables/{code}/history", responses=ERRORS, response_model=dict[str, Any])
async def table_history(
    code: Code,
    request: Request,
    after: Annotated[int, Query(ge=0, description="the seq of the last step already read")] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE_STEPS)] = PAGE_STEPS,
) -> Response:
    """Results and a page of the steps of the table as the public saw it (see
    docs/protocol.md); `next` is the `after` of the next page, null on the last. The page
    comes encoded (history.py)."""
    live, member = await _table(request, code)
    if member is None and not history_open(live.state):
        raise TableError("not-a-member", "only the table's members may read a game under way", 403)
    page = await _hub(request).history(live.code).page(after, limit)
    if page is None:
        raise no_table()
    return Response(page, media_type="application/json")


@router.get("/api/games")
async def list_games() -> list[dict[str, Any]]:
    """Every game with its seats, options, presets and bots."""
    return [{**games.get(g).describe(), "bots": list(bots.names(g))} for g in games.ids()]


@router.get("/api/health", responses=ERRORS)
async def health(request: Request) -> Health:
    """Whether the database answers; the tables held in memory and the open connections."""
    document = status.health([await status.process_status(_hub(request), counts=False)])
    if document is None:
        raise TableError(*status.UNAVAILABLE, 503)
    return Health(**document)


@router.get("/metrics", response_class=PlainTextResponse, responses=ERRORS)
async def metrics(request: Request) -> PlainTextResponse:
    """Prometheus text format: tables, connections, actions, latencies."""
    text = status.metrics_text([await status.process_status(_hub(request))])
    if text is None:
        raise TableError(*status.UNAVAILABLE, 503)
    return PlainTextResponse(text, media_type=status.PROMETHEUS_TEXT)
