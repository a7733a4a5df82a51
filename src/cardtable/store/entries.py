"""One step of a table's log: a lobby action, a game action or a timeout, in sequence."""

from __future__ import annotations

from typing import Any, NamedTuple

KINDS = ("lobby", "game", "timeout")


class Entry(NamedTuple):
    """Step `seq` (from 1) of a table. `seat` is the acting seat for game actions (None: the
    table itself), the acting member for lobby actions. `game_time` is the table clock in
    seconds, passed to the game as `now`; `wall_time` is Unix time when it was written.
    """

    seq: int
    kind: str
    seat: int | None
    action: dict[str, Any]
    game_time: float
    wall_time: float
