"""`/api/tables`: create and join tables, list the public ones, describe one, read its
public history."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ...table.errors import ErrorCode, TableError
from ...table.history import MAX_PAGE_STEPS, PAGE_STEPS
from ..refusals import no_table, rate_limited
from .access import bearer, history_open, locked, member_of
from .bodies import CreateTable, Joined, JoinTable
from .context import client_address, site_of
from .errors import ERRORS
from .joining import create_table as create
from .joining import join_table as join

router = APIRouter()

Code = Annotated[str, Path(min_length=1, max_length=16, description="the table's 6-character code")]


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


def _summary(row: dict, late_join: bool) -> TableSummary:
    fields = {k: v for k, v in row.items() if k in TableSummary.model_fields}
    return TableSummary(**fields, game=row["game_id"], late_join=late_join)


async def _table(request: Request, code: str):
    """The live table `code` and the member the request's token names there (or None); the
    same `not-found` when there is no such table and when it shows nothing to the asker."""
    site = site_of(request)
    if not site.limiters.lookups.take(client_address(request)):
        raise rate_limited()
    live = await site.tables.get(code)
    if live is None:
        raise no_table()
    member = member_of(live.state, bearer(request))
    if member is None and locked(live.state):
        raise no_table()
    return live, member


@router.post("/api/tables", status_code=201, responses=ERRORS)
async def create_table(body: CreateTable, request: Request) -> Joined:
    """Open a table; the answer holds its code and the host's secret token."""
    return await create(site_of(request), body, client_address(request))


@router.post("/api/tables/{code}/join", responses=ERRORS)
async def join_table(code: Code, body: JoinTable, request: Request) -> Joined:
    """Take a seat (or watch, with `spectate`); the answer holds a secret token."""
    return await join(site_of(request), code, body, client_address(request))


@router.get("/api/tables", responses=ERRORS)
async def list_tables(request: Request) -> list[TableSummary]:
    """Public tables waiting for players, most recently active first; a lobby with no step
    for the site's `abandon_after` (its people long gone) is not listed."""
    site = site_of(request)
    rows = await site.store.open_tables(
        "lobby", public_only=True, limit=100, since=site.tables.abandoned_before()
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
    comes encoded (live/histories.py)."""
    live, member = await _table(request, code)
    if member is None and not history_open(live.state):
        only_members = "only the table's members may read a game under way"
        raise TableError(ErrorCode.NOT_A_MEMBER, only_members, 403)
    page = await site_of(request).tables.history(live.code).page(after, limit)
    if page is None:
        raise no_table()
    return Response(page, media_type="application/json")
