"""The server's per-step work without sockets or a database: T tables of P CAH players, each
step applied by the reducer and its messages built (`FanOut._broadcast`) and handed out in
order (`send_in_order`) to one stand-in connection per player, as a live table does when each
step is a group of its own (a paced load). Prints one line:

fanout: tables=T players=P steps=N build_us_per_step=N send_us_per_step=N bytes_per_step=N

`build` is the views, diffs and encoding of one step's updates; `send` is handing them out
(joining, framing nothing: the stand-ins keep the bytes). Only those are timed (process CPU);
the players choose as bench/load.py's do, from the document their updates built, which each
checks against a fresh welcome document every `--check` steps. Usage:

    uv run python bench/fanout.py --tables 50 --steps 20000
"""

from __future__ import annotations

import argparse
import gc
import time

import orjson

from cardtable import games
from cardtable.cli.serve import GC_THRESHOLDS
from cardtable.server.live.fanout import FanOut
from cardtable.server.realtime.outgoing import send_in_order
from cardtable.store import Entry
from cardtable.table import reducer
from cardtable.table.patch import apply
from cardtable.table.state import TableState
from load import _choose


class Viewer:
    """A stand-in connection: who it is, and the document its messages built."""

    def __init__(self, member: int):
        self.member, self.key, self.document, self.sent = member, None, None, 0

    def send(self, message: bytes) -> None:
        self.sent += len(message)
        self.pending.append(message)

    def close(self, code: int) -> None:
        raise AssertionError(f"member {self.member} closed with {code}")

    def read(self) -> None:
        """Apply the updates received since the last read."""
        for raw in self.pending:
            message = orjson.loads(raw)
            self.document = apply(self.document, message["patch"])
        self.pending = []


class Table(FanOut):
    """A table's state and fan-out, as `LiveTable` holds them, with every player online."""

    def __init__(self, code: str, players: int, seed: int):
        host = {"name": "P0", "token": "t0", "client": "c0", "address": "a"}
        options = games.get("cah").options("default")
        create = {"type": "create", "game": "cah", "options": options, "name": code}
        create.update(public=False, created=0.0, host=host)
        self.state = TableState.create(code, Entry(1, "lobby", None, create, 0.0, 0.0))
        for n in range(1, players):
            self._lobby({"type": "join", "name": f"P{n}", "token": f"t{n}", "client": f"c{n}"})
        self._lobby({"type": "start", "by": self.state.host, "seed": seed})
        self.connections = [Viewer(member) for member in self.state.members]
        self._online = set(self.state.members)
        self._table_doc = self.state.document(self._online)
        self._public, self._yous = None, {}
        self.welcome_all()

    def welcome_all(self) -> None:
        for viewer in self.connections:
            viewer.document, viewer.pending = _welcome(self, viewer), []

    def online(self) -> set[int]:
        return self._online

    def _lobby(self, action: dict) -> None:
        state = self.state
        reducer.apply(state, Entry(state.seq + 1, "lobby", None, action, state.clock, 0.0))

    def next_action(self) -> tuple[Viewer, dict] | None:
        """The first player awaited, and what it plays."""
        for viewer in self.connections:
            action = _choose(viewer.document, viewer.key)
            if action is not None:
                return viewer, action
        return None


def _welcome(table: Table, viewer: Viewer) -> dict:
    """The document `viewer` would be welcomed with now, as a client reads it."""
    return orjson.loads(orjson.dumps(table.document(viewer)))


def run(args) -> str:
    tables = [Table(f"T{n:05d}", args.players, n) for n in range(args.tables)]
    build = send = 0.0
    steps = size = 0
    clock = time.process_time
    gc.freeze()  # as the server does (cli/serve.py)
    gc.set_threshold(*GC_THRESHOLDS)
    while steps < args.steps:
        for table in tables:
            state = table.state
            if state.status != "playing":  # the game ended: a new one
                table._lobby({"type": "start", "by": state.host, "seed": steps})
                table._table_doc = state.document(table._online)
                table.welcome_all()
                continue
            chosen = table.next_action()
            if chosen is None:  # a pause nobody acts in: its deadline passes
                viewer, deadline = None, state.game.deadline(state.game_state)
                pairs = state.game.timeout_actions(state.game_state)
                action = {"type": "timeout", "deadline": deadline, "actions": pairs}
                entry = Entry(state.seq + 1, "timeout", None, action, deadline, 0.0)
            else:
                viewer, action = chosen
                entry = Entry(state.seq + 1, "game", viewer.key, action, state.clock + 1, 0.0)
            started = clock()
            events = reducer.apply(state, entry)
            acks = {} if viewer is None else {viewer: 1}
            sends = table._broadcast([(entry.seq, events)], state.table_changed, acks)
            built = clock()
            send_in_order(sends)
            send += clock() - built
            build += built - started
            steps += 1
            for other in table.connections:
                size += sum(len(m) for m in other.pending)
                other.read()
                if steps % args.check == 0:
                    fresh = _welcome(table, other)
                    assert other.document == fresh, f"{state.code}: {other.member} differs"
    return (
        f"fanout: tables={args.tables} players={args.players} steps={steps} "
        f"build_us_per_step={build / steps * 1e6:.1f} send_us_per_step={send / steps * 1e6:.1f} "
        f"bytes_per_step={size / steps:.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--steps", type=int, default=20000)
    parser.add_argument("--check", type=int, default=97, help="check documents every N steps")
    print(run(parser.parse_args()), flush=True)


if __name__ == "__main__":
    main()
