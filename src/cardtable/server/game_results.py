"""What a finished game gives the leaderboard: one row per seat, written once the step that
ended the game is durable (store/results.py keeps the rows and the names players keep).

A seat shared by a team is credited to the member who holds it (the first of its members).
"""

from __future__ import annotations

import asyncio

from ..store import Store
from ..store.results import FinishedGame, SeatResult, record_game
from .names import name_key
from .table import TableState


def finished_game(state: TableState) -> FinishedGame:
    """The table's last finished game; call while its seats are still those of that game
    (from the step that ended it until the next start)."""
    result = state.results[-1]
    scores = result.get("scores")
    seats = []
    for seat, status in enumerate(state.seats):
        holder = state.members[status.members[0]]
        seats.append(
            SeatResult(
                seat=seat,
                name=holder.name,
                name_key=name_key(holder.name),
                client=None if holder.bot else holder.client,
                place=result["places"][seat],
                score=None if scores is None else scores[seat],
            )
        )
    return FinishedGame(
        state.code, result["game_number"], state.game_id, result["finished_at"], tuple(seats)
    )


async def record_once_stored(store: Store, stored: asyncio.Future, game: FinishedGame) -> None:
    """Write `game`'s rows once the step that ended it is durable; a step that failed to store
    ended no game (the table replays from the log), so nothing is written then."""
    try:
        await asyncio.shield(stored)
    except Exception:
        return
    await record_game(store, game)
