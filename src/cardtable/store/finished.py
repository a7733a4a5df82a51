"""A finished game as the leaderboard stores it, and the rows it writes.

The rows go in with the log entry of the step that ended the game, in the same transaction
(writers.py), so a game is never stored without its results. A name is kept by the first
client identity (the hash of the `client` a create or join request carries) that finishes a
game under it. Each finished game stores one row per seat; a row counts on the leaderboard (it
has a `name_key`) only when a person played that seat under a name their own client keeps:
bots and people playing under someone else's kept name are stored unranked. Writing a game
twice (a replay, a second process) changes nothing: the primary key is (table, game number,
seat) and both names and rows are inserted only when absent.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.result import is_draw
from .schema import player_names, results


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


NAME_COLUMNS = tuple(column.name for column in player_names.columns)
RESULT_COLUMNS = tuple(column.name for column in results.columns)


def insert_absent(table: str, columns: tuple[str, ...], marks: list[str]) -> str:
    """An INSERT of one row (`marks` are the driver's placeholders) that skips a stored key."""
    return (
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(marks)}) "
        "ON CONFLICT DO NOTHING"
    )


def name_claims(game: FinishedGame) -> list[tuple]:
    """The names the game's people claim (in NAME_COLUMNS order); a name already kept stays
    with its keeper."""
    people = {s.name_key: s for s in game.seats if s.client is not None}
    return [(key, s.name, s.client, game.finished_at) for key, s in people.items()]


def result_rows(game: FinishedGame, keepers: dict[str, str]) -> list[tuple]:
    """One row per seat (in RESULT_COLUMNS order); `keepers` maps a claimed name to the client
    that keeps it, so only a seat played under its own client's name is ranked. A seat won if
    it placed first, unless the game was a draw (every seat first: engine/result.py)."""
    drawn = is_draw([s.place for s in game.seats])
    return [
        (
            game.table_code,
            game.game_no,
            s.seat,
            game.game_id,
            s.name_key if s.client is not None and keepers.get(s.name_key) == s.client else None,
            s.name,
            s.place,
            s.place == 1 and not drawn,
            s.score,
            game.finished_at,
        )
        for s in game.seats
    ]
