"""The table's reducer: how each entry of its log changes it.

`apply(table, entry)` is the only way a table changes. A `lobby` entry goes to the handler
lobby.py registers for its action's type; `game` and `auto` entries are a seat's move (`auto`:
its autopilot's, which does not show that its people are back); `timeout` entries are the
table's own steps for the game (a deadline that passed, or away seats skipped). An entry the
rules refuse raises TableError or IllegalAction and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine import Decks, Event
from .errors import ErrorCode, TableError
from .lobby import LOBBY_ACTIONS
from .state import LogEntry, TableState


def replay(code: str, entries: Iterable[LogEntry], decks: Decks = None) -> TableState:
    """The table its log's entries (the first a `create`) rebuild, its games dealing from
    `decks` (which must hold every deck the entries name; None: built-in decks only)."""
    steps = iter(entries)
    table = TableState.create(code, next(steps), decks)
    for entry in steps:
        apply(table, entry)
    return table


def apply(table: TableState, entry: LogEntry) -> list[Event]:
    """Apply the next entry of the log and return the events it caused."""
    if entry.seq != table.seq + 1:
        raise ValueError(f"table {table.code}: entry {entry.seq} after {table.seq}")
    now = max(table.clock, entry.game_time)
    before = _document_inputs(table) if entry.kind in ("game", "auto") else None
    if entry.kind == "lobby":
        handler = LOBBY_ACTIONS.get(entry.action.get("type"))
        if handler is None:
            raise TableError(ErrorCode.BAD_ACTION, "no such table action")
        events = handler(table, entry.action, now)
    elif entry.kind == "game":
        events = _play(table, entry.seat, entry.action, now)
    elif entry.kind == "auto":
        events = _play(table, entry.seat, entry.action, now, by_person=False)
    elif entry.kind == "timeout":
        events = _timeout(table, entry.action, now)
    else:
        raise ValueError(f"unknown log entry kind {entry.kind!r}")
    table.seq = entry.seq
    table.clock = now
    table.last_wall = entry.wall_time
    table.document_changed = before is None or before != _document_inputs(table)
    return events


def _document_inputs(table: TableState) -> tuple:
    """What a game action may change in `document()`: most change none of it."""
    deadline = None
    if table.game_state is not None and table.status == "playing":
        deadline = table.game.deadline(table.game_state)
    return table.status, deadline, [(s.away, s.gone) for s in table.seats]


def _play(
    table: TableState, seat: int | None, action: dict, now: float, by_person: bool = True
) -> list[Event]:
    """A seat's move; `by_person`: made by whoever holds it (not its autopilot), which shows
    they are here: the seat is no longer away."""
    if table.status != "playing":
        raise TableError(ErrorCode.NO_GAME, "no game is running at this table")
    events = table.game.apply(table.game_state, seat, action, now)
    if seat is not None and by_person:
        events += table.seat_back(seat)
    return events + table.check_end(now)


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
