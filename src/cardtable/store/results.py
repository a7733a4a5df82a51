"""The leaderboard, read from the rows finished games left (finished.py writes them).

Only rows with a `name_key` count: a seat played under a name its own client keeps.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import case, func, select

from .schema import player_names, results
from .store import Store


@dataclass(frozen=True, slots=True)
class Ranking:
    name: str
    wins: int
    games: int
    points: float


async def leaderboard(
    store: Store, game_id: str | None = None, since: float | None = None, limit: int = 100
) -> list[Ranking]:
    """Kept names ranked by wins, then fewer games (a better win rate), then points."""
    wins = func.sum(case((results.c.won, 1), else_=0))
    games = func.count()
    points = func.coalesce(func.sum(results.c.score), 0)
    query = (
        select(player_names.c.name, wins, games, points)
        .select_from(results)
        .join(player_names, player_names.c.name_key == results.c.name_key)
        .group_by(player_names.c.name_key, player_names.c.name)
        .order_by(wins.desc(), games.asc(), points.desc(), player_names.c.name_key)
        .limit(limit)
    )
    if game_id is not None:
        query = query.where(results.c.game_id == game_id)
    if since is not None:
        query = query.where(results.c.finished_at >= since)
    return [Ranking(name, int(w), int(g), _number(p)) for name, w, g, p in await store.rows(query)]


def _number(value) -> float:
    """Whole points as an int (5, not 5.0), others as they are."""
    value = float(value)
    return int(value) if value.is_integer() else value
