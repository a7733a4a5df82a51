"""The table's reducer: how each entry of its log changes it.

`apply(table, entry)` is the only way a table changes. A `lobby` entry goes to the handler
lobby.py registers for its action's type; `game` and `auto` entries are a seat's move (`auto`:
its autopilot's, which does not show that its people are back); `timeout` entries are the
table's own steps for the game (a deadline that passed, or away seats skipped). An entry the
rules refuse raises TableError or IllegalAction and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine import Decks, Event, IllegalAction
from .errors import ErrorCode, TableError
from .lobby import LOBBY_ACTIONS
from .state import LogEntry, TableState


def replay(code: str, entries: Iterable[LogEntry], decks: Decks = None) -> TableState:
    """The table its log's entries (the first a `create`) rebuild, its games dealing from
    `decks` (which must hold every deck the entries name; None: built-in decks only)."""
    steps = iter(entries)
    table = TableState.create(code, next(steps), decks)
    for entry in steps:
        replay_entry(table, entry)
    return table


def replay_entry(table: TableState, entry: LogEntry) -> list[Event]:
    """Apply a stored entry, as `apply` does; but after a game logged under other rules
    (`Game.rules`), ended unplayed at its start (lobby.py `start`), the entries the table now
    refuses (that game's moves, timeouts and claims) are passed over, each only counted."""
    try:
        return apply(table, entry)
    except (TableError, IllegalAction):
        if not table.other_rules:
            raise
    _advance(table, entry, False)
    return []


def apply(table: TableState, entry: LogEntry) -> list[Event]:
    """Apply the next entry of the log and return the events it caused."""
    if entry.seq != table.seq + 1:
        raise ValueError(f"table {table.code}: entry {entry.seq} after {table.seq}")
    now = max(table.clock, entry.game_time)
    table_changed = True
    if entry.kind == "lobby":
        handler = LOBBY_ACTIONS.get(entry.action.get("type"))
        if handler is None:
            raise TableError(ErrorCode.BAD_ACTION, "no such table action")
        events = handler(table, entry.action, now)
    elif entry.kind in ("game", "auto"):
        by_person = entry.kind == "game"
        events, table_changed = _play(table, entry.seat, entry.action, now, by_person)
    elif entry.kind == "timeout":
        events = _timeout(table, entry.action, now)
    else:
        raise ValueError(f"unknown log entry kind {entry.kind!r}")
    _advance(table, entry, table_changed)
    return events


def _advance(table: TableState, entry: LogEntry, table_changed: bool) -> None:
    """The table is at `entry` now: its sequence number, game time and wall time."""
    table.seq = entry.seq
    table.clock = max(table.clock, entry.game_time)
    table.last_wall = entry.wall_time
    table.table_changed = table_changed


def _play(
    table: TableState, seat: int | None, action: dict, now: float, by_person: bool
) -> tuple[list[Event], bool]:
    """A seat's move; `by_person`: made by whoever holds it (not its autopilot), which shows
    they are here: the seat is no longer away. With its events, whether it changed the table
    itself (see `TableState.table_changed`): the game changes only its own state, and the
    table changes only by `seat_back` and `check_end`, each of which says so by its events."""
    if table.status != "playing":
        raise TableError(ErrorCode.NO_GAME, "no game is running at this table")
    events = table.game.apply(table.game_state, seat, action, now)
    own = table.seat_back(seat) if seat is not None and by_person else []
    own += table.check_end(now)
    return events + own, bool(own)


def _timeout(table: TableState, action: dict, now: float) -> list[Event]:
    """The table's own steps for the game: a deadline that passed (`timeout`: the seats it
    found waiting missed it) or away seats no longer waited for (`skip`: nobody else missed
    anything)."""
    if table.status != "playing":
        raise TableError(ErrorCode.NO_GAME, "no game is running at this table")
    game = table.game
    trial = game.clone(table.game_state)
    late = game.late_seats(trial) if action.get("type") == "timeout" else frozenset()
    events = []
    for seat, step in action["actions"]:
        events += game.apply(trial, seat, step, now)
    table.game_state = trial
    for seat in late:
        status = table.seats[seat]
        status.missed += 1
        if status.missed >= table.away_after:
            events += table.seat_away(seat, "missed", now)
    return events + table.check_end(now)
