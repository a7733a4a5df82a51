"""What a finished game gives the leaderboard: one row per seat, stored with the step that
ended the game (store/finished.py writes the rows and the names players keep).

A seat shared by a team is credited to the member who holds it (the first of its members).
"""

from __future__ import annotations

from ...store.finished import FinishedGame, SeatResult
from ...table.names import name_key
from ...table.state import TableState


def finished_game(state: TableState) -> FinishedGame | None:
    """The table's last finished game; call while its seats are still those of that game
    (from the step that ended it until the next start). None for a game ended without a
    result (abandoned by the one player left, `TableState.claim`)."""
    result = state.results[-1]
    if result["places"] is None:
        return None
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
