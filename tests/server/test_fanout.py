"""The fan-out (live/fanout.py) without a server: random games of every game, every step of the
game a group of its own or several steps in one, each seat's people and spectators as stand-in
connections; between the game's steps, what happens around a game: members marked away and
back, connections dropping and coming back (presence), players removed, late joins, a
spectator taking a seat, the host skipping whom the game waits on, a claim, chat. After every
group, the document each connection built from its welcome and the patches it was sent equals
the document it would be welcomed with now (its own seat's part and no other) and the table's
document built afresh, and connections that see the same thing are sent the same message.
A step of the game that leaves the table itself as it was patches at most the fields the game
decides (`TableState.game_fields`: the deadline, whether a player may join)."""

from __future__ import annotations

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import games
from cardtable.engine import IllegalAction, Rng
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
        self.closed: int | None = None

    def send(self, message: bytes) -> None:
        self.messages.append(message)

    def close(self, code: int) -> None:
        self.closed = code

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
        self.here = set(members)
        self.connections = [Viewer(m) for m in members + members[:2]]
        self._table_doc = self.state.document(self.online())
        self._public, self._yous = None, {}
        for viewer in self.connections:
            viewer.document = _welcome(self, viewer)

    def online(self) -> set[int]:
        return {viewer.member for viewer in self.connections} & self.here

    def _build(self) -> None:
        """Nothing is left to build: every step here is broadcast as it is applied."""

    def _post(self, connection: Viewer, message: bytes) -> None:
        connection.send(message)

    def lobby(self, action: dict, later: float = 0.0) -> list:
        """Apply a lobby step `later` seconds of game time on; its events."""
        state = self.state
        entry = Entry(state.seq + 1, "lobby", None, action, state.clock + later, 0.0)
        return reducer.apply(state, entry)

    def step(self, rng: Rng) -> tuple[int, list, bool] | None:
        """Apply one random step (a seat's move, its autopilot's for a seat the server plays,
        or the deadline passing when nobody is to move): its seq, events and whether it
        changed the table itself; None when the game is over."""
        state = self.state
        if state.status != "playing":
            return None
        game, position = state.game, state.game_state
        seats = sorted(game.to_act(position))
        at = state.clock + 1
        if seats:
            seat = rng.choice(seats)
            action = game.random_action(game.clone(position), seat, rng)
            kind = "auto" if seat in state.autopilot_seats() else "game"
            entry = Entry(state.seq + 1, kind, seat, action, at, 0.0)
        else:
            deadline = game.deadline(position)
            if deadline is None:
                return None
            pairs = [list(pair) for pair in game.timeout_actions(position)]
            action = {"type": "timeout", "deadline": deadline, "actions": pairs}
            entry = Entry(state.seq + 1, "timeout", None, action, max(at, deadline), 0.0)
        return entry.seq, reducer.apply(state, entry), state.table_changed

    def broadcast(self, steps: list[tuple[int, list, bool]], acks: dict) -> None:
        """Send the updates of `steps` applied together, as live/writes.py's groups do."""
        changed = any(change for _, _, change in steps)
        pairs = [(seq, events) for seq, events, _ in steps]
        send_in_order(self._broadcast(pairs, changed, acks))

    def around(self, choice: int, pick) -> None:
        """One of the things that happen around a game (`choice`), to a member `pick` chooses
        among those at the table; sent as live/table.py sends it (a lobby step is a group of
        its own; a connection's coming or going, a presence message)."""
        state = self.state
        member = pick(sorted(m.id for m in state.present()))
        n = state.seq
        actions = [
            {"type": "away", "members": [member]},
            {"type": "present", "members": [member]},
            {"type": "kick", "by": state.host, "member": member},
            {"type": "join", "name": f"L{n}", "token": f"l{n}", "client": f"cl{n}"},
            {"type": "sit", "by": member},
            {"type": "skip-waiting", "by": state.host},
            {"type": "claim", "by": member, "outcome": "win"},
            {"type": "chat", "by": member, "text": f"line {n}"},
        ]
        if choice >= len(actions):  # a member's connections drop, or come back
            self.here ^= {member}
            self._send_presence()
            return
        later = state.claim_after + 1.0 if actions[choice]["type"] == "claim" else 0.0
        try:
            events = self.lobby(actions[choice], later)
        except (TableError, IllegalAction):
            return
        self.broadcast([(state.seq, events, True)], {})
        self.connections = [viewer for viewer in self.connections if viewer.closed is None]
        joined = max(state.members)
        if actions[choice]["type"] == "join" and state.members[joined].name == f"L{n}":
            viewer = Viewer(joined)  # the new player's tab opens
            viewer.document = _welcome(self, viewer)
            self.connections.append(viewer)


