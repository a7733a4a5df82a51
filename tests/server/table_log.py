"""A table built entry by entry, as the server logs them: the lobby reducer driven without a
server, a socket or a clock (tests of `cardtable.table`)."""

from __future__ import annotations

from cardtable import games
from cardtable.store import Entry
from cardtable.table import reducer
from cardtable.table.state import TableState


class Log:
    """A table built entry by entry, as the server logs them."""

    def __init__(self, game: str, players: list[str], spectators: tuple[str, ...] = ()):
        host = {"name": players[0], "token": "token-0", "client": "client-0", "address": "a0"}
        create = {
            "type": "create",
            "game": game,
            "options": games.get(game).options("default"),
            "name": "T",
            "public": False,
            "created": 0.0,
            "host": host,
        }
        self.entries = [Entry(1, "lobby", None, create, 0.0, 0.0)]
        self.table = TableState.create("TEST01", self.entries[0])
        for name in players[1:]:
            self.lobby({"type": "join", "name": name, "token": f"token-{name}"})
        for name in spectators:
            self.lobby({"type": "join", "name": name, "token": f"token-{name}", "spectate": True})

    def lobby(self, action: dict, at: float | None = None) -> list:
        return self.step("lobby", None, action, at)

    def step(self, kind: str, seat, action: dict, at: float | None = None) -> list:
        at = self.table.clock if at is None else at
        entry = Entry(self.table.seq + 1, kind, seat, action, at, at)
        events = reducer.apply(self.table, entry)
        self.entries.append(entry)
        return events

    def start(self) -> None:
        self.lobby({"type": "start", "by": self.table.host, "seed": 7})
