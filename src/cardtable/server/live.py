"""One table in memory: the one writer that changes it, its connections, timers and bots.

Every change goes through `LiveTable.act` under the table's lock: the entry is applied, stored
durably, and only then sent to each connection as one `update` carrying the events meant for
it and a patch of its document (the acting connection's update is its ack). After every step
the table re-arms its timer (the game's deadline, or at once to skip seats marked away) and
its bots, so it never waits on someone who is gone.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import orjson

from .. import bots
from ..engine import Event, IllegalAction, Rng
from ..store import Conflict, Entry
from .connection import CLOSE_REMOVED, Connection
from .errors import TableError
from .patch import diff
from .protocol import PROTOCOL_VERSION
from .table import TableState

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger(__name__)

_REMOVE_YOU = {"op": "remove", "path": "/game/you"}

#: How many times an action is retried when another process stored the same step first.
RETRIES = 3


class LiveTable:
    def __init__(self, hub: Hub, state: TableState):
        self.hub = hub
        self.state = state
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.local_online: Counter[int] = Counter()
        self.remote_online: dict[str, set[int]] = {}
        self._summary = state.summary()
        self._table_doc = state.document(set())
        self._public: dict | None = None
        self._yous: dict[int, dict] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task] = set()
        self._bots: dict[tuple[int, str], bots.Bot] = {}
        self._rng = Rng(random.getrandbits(64))

    @property
    def code(self) -> str:
        return self.state.code

    def clock(self) -> float:
        """The table's game time: wall seconds since it was created, never going back."""
        return max(self.state.clock, time.time() - self.state.created_wall)

    def online(self) -> set[int]:
        members = {m for m, n in self.local_online.items() if n}
        for remote in self.remote_online.values():
            members |= remote
        return members

    # -- writing ------------------------------------------------------------------------------

    async def act(
        self,
        kind: str,
        seat: int | None,
        action: dict,
        origin: Connection | None = None,
        client_id: Any = None,
    ) -> int:
        """Apply, store and broadcast one step; return its sequence number.

        Raises TableError or IllegalAction (nothing changed) when the step is refused.
        """
        started = time.perf_counter()
        async with self.lock:
            seq = await self._act_locked(kind, seat, action, origin, client_id)
        self.hub.metrics.action_latency.observe(time.perf_counter() - started)
        return seq

    async def _act_locked(self, kind, seat, action, origin=None, client_id=None, at=0.0) -> int:
        for _ in range(RETRIES):
            try:
                return await self._commit(kind, seat, action, origin, client_id, at)
            except Conflict:
                continue
        raise TableError("busy", "the table is busy; try again", 503)

    async def _commit(self, kind, seat, action, origin, client_id, at) -> int:
        """`at`: the earliest game time the step may carry (a timeout is never early)."""
        state = self.state
        wall = time.time()
        entry = Entry(state.seq + 1, kind, seat, action, max(self.clock(), at), wall)
        events = state.apply(entry)
        summary = state.summary()
        started = time.perf_counter()
        try:
            await self.hub.store.append(
                state.code, [entry], summary if summary != self._summary else None
            )
        except Conflict:
            await self._rebuild(entry.seq - 1)
            raise
        except Exception as error:
            log.exception("table %s: storing step %d failed", state.code, entry.seq)
            await self._rebuild(entry.seq - 1)
            raise TableError(
                "unavailable", "the table could not be saved; try again", 503
            ) from error
        self.hub.metrics.append_latency.observe(time.perf_counter() - started)
        self._summary = summary
        self._stored(entry, events, origin, client_id)
        await self.hub.publish(state.code, [entry])
        return entry.seq

    def _stored(self, entry: Entry, events, origin=None, client_id=None) -> None:
        self.hub.metrics.actions[entry.kind] += 1
        self._broadcast(entry.seq, events, origin, client_id)
        for connection in list(self.connections):
            member = self.state.members.get(connection.member)
            if member is None or member.left:
                connection.close(CLOSE_REMOVED)
        self._schedule()

    async def _rebuild(self, upto: int) -> None:
        """Rebuild the state from the log up to step `upto`, then catch up on later steps."""
        try:
            entries = await self.hub.store.entries(self.code)
        except Exception:
            self.hub.forget(self)
            raise
        self.state = TableState.replay(self.code, entries[:upto])
        for entry in entries[upto:]:
            self._stored(entry, self.state.apply(entry))
        self._summary = self.state.summary()

    async def catch_up(self) -> None:
        """Apply the steps other processes stored since ours (after a bus gap)."""
        async with self.lock:
            for entry in await self.hub.store.entries(self.code, after=self.state.seq):
                self._stored(entry, self.state.apply(entry))

    async def receive_remote(self, entries: list[Entry]) -> None:
        """Steps another process stored, in order; a gap is filled from the log."""
        async with self.lock:
            for entry in entries:
                if entry.seq <= self.state.seq:
                    continue
                if entry.seq != self.state.seq + 1:
                    for missing in await self.hub.store.entries(self.code, after=self.state.seq):
                        self._stored(missing, self.state.apply(missing))
                    return
                self._stored(entry, self.state.apply(entry))

    # -- sending ------------------------------------------------------------------------------

    def _views(self, keys) -> tuple[dict | None, dict[int, dict]]:
        """The game's public part and each seat's own part, for the seats in `keys`.

        By the engine contract a seat's view is exactly `{"public": public_view, "you":
        seat_view}`, so the public part is built once per step for everyone. Each part is a
        private copy in plain JSON types: later views are compared with it.
        """
        state = self.state
        if state.game_state is None:
            return None, {}
        game, game_state = state.game, state.game_state
        public = orjson.loads(orjson.dumps(game.public_view(game_state)))
        yous = {
            key: orjson.loads(orjson.dumps(game.seat_view(game_state, key)))
            for key in keys
            if key is not None
        }
        return public, yous

    def _game_doc(self, public, yous, key: int | None) -> dict | None:
        if public is None:
            return None
        return {"public": public} if key is None else {"public": public, "you": yous[key]}

    def document(self, connection: Connection) -> dict:
        key = self.state.seat_of(connection.member)
        if self._public is None and self.state.game_state is not None:
            self._public, self._yous = self._views(())
        if key is not None and key not in self._yous and self._public is not None:
            self._yous[key] = self._views((key,))[1][key]
        connection.key = key
        return {"table": self._table_doc, "game": self._game_doc(self._public, self._yous, key)}

    def _broadcast(self, seq: int, events: list[Event], origin=None, client_id=None) -> None:
        state = self.state
        table_ops: list = []
        if state.document_changed:
            table_doc = state.document(self.online())
            table_ops = diff(self._table_doc, table_doc, "/table")
            self._table_doc = table_doc
        keys = {state.seat_of(c.member) for c in self.connections}
        old_public, old_yous = self._public, self._yous
        public, yous = self._views(keys)
        shared = table_ops
        if old_public is not None and public is not None:
            shared = table_ops + diff(old_public, public, "/game/public")
        encoded: dict[tuple, bytes] = {}
        for connection in self.connections:
            key = state.seat_of(connection.member)
            acked = connection is origin
            memo = (connection.key, key, acked)
            message = encoded.get(memo)
            if message is None:
                if old_public is None or public is None:
                    old = self._game_doc(old_public, old_yous, connection.key)
                    ops = table_ops + diff(old, self._game_doc(public, yous, key), "/game")
                elif key is None:
                    ops = shared + ([] if connection.key is None else [_REMOVE_YOU])
                elif connection.key is None:
                    ops = [*shared, {"op": "add", "path": "/game/you", "value": yous[key]}]
                else:
                    ops = shared + diff(old_yous.get(connection.key), yous[key], "/game/you")
                message = encoded[memo] = orjson.dumps(
                    {
                        "type": "update",
                        "seq": seq,
                        "events": [e.to_json() for e in events if e.is_for(key)],
                        "patch": ops,
                        **({"ack": client_id} if acked else {}),
                    }
                )
            connection.key = key
            connection.send(message)
        self._public, self._yous = public, yous

    def _send_presence(self) -> None:
        table_doc = self.state.document(self.online())
        ops = diff(self._table_doc, table_doc, "/table")
        self._table_doc = table_doc
        if ops:
            message = orjson.dumps({"type": "presence", "seq": self.state.seq, "patch": ops})
            for connection in self.connections:
                connection.send(message)

    async def connect(self, connection: Connection) -> None:
        """Welcome a connection with its whole document and count its member online."""
        async with self.lock:
            self.hub.metrics.connections += 1
            self.local_online[connection.member] += 1
            if self.local_online[connection.member] == 1:
                self._send_presence()
                await self.hub.publish_presence(self)
            self.connections.add(connection)
            self.welcome(connection)

    def welcome(self, connection: Connection) -> None:
        member = self.state.members[connection.member]
        connection.send(
            orjson.dumps(
                {
                    "type": "welcome",
                    "protocol": PROTOCOL_VERSION,
                    "seq": self.state.seq,
                    "member": member.id,
                    "role": member.role,
                    "document": self.document(connection),
                }
            )
        )

    async def resync(self, connection: Connection) -> None:
        async with self.lock:
            self.welcome(connection)

    async def disconnect(self, connection: Connection) -> None:
        async with self.lock:
            if connection not in self.connections:
                return
            self.connections.discard(connection)
            self.hub.metrics.connections -= 1
            self.local_online[connection.member] -= 1
            if self.local_online[connection.member] <= 0:
                del self.local_online[connection.member]
                self._send_presence()
                await self.hub.publish_presence(self)
            keys = {c.key for c in self.connections}
            self._yous = {k: v for k, v in self._yous.items() if k in keys}

    def set_remote_online(self, node: str, members: set[int]) -> None:
        if members:
            self.remote_online[node] = members
        else:
            self.remote_online.pop(node, None)
        self._send_presence()

    # -- timers and bots ----------------------------------------------------------------------

    def _schedule(self) -> None:
        """Arm the one pending wake-up: a robot's move, skipping away seats, or the deadline.

        When every seat held by people is away, nothing is armed: the table rests (its
        deadline passed or not) until someone acts or says they are back.
        """
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        state = self.state
        if state.status != "playing":
            return
        game, game_state = state.game, state.game_state
        to_act = game.to_act(game_state)
        robots = state.robot_seats()
        loop = asyncio.get_running_loop()
        due = sorted(seat for seat in to_act if seat in robots)
        waiting = to_act - robots.keys()
        people = set(range(len(state.seats))) - robots.keys()
        away = state.away_seats()
        if due:
            delay = self.hub.settings.bot_delay
            self._timer = loop.call_later(delay, self._spawn, self._robot_move, due[0])
        elif people and people <= away:
            return  # everyone is away: the table rests until someone comes back
        elif skips := [seat for seat in sorted(waiting & away) if self._skip(seat)]:
            self._timer = loop.call_soon(self._spawn, self._skip_seats, skips)
        elif (deadline := game.deadline(game_state)) is not None:
            delay = max(0.0, deadline - self.clock())
            self._timer = loop.call_later(delay, self._spawn, self._timeout, deadline)

    def _skip(self, seat: int) -> dict | None:
        return self.state.game.skip_action(self.state.game_state, seat)

    def _spawn(self, work: Callable, *args) -> None:
        task = asyncio.get_running_loop().create_task(self._guarded(work, *args))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _guarded(self, work: Callable, *args) -> None:
        try:
            await work(*args)
        except (TableError, IllegalAction) as error:
            log.warning("table %s: %s refused: %s", self.code, work.__name__, error)
        except Exception:
            log.exception("table %s: %s failed", self.code, work.__name__)

    async def _timeout(self, deadline: float) -> None:
        """The game's deadline passed: apply the actions the game says a timeout applies."""
        async with self.lock:
            state = self.state
            if state.status != "playing" or state.game.deadline(state.game_state) != deadline:
                return
            pairs = state.game.timeout_actions(state.game_state)
            if pairs:
                action = {
                    "type": "timeout",
                    "deadline": deadline,
                    "actions": [list(p) for p in pairs],
                }
                await self._act_locked("timeout", None, action, at=deadline)

    async def _skip_seats(self, seats: list[int]) -> None:
        """Seats marked away are skipped without waiting for the deadline, where the game can."""
        async with self.lock:
            state = self.state
            if state.status != "playing":
                return
            waiting = state.game.to_act(state.game_state) & state.away_seats()
            actions = [
                [None, skip] for seat in seats if seat in waiting if (skip := self._skip(seat))
            ]
            if actions:
                await self._act_locked("timeout", None, {"type": "skip", "actions": actions})

    async def _robot_move(self, seat: int) -> None:
        async with self.lock:
            state = self.state
            if state.status != "playing" or seat not in state.game.to_act(state.game_state):
                return
            name = state.robot_seats().get(seat, "random")
            bot = self._bots.get((seat, name))
            if bot is None:
                bot = self._bots[(seat, name)] = bots.get(name, state.game_id)
            action = bot.choose(state.game, state.game_state, seat, self._rng)
            await self._act_locked("game", seat, action)

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        for task in self._tasks:
            task.cancel()
        for connection in self.connections:
            connection.close(1001)
