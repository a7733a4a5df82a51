"""The fan-out (live/fanout.py) without a server: random games of every game, every step a
group of its own or several steps in one, each seat's people and a spectator as stand-in
connections. After every group, the document each connection built from its welcome and the
patches it was sent equals the document it would be welcomed with now (its own seat's part and
no other), and connections that see the same thing are sent the same message."""

from __future__ import annotations

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import games
from cardtable.engine import Rng
from cardtable.server.live.fanout import FanOut
from cardtable.server.realtime.outgoing import send_in_order
from cardtable.store import Entry
from cardtable.table import reducer
from cardtable.table.errors import TableError
from cardtable.table.patch import apply
from cardtable.table.state import TableState

GAMES = games.ids(unlisted=True)


class Viewer:
    """A stand-in connection: the document its messages built, and what it was sent."""

    def __init__(self, member: int):
        self.member, self.key = member, None
        self.document: dict = {}
        self.messages: list[bytes] = []

    def send(self, message: bytes) -> None:
        self.messages.append(message)

    def close(self, code: int) -> None:
        raise AssertionError(f"member {self.member} closed with {code}")

    def read(self) -> list[dict]:
        received = [orjson.loads(raw) for raw in self.messages]
        for message in received:
            self.document = apply(self.document, message["patch"])
        self.messages = []
        return received


class Table(FanOut):
    """A table's state and fan-out as `LiveTable` holds them: `seats` players, two of them
    with a second tab open, and a spectator, everyone online."""

    def __init__(self, game_id: str, seats: int, seed: int):
        host = {"name": "P0", "token": "t0", "client": "c0", "address": "a"}
        create = {"type": "create", "game": game_id, "options": games.get(game_id).options()}
        create.update(name="T", public=False, created=0.0, host=host)
        self.state = TableState.create("FANOUT", Entry(1, "lobby", None, create, 0.0, 0.0))
        for n in range(1, seats):
            self.lobby({"type": "join", "name": f"P{n}", "token": f"t{n}", "client": f"c{n}"})
        watcher = {"type": "join", "name": "W", "token": "tw", "client": "cw", "spectate": True}
        self.lobby(watcher)
        self.lobby({"type": "start", "by": self.state.host, "seed": seed})
        members = list(self.state.members)
        self.connections = [Viewer(m) for m in members + members[:2]]
        self._table_doc = self.state.document(self.online())
        self._public, self._yous = None, {}
        for viewer in self.connections:
            viewer.document = _welcome(self, viewer)

    def online(self) -> set[int]:
        return set(self.state.members)

    def lobby(self, action: dict) -> None:
        state = self.state
        reducer.apply(state, Entry(state.seq + 1, "lobby", None, action, state.clock, 0.0))

    def step(self, rng: Rng) -> tuple[int, list] | None:
        """Apply one random step (a seat's move, or the deadline passing when nobody is to
        move); None when the game is over."""
        state = self.state
        if state.status != "playing":
            return None
        game, position = state.game, state.game_state
        seats = sorted(game.to_act(position))
        at = state.clock + 1
        if seats:
            seat = rng.choice(seats)
            action = game.random_action(game.clone(position), seat, rng)
            entry = Entry(state.seq + 1, "game", seat, action, at, 0.0)
        else:
            deadline = game.deadline(position)
            if deadline is None:
                return None
            pairs = [list(pair) for pair in game.timeout_actions(position)]
            action = {"type": "timeout", "deadline": deadline, "actions": pairs}
            entry = Entry(state.seq + 1, "timeout", None, action, max(at, deadline), 0.0)
        return entry.seq, reducer.apply(state, entry)


def _welcome(table: Table, viewer: Viewer) -> dict:
    """The document `viewer` would be welcomed with now, as a client reads it."""
    return orjson.loads(orjson.dumps(table.document(viewer)))


def _seats(game_id: str) -> tuple[int, int]:
    game = games.get(game_id)
    low, high = game.seat_range(game.options())
    return low, min(high, 5)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_each_connection_builds_the_document_it_would_be_welcomed_with(game_id, data):
    seats = data.draw(st.integers(*_seats(game_id)), "seats")
    seed = data.draw(st.integers(0, 2**32), "seed")
    table, rng = Table(game_id, seats, seed), Rng(seed)
    by_member = {viewer.member: viewer for viewer in table.connections}
    for _ in range(data.draw(st.integers(5, 60), "groups")):
        steps = []
        for _ in range(data.draw(st.sampled_from([1, 1, 1, 2, 4]))):
            try:
                step = table.step(rng)
            except TableError:
                step = None
            if step is not None:
                steps.append(step)
        if not steps:
            break
        actor = by_member[table.state.seats[0].members[0]] if table.state.seats else None
        acks = {} if actor is None else {actor: "id-1"}
        send_in_order(table._broadcast(steps, table.state.document_changed, acks))
        sent: dict[int | None, set[bytes]] = {}
        for viewer in table.connections:
            if viewer is not actor:
                sent.setdefault(viewer.key, set()).update(viewer.messages)
            viewer.read()
            assert viewer.document == _welcome(table, viewer)
        assert all(len(messages) == 1 for messages in sent.values())  # one message per audience