#: How many things `Table.around` may do: its actions, and a connection's coming or going.
AROUND = 9


def _welcome(table: Table, viewer: Viewer) -> dict:
    """The document `viewer` would be welcomed with now, as a client reads it."""
    return _json(table.document(viewer))


def _json(value):
    return orjson.loads(orjson.dumps(value))


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
    for _ in range(data.draw(st.integers(5, 60), "groups")):
        actor = None
        if data.draw(st.integers(0, 3)) == 0:
            pick = lambda ids: data.draw(st.sampled_from(ids))  # noqa: E731
            table.around(data.draw(st.integers(0, AROUND - 1)), pick)
        else:
            steps = []
            for _ in range(data.draw(st.sampled_from([1, 1, 1, 2, 4]))):
                try:
                    step = table.step(rng)
                except (TableError, IllegalAction):
                    step = None
                if step is not None:
                    steps.append(step)
            if not steps:
                break
            acting = [v for v in table.connections if table.state.seat_of(v.member) is not None]
            actor = acting[0] if acting else None
            table.broadcast(steps, {} if actor is None else {actor: "id-1"})
        _check(table, skip=actor)


def _check(table: Table, skip: Viewer | None) -> None:
    """Every connection's document is its welcome's and the table's fresh one; those that see
    the same thing were sent the same messages (but `skip`, which had an ack, and a connection
    welcomed since, which was sent none)."""
    fresh = _json(table.state.document(table.online()))
    sent: dict[int | None, set[bytes]] = {}
    for viewer in table.connections:
        if viewer is not skip and viewer.messages:
            sent.setdefault(viewer.key, set()).add(b"".join(viewer.messages))
        viewer.read()
        assert viewer.document == _welcome(table, viewer)
        assert viewer.document["table"] == fresh
    assert all(len(messages) == 1 for messages in sent.values())  # one message per audience


def test_a_step_of_the_game_that_leaves_the_table_as_it_was_patches_only_the_games_fields():
    table, rng = Table("cah", 4, 7), Rng(7)
    fields = {f"/table/{key}" for key in table.state.game_fields()}
    moved, kept = 0, 0
    while moved < 5:
        deadline_before = table.state.game_fields()["deadline"]
        step = table.step(rng)
        assert step is not None, "the game ended before five rounds moved their deadline"
        table.broadcast([step], {})
        fresh = _json(table.state.document(table.online()))
        for viewer in table.connections:
            (message,) = viewer.read()
            table_ops = {op["path"] for op in message["patch"] if op["path"].startswith("/table/")}
            if not step[2]:
                assert table_ops <= fields
                assert ("/table/deadline" in table_ops) == (fresh["deadline"] != deadline_before)
            assert viewer.document["table"] == fresh
        if not step[2]:
            moved += fresh["deadline"] != deadline_before
            kept += fresh["deadline"] == deadline_before
    assert kept > 0


def test_a_move_by_an_away_seats_player_brings_the_seat_back_in_every_document():
    """A person's move shows they are here: their seat is no longer away
    (`TableState.seat_back`), a change to the table itself that every document shows."""
    table, rng = Table("cah", 4, 3), Rng(3)
    table.here.discard(1)
    table.lobby({"type": "away", "members": [1]})
    table.broadcast([(table.state.seq, [], True)], {})
    _check(table, None)
    assert table.state.seats[table.state.seat_of(1)].away
    while True:
        seats = table.state.game.to_act(table.state.game_state)
        if table.state.seat_of(1) in seats:
            break
        table.broadcast([table.step(rng)], {})
        _check(table, None)
    state = table.state
    seat = state.seat_of(1)
    action = state.game.random_action(state.game.clone(state.game_state), seat, rng)
    events = reducer.apply(state, Entry(state.seq + 1, "game", seat, action, state.clock + 1, 0.0))
    assert state.table_changed and not state.seats[seat].away
    table.broadcast([(state.seq, events, state.table_changed)], {})
    _check(table, None)
