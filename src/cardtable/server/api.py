"""The HTTP API: create and join tables, list and describe them, games, health and metrics."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, Field

from .. import bots, games
from . import status
from .errors import TableError
from .history import public_history
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


async def _table(hub: Hub, code: str):
    live = await hub.get(code)
    if live is None:
        raise TableError("not-found", "no table with that code", 404)
    return live


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
    """Public tables waiting for players, most recently active first."""
    rows = await _hub(request).store.open_tables("lobby", public_only=True, limit=100)
    return [_summary(row, row["players"] < row["max_players"]) for row in rows]


@router.get("/api/tables/{code}", responses=ERRORS)
async def table_summary(code: Code, request: Request) -> TableSummary:
    live = await _table(_hub(request), code)
    return _summary(live.state.summary(), live.state.late_join_open())


@router.get("/api/tables/{code}/history", responses=ERRORS)
async def table_history(code: Code, request: Request) -> dict[str, Any]:
    """Results and every step of the table as the public saw it (see docs/protocol.md)."""
    hub = _hub(request)
    live = await _table(hub, code)
    return public_history(live.code, await hub.store.entries(live.code))


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
