"""`GET /api/leaderboard`: kept names ranked across finished games, by game and period.

Only kept names appear (store/results.py): never a token, a client identity or its hash.
"""

from __future__ import annotations

import time
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel

from ... import games
from ...store.results import leaderboard
from ...table.errors import ErrorCode, TableError
from .context import site_of
from .errors import ERRORS

router = APIRouter()

#: How far back each period looks, in seconds; "all" has no limit.
PERIODS = {"day": 86400.0, "week": 7 * 86400.0, "all": None}
MAX_ROWS = 100


class Ranked(BaseModel):
    name: str
    wins: int
    games: int
    points: int | float


@router.get("/api/leaderboard", responses=ERRORS)
async def get_leaderboard(
    request: Request,
    game: Annotated[
        str | None, Query(max_length=64, description="a game id; all games if omitted")
    ] = None,
    period: Annotated[Literal["day", "week", "all"], Query()] = "all",
    limit: Annotated[int, Query(ge=1, le=MAX_ROWS)] = MAX_ROWS,
) -> list[Ranked]:
    """Players by wins, then fewer games (a better win rate), then points; a draw counts as a
    game won by nobody (store/finished.py). Bots and names played by anyone but the client
    that keeps them are not ranked."""
    if game is not None and game not in games.ids():
        raise TableError(
            ErrorCode.UNKNOWN_GAME, f"no game {game!r}; games: {', '.join(games.ids())}", 422
        )
    span = PERIODS[period]
    since = None if span is None else time.time() - span
    rows = await leaderboard(site_of(request).store, game, since, limit)
    return [Ranked(name=r.name, wins=r.wins, games=r.games, points=r.points) for r in rows]
