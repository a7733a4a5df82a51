"""Finished games' results and the names players keep, and the leaderboard read from them.

A name is kept by the first client identity (the hash of the `client` a create or join request
carries) that finishes a game under it. Each finished game stores one row per seat; a row counts
on the leaderboard (it has a `name_key`) only when a person played that seat under a name their
own client keeps: bots and people playing under someone else's kept name are stored unranked.
Writing a game twice (a replay, a second process) changes nothing: the primary key is (table,
game number, seat) and both names and rows are inserted only when absent.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import case, func, select
from sqlalchemy.dialects.postgresql import insert as postgres_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from .schema import player_names, results
from .store import Store


@dataclass(frozen=True, slots=True)
class SeatResult:
    """How one seat of a finished game did. `client` is the hashed client identity of the
    person who held it, None for a bot."""

    seat: int
    name: str
    name_key: str
    client: str | None
    place: int
    score: float | None


@dataclass(frozen=True, slots=True)
class FinishedGame:
    table_code: str
    game_no: int
    game_id: str
    finished_at: float
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True, slots=True)
class Ranking:
    name: str
    wins: int
    games: int
    points: float


def _insert_absent(store: Store, table, rows: list[dict]):
    """One INSERT of `rows` that skips those whose key is already stored."""
    insert = postgres_insert if store.engine.dialect.name == "postgresql" else sqlite_insert
    return insert(table).values(rows).on_conflict_do_nothing()


async def record_game(store: Store, game: FinishedGame) -> None:
    """Store a finished game's rows, claiming unclaimed names for their clients; idempotent.

    Each statement commits on its own (no lock is held between them: on SQLite the log's
    writer waits on the event loop for the database lock). A game cut off half-way is
    completed by writing it again.
    """
    people = {s.name_key: s for s in game.seats if s.client is not None}
    holders: dict[str, str] = {}
    async with store.engine.connect() as connection:
        connection = await connection.execution_options(isolation_level="AUTOCOMMIT")
        if people:
            claims = [
                {
                    "name_key": key,
                    "name": s.name,
                    "client_hash": s.client,
                    "claimed_at": game.finished_at,
                }
                for key, s in people.items()
            ]
            await connection.execute(_insert_absent(store, player_names, claims))
            query = select(player_names.c.name_key, player_names.c.client_hash).where(
                player_names.c.name_key.in_(people)
            )
            holders = dict((await connection.execute(query)).all())
        rows = [
            {
                "table_code": game.table_code,
                "game_no": game.game_no,
                "seat": s.seat,
                "game_id": game.game_id,
                "name_key": s.name_key
                if s.client is not None and holders.get(s.name_key) == s.client
                else None,
                "name": s.name,
                "place": s.place,
                "won": s.place == 1,
                "score": s.score,
                "finished_at": game.finished_at,
            }
            for s in game.seats
        ]
        await connection.execute(_insert_absent(store, results, rows))


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
    async with store.engine.connect() as connection:
        rows = (await connection.execute(query)).all()
    return [Ranking(name, int(w), int(g), _number(p)) for name, w, g, p in rows]


def _number(value) -> float:
    """Whole points as an int (5, not 5.0), others as they are."""
    value = float(value)
    return int(value) if value.is_integer() else value
