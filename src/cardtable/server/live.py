"""One table in memory: the one writer that changes it, its connections, timers and bots.

Every change goes through `LiveTable.act` (or `act_now`): under the table's lock the entry is
applied and queued for the log; the lock is then free for the next step while this one is
stored (many steps of many tables share one commit). The steps a table applies in one turn of
the event loop form a group: its messages are built once, after its last step. Once a group
is durable, and only then, each connection is sent its `update`: the events meant for it and
a patch of its document (the acting connection's update is its ack), strictly in sequence
order; updates stored by one commit go as one message (updates.py). After every step the
table re-arms its timer (the game's deadline, or at once to skip seats marked away) and its
bots, so it never waits on someone who is gone.

Presence: a member none of whose connections is open (here or, by the bus, elsewhere) for the
table's grace period is marked away by a logged step; one who connects again is marked
present at once. Time is read and wake-ups armed through the server's `Clock`.

Lifetime: a table with nobody connected and nothing armed (resting, ended, or a lobby nobody
is in) for the site's `evict_after` leaves memory (`Hub.evict`); its next use loads it again
from the log. A game found stale when loaded is ended by the server (`abandon`).

When several processes serve a table, the one that stored its last step moves its bots and
applies its timeouts; the others arm the same wake-ups a presence lease later, so they act only
when that process has gone quiet (a process that died), and no step is computed twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import orjson

from .. import bots
from ..engine import Event, IllegalAction, Rng
from ..store import Conflict, Entry, database_down
from .clock import Handle
from .connection import CLOSE_REMOVED, Connection
from .decks import prepare_entries
from .errors import TableError, unavailable
from .game_results import finished_game
from .patch import changes, diff, pointer
from .protocol import PROTOCOL_VERSION
from .table import TableState
from .updates import NO_ACK, Update, joined, send_in_order

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger(__name__)

_REMOVE_YOU = {"op": "remove", "path": "/game/you"}

#: How many times an action is retried when another process stored the same step first.
RETRIES = 3
#: Seconds between attempts to read a table back from its log while the database does not
#: answer (after a step could not be stored): the table goes on within this time of the
#: database answering again, or at once when someone acts or connects.
REPAIR_EVERY = 1.0


@dataclass(eq=False)
class _Step:
    """A step applied in memory and queued for the log: its events, who made it (`origin`,
    `client_id`: the connection to acknowledge, and the id it sent)."""

    entry: Entry
    events: list[Event]
    origin: Connection | None
    client_id: Any
    stored: asyncio.Future
    outcome: asyncio.Future
    started: float
    #: Whether it changed the table's document (not only the game's).
    document_changed: bool
    #: Applied by `act_now`: no `act` waits for it to observe its latency.
    at_once: bool = False


@dataclass(eq=False)
class _Group:
    """Steps applied one after another with no message built between them: in one turn of
    the event loop, most often, as when several players answer one round at once. Their
    messages are built once, from the state after the last (`_build`), and sent together once
    every one of them is stored. `sends` is None until built: (connection, message) pairs, a
    message being an `Update`, other encoded bytes, or an int close code. `posted`: messages
    sent after them (`_post`)."""

    steps: list[_Step]
    #: What the connections had been sent before it: (table doc, public, yous, keys).
    before: tuple | None = None
    sends: list | None = None
    posted: list[tuple[Connection, bytes]] = field(default_factory=list)


class LiveTable:
    def __init__(self, hub: Hub, state: TableState):
        self.hub = hub
        self.state = state
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.local_online: Counter[int] = Counter()
        #: Who other processes say is online through them, and when (by the server's clock)
        #: each last said it.
        self.remote_online: dict[str, set[int]] = {}
        self._remote_heard: dict[str, float] = {}
        self._summary = state.summary()
        self._table_doc = state.document(set())
        #: The game's parts as last sent (as `_Part.sent` keeps them): the public part, and
        #: each seat's own.
        self._public: dict[str, Any] | None = None
        self._yous: dict[int, bytes] = {}
        self._timer: Handle | None = None
        #: Members with no connection open, each with the wake-up that marks them away.
        self._grace: dict[int, Handle] = {}
        self._tasks: set[asyncio.Task] = set()
        self._bots: dict[tuple[int, str], bots.Bot] = {}
        self._rng = Rng(secrets.randbits(64))  # bots choose with OS randomness, as seeds (hub)
        #: Steps applied and queued for the log, in groups, oldest first; the last group is
        #: `_open` until its messages are built. `_durable`: the last step stored and sent.
        self._inflight: deque[_Group] = deque()
        self._open: _Group | None = None
        self._durable = state.seq
        #: Steps stored but not sent because a later step of their group failed: their acks,
        #: by sequence number, for when the table is rebuilt from the log.
        self._unsent: dict[int, tuple[Connection | None, Any]] = {}
        #: The last step was stored by another process: its bots and timers are left to it.
        self._following = False
        #: After a queued step failed, what the connections had been sent before it: the
        #: state is ahead of the log until rebuilt from there.
        self._broken: tuple | None = None
        #: While the database does not answer: the next attempt to read the table back.
        self._repair_due: Handle | None = None
        #: The wake-up that evicts the table once it has been idle for `evict_after`.
        self._idle: Handle | None = None
        #: Dropped from memory (`Hub.forget`): nothing is armed here any more.
        self.closed = False

    @property
    def code(self) -> str:
        return self.state.code

    def clock(self) -> float:
        """The table's game time: wall seconds since it was created, never going back."""
        return max(self.state.clock, self.hub.settings.clock.time() - self.state.created_wall)

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
        """Apply, store and broadcast one step; return its sequence number once it is durable.

        Raises TableError or IllegalAction (nothing changed) when the step is refused.
        """
        started = time.perf_counter()
        seq = await self._act_locked(kind, seat, action, origin, client_id, hold=self.lock)
        self.hub.metrics.action_latency.observe(time.perf_counter() - started)
        return seq

    def act_now(
        self,
        kind: str,
        seat: int | None,
        action: dict,
        origin: Connection | None = None,
        client_id: Any = None,
    ) -> asyncio.Future | None:
        """`act` without waiting, when the table is free (its lock not held, nothing to
        rebuild): apply the step and queue it for storing in this call. Returns the future of
        its sequence number, settled once durable; a `Conflict` there means another process
        stored the step first (use `act`, which retries). None when the table is busy: use
        `act`. Raises TableError or IllegalAction (nothing changed) when the step is refused.
        """
        if self.lock.locked() or self._broken is not None:
            return None
        self._deliver()
        if self._broken is not None:  # a write failed just now: `act` rebuilds first
            return None
        step = self._begin(kind, seat, action, origin, client_id, 0.0)
        step.at_once = True
        self.hub.store.flush_if_full()
        return step.outcome

    async def _act_locked(
        self, kind, seat, action, origin=None, client_id=None, at=0.0, retry=True, hold=None
    ) -> int:
        """`retry`: False for the table's own steps (timers, bots): when another process stored
        the step first, the table re-arms from the log instead of repeating a stale step.
        `hold`: the lock to take while applying, when the caller does not hold it already."""
        for _ in range(RETRIES):
            async with hold or contextlib.nullcontext():
                await self._settle()
                step = self._begin(kind, seat, action, origin, client_id, at)
            self.hub.store.flush_if_full()
            try:
                return await step.outcome
            except Conflict:
                self.hub.metrics.conflicts += 1
                if not retry:
                    raise
        raise TableError("busy", "the table is busy; try again", 503)

    def _begin(self, kind, seat, action, origin, client_id, at) -> _Step:
        """Apply a step and queue it for the log, in the open group; returns at once.
        `at`: the earliest game time the step may carry (a timeout is never early). A lobby
        step is a group of its own: it may change who sees what."""
        state = self.state
        if kind == "lobby":
            self._build()
        wall = self.hub.settings.clock.time()
        entry = Entry(state.seq + 1, kind, seat, action, max(self.clock(), at), wall)
        events = state.apply(entry)
        summary = self._summary
        if kind != "game" or state.document_changed:
            summary = state.summary()
        ended = summary["status"] == "ended" != self._summary["status"]
        stored = self.hub.store.submit(
            state.code,
            [entry],
            summary if summary != self._summary else None,
            then=self._deliver,
            finished=finished_game(state) if ended else None,
        )
        self._summary = summary
        loop = asyncio.get_running_loop()
        step = _Step(
            entry,
            events,
            origin,
            client_id,
            stored,
            loop.create_future(),
            time.perf_counter(),
            state.document_changed,
        )
        if self._open is None:
            self._open = _Group([step])
            self._inflight.append(self._open)
            loop.call_soon(self._build_and_send)  # once this turn of the loop is over
        else:
            self._open.steps.append(step)
        if kind == "lobby":
            self._build()
        return step

    def _build_and_send(self) -> None:
        """Close the open group (build its messages), then send the groups already stored: a
        write during the turn that opened it may have stored it."""
        self._build()
        self._deliver()

    def _build(self) -> None:
        """Build the open group's messages, from the state as it is: after its last step."""
        group = self._open
        if group is None:
            return
        self._open = None
        group.before = self._sent()
        acks = {step.origin: step.client_id for step in group.steps if step.origin is not None}
        changed = any(step.document_changed for step in group.steps)
        group.sends = self._broadcast([(s.entry.seq, s.events) for s in group.steps], changed, acks)

    def _deliver(self) -> None:
        """Send the groups at the head of the queue whose steps are all stored, in order (the
        open group waits for the end of its turn). A failed step fails every step queued after
        it (they were applied on top of it) and marks the table broken."""
        delivered: list[Entry] = []
        sends: list = []
        metrics = self.hub.metrics
        now = time.perf_counter()
        while self._inflight:
            group = self._inflight[0]
            if not all(step.stored.done() for step in group.steps):
                break
            failed = next((s for s in group.steps if s.stored.exception() is not None), None)
            if failed is not None:
                self._fail(group, failed)
                break
            if group.sends is None:  # the open group: steps may still join it this turn
                break
            self._inflight.popleft()
            for step in group.steps:
                latency = now - step.started
                metrics.append_latency.observe(latency)
                if step.at_once:
                    metrics.action_latency.observe(latency)
                metrics.actions[step.entry.kind] += 1
                if not step.outcome.done():
                    step.outcome.set_result(step.entry.seq)
                delivered.append(step.entry)
            self._durable = delivered[-1].seq
            self._following = False
            sends += group.sends
            sends += group.posted
        if delivered:
            self._send(sends)
            if self.hub.bus.listened(self.code, self.hub.node):
                self._spawn(self.hub.publish, self.code, delivered)
            if any(entry.kind == "lobby" for entry in delivered):
                self._watch_absent()

    def _fail(self, group: _Group, failed: _Step) -> None:
        """`failed` could not be stored: it and every step after it fail (`unavailable`, or
        `Conflict` when another process stored that step first). The steps of its group before
        it are stored: they succeed, and are sent when the table is rebuilt from the log."""
        error = failed.stored.exception()
        refusal: Callable[[], Exception] = partial(Conflict, str(error))
        if not isinstance(error, Conflict):
            seq, why = failed.entry.seq, database_down(error)
            if why is None:
                log.error("table %s: storing step %d failed", self.code, seq, exc_info=error)
                saved = "the table could not be saved; try again"
                refusal = partial(TableError, "unavailable", saved, 503)
            else:
                log.warning("table %s: step %d not stored (the database: %s)", self.code, seq, why)
                refusal = unavailable
        index = group.steps.index(failed)
        for step in group.steps[:index]:
            self._unsent[step.entry.seq] = (step.origin, step.client_id)
            if not step.outcome.done():
                step.outcome.set_result(step.entry.seq)
        later = [step for queued in self._inflight for step in queued.steps]
        for step in later[later.index(failed) :]:
            _read_failure(step.stored)  # theirs is this one's, reported above
            if not step.outcome.done():
                step.outcome.set_exception(refusal())
        self._inflight.clear()
        self._open = None
        self._broken = group.before or self._sent()
        self._spawn(self._repair)

    async def _repair(self) -> None:
        """Read the table back from its log after a step failed to store (or steps stored
        elsewhere could not be read). While the database does not answer, this is tried again
        every REPAIR_EVERY seconds on the server's clock, quietly, until it answers."""
        self._repair_due = None
        if self.closed:
            return
        async with self.lock:
            with contextlib.suppress(TableError):  # `unavailable`: the table waits as it is
                await self._settle()
            if self._broken is not None:
                self._repair_later()

    def _repair_later(self) -> None:
        """Arm the next `_repair`, unless one is armed already."""
        if self._repair_due is None and not self.closed:
            clock = self.hub.settings.clock
            self._repair_due = clock.call_later(REPAIR_EVERY, self._spawn, self._repair)

    async def _settle(self) -> None:
        """Under the lock: take in the steps stored so far, and rebuild after a failed one.
        TableError `unavailable` while the database does not answer: the table is left as it
        is, to be rebuilt by the next action, hello or `_repair`."""
        self._build_and_send()
        if self._broken is not None:
            await self._rebuild(*self._broken)
            self._broken = None
            if self._repair_due is not None:
                self._repair_due.cancel()
                self._repair_due = None

    async def _drain(self) -> None:
        """Under the lock: wait until every queued step is stored (or failed) and settled."""
        self._build()  # no step joins it now: it is sent once stored
        while self._inflight:
            await asyncio.wait([self._inflight[-1].steps[-1].stored])
        await self._settle()

    def _stored(self, entry: Entry, events) -> None:
        """A step stored before (by another process, heard on the bus or read back; or by
        this one, unsent when its group failed): send it now."""
        self._durable = entry.seq
        origin, client_id = self._unsent.pop(entry.seq, (None, None))
        self._following = origin is None
        acks = {} if origin is None else {origin: client_id}
        self._send(self._broadcast([(entry.seq, events)], self.state.document_changed, acks))
        if entry.kind == "lobby":
            self._watch_absent()

    def _send(self, sends) -> None:
        """Send the messages of stored steps, then re-arm the timer and bots."""
        send_in_order(sends)
        self._schedule()

    def _post(self, connection: Connection, message: bytes) -> None:
        """Send a message outside the steps: after the queued steps, never ahead of them."""
        if self._inflight:
            self._inflight[-1].posted.append((connection, message))
        else:
            connection.send(message)

    def _sent(self) -> tuple:
        """What the connections have been sent: (table doc, public, yous, keys)."""
        keys = {connection: connection.key for connection in self.connections}
        return self._table_doc, self._public, dict(self._yous), keys

    async def _rebuild(self, table_doc, public, yous, keys) -> None:
        """After a step failed to store: the state from the log up to the last step sent
        here, what each connection had been sent by then, and then the log's later steps;
        the timer, bots and grace periods armed again from there. Raises TableError
        `unavailable`, changing nothing, while the database does not answer; after any other
        failure to read the log the table leaves memory (its next use loads it again)."""
        try:
            entries = await self._read_log()
        except Exception as error:
            if database_down(error) is not None:
                raise unavailable() from error
            self.hub.forget(self)
            raise
        self.state = TableState.replay(self.code, entries[: self._durable])
        self._table_doc, self._public, self._yous = table_doc, public, yous
        for connection in self.connections:
            if connection in keys:
                connection.key = keys[connection]
            else:  # its welcome was to follow the failed step
                self.welcome(connection)
        for entry in entries[self._durable :]:
            self._stored(entry, self.state.apply(entry))
        self._unsent.clear()
        self._summary = self.state.summary()
        self._send_presence()
        self.start()  # what failed meanwhile (a timeout, a grace period) is armed again

    async def catch_up(self) -> None:
        """Apply the steps other processes stored since ours (after a bus gap)."""
        async with self.lock:
            await self._drain()
            with self._read_back_if_down():
                for entry in await self._read_log(after=self.state.seq):
                    self._stored(entry, self.state.apply(entry))

    @contextlib.contextmanager
    def _read_back_if_down(self):
        """Under the lock, nothing in flight, around taking in steps stored elsewhere: if the
        database does not answer, the table is read back from the log once it does (as after
        a failed step: `_repair`) and TableError `unavailable` is raised."""
        try:
            yield
        except Exception as error:
            if database_down(error) is None:
                raise
            self._broken = self._sent()
            self._repair_later()
            raise unavailable() from error

    async def _read_log(self, after: int = 0) -> list[Entry]:
        """The log from step `after + 1`, with every deck its steps name registered here."""
        entries = await self.hub.store.entries(self.code, after=after)
        await prepare_entries(self.hub, entries)
        return entries

    async def receive_remote(self, entries: list[Entry]) -> None:
        """Steps another process stored, in order; a gap is filled from the log."""
        async with self.lock:
            await self._drain()
            with self._read_back_if_down():
                await prepare_entries(self.hub, entries)
                for entry in entries:
                    if entry.seq <= self.state.seq:
                        continue
                    if entry.seq != self.state.seq + 1:
                        for missing in await self._read_log(after=self.state.seq):
                            self._stored(missing, self.state.apply(missing))
                        return
                    self._stored(entry, self.state.apply(entry))

    # -- sending ------------------------------------------------------------------------------

    def _views(self, keys) -> tuple[_Part | None, dict[int, _Part]]:
        """The game's public part and each seat's own part, for the seats in `keys`.

        By the engine contract a seat's view is exactly `{"public": public_view, "you":
        seat_view}`, so the public part is built once per step for everyone.
        """
        state = self.state
        if state.game_state is None:
            return None, {}
        game, game_state = state.game, state.game_state
        yous = {
            key: _Part(game.seat_view(game_state, key), whole=True)
            for key in keys
            if key is not None
        }
        return _Part(game.public_view(game_state)), yous

    def document(self, connection: Connection) -> dict:
        """What `connection` is welcomed with; the game's parts are spliced in as sent."""
        key = self.state.seat_of(connection.member)
        if self._public is None and self.state.game_state is not None:
            self._public = self._views(())[0].sent
        if key is not None and key not in self._yous and self._public is not None:
            self._yous[key] = self._views((key,))[1][key].sent
        connection.key = key
        game = None
        if self._public is not None:
            game = {"public": _spliced(self._public)}
            if key is not None:
                game["you"] = _spliced(self._yous[key])
        return {"table": self._table_doc, "game": game}

    def _broadcast(
        self, steps: list[tuple[int, list[Event]]], document_changed: bool, acks: dict
    ) -> list:
        """Each connection's `update` reporting `steps` ((seq, events) pairs, the last being the
        state's), and a close for members gone, to send once they are stored. `acks`: the
        client id to acknowledge, by connection."""
        state = self.state
        sends: list[tuple[Connection, Update | int]] = []
        table_ops: list = []
        if document_changed:
            table_doc = state.document(self.online())
            table_ops = diff(self._table_doc, table_doc, "/table")
            self._table_doc = table_doc
        seats = _seats_by_member(state)
        old_public, old_yous = self._public, self._yous
        public, yous = self._views({seats.get(c.member) for c in self.connections})
        shared = table_ops
        if old_public is not None and public is not None:
            shared = table_ops + public.patch(old_public, "/game/public")
        shared_json = orjson.dumps(shared)  # encoded once, spliced into every update
        events = [event for _, step_events in steps for event in step_events]
        everyone = None
        if all(event.to is None for event in events):
            everyone = orjson.dumps([event.to_json() for event in events])
        seq, count = steps[-1][0], len(steps)
        #: (events, patch) by (key before, key now): viewers with the same content share one
        #: `Update`, encoded once.
        contents: dict[tuple, tuple[bytes, bytes]] = {}
        built: dict[tuple, Update] = {}
        for connection in self.connections:
            key = seats.get(connection.member)
            content = contents.get((connection.key, key))
            if content is None:
                if old_public is None or public is None:
                    old = _game_doc(old_public, old_yous.get(connection.key))
                    new = None if public is None else public.game_doc(yous.get(key))
                    own = diff(old, new, "/game")
                elif key is None:
                    own = [] if connection.key is None else [_REMOVE_YOU]
                elif connection.key is None:
                    own = [{"op": "add", "path": "/game/you", "value": yous[key].view}]
                else:
                    own = yous[key].patch(old_yous.get(connection.key), "/game/you")
                content = contents[(connection.key, key)] = (
                    everyone or orjson.dumps([e.to_json() for e in events if e.is_for(key)]),
                    shared_json if not own else joined([shared_json, orjson.dumps(own)]),
                )
            acked = connection in acks
            viewer = (*content, connection if acked else None)
            message = built.get(viewer)
            if message is None:
                ack = acks[connection] if acked else NO_ACK
                message = built[viewer] = Update(seq, count, *content, ack)
            connection.key = key
            sends.append((connection, message))
            member = state.members.get(connection.member)
            if member is None or member.left:
                sends.append((connection, CLOSE_REMOVED))
        self._public = None if public is None else public.sent
        self._yous = {key: part.sent for key, part in yous.items()}
        return sends

    def _send_presence(self) -> None:
        self._build()
        table_doc = self.state.document(self.online())
        ops = diff(self._table_doc, table_doc, "/table")
        self._table_doc = table_doc
        if ops:
            message = orjson.dumps({"type": "presence", "seq": self.state.seq, "patch": ops})
            for connection in self.connections:
                self._post(connection, message)

    async def connect(self, connection: Connection) -> None:
        """Welcome a connection with its whole document and count its member online. Raises
        TableError `unavailable` (nothing counted) while a table to be read back from its log
        cannot be: the database does not answer."""
        async with self.lock:
            await self._settle()
            self.hub.metrics.connections += 1
            self.local_online[connection.member] += 1
            if self.local_online[connection.member] == 1:
                self._send_presence()
                await self.hub.publish_presence(self)
            await self._review_presence()
            self._build()  # a new connection is sent no step applied before its welcome
            self.connections.add(connection)
            self.welcome(connection)

    def welcome(self, connection: Connection) -> None:
        self._build()  # the document below is the state's: the open group's steps go first
        member = self.state.members[connection.member]
        self._post(
            connection,
            orjson.dumps(
                {
                    "type": "welcome",
                    "protocol": PROTOCOL_VERSION,
                    "seq": self.state.seq,
                    "member": member.id,
                    "role": member.role,
                    "document": self.document(connection),
                }
            ),
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
                self._watch_absent()
                self._rest_or_wake()
            keys = {c.key for c in self.connections}
            self._yous = {k: v for k, v in self._yous.items() if k in keys}

    async def set_remote_online(self, node: str, members: set[int]) -> None:
        """Under the lock: a presence message must not overtake the update of a step."""
        async with self.lock:
            if members:
                self.remote_online[node] = members
                self._remote_heard[node] = self.hub.settings.clock.time()
            else:
                self.remote_online.pop(node, None)
                self._remote_heard.pop(node, None)
            self._send_presence()
            await self._review_presence()

    async def expire_remote_online(self, before: float) -> None:
        """Forget the processes whose word on who is online is older than `before` (the
        server's clock time)."""
        if all(heard >= before for heard in self._remote_heard.values()):
            return
        async with self.lock:
            for node in [n for n, heard in self._remote_heard.items() if heard < before]:
                del self.remote_online[node], self._remote_heard[node]
            self._send_presence()
            self._watch_absent()

    # -- presence -----------------------------------------------------------------------------

    def _watch_absent(self) -> None:
        """Arm the grace period of every person at the table with no connection open who is
        not marked away yet, and disarm it for those who have one."""
        if self.closed:
            return
        online = self.online()
        clock, grace = self.hub.settings.clock, self.state.grace
        for member in self.state.members.values():
            watched = member.id in self._grace
            absent = not (member.left or member.bot or member.away or member.id in online)
            if absent and not watched:
                self._grace[member.id] = clock.call_later(
                    grace, self._spawn, self._grace_over, member.id
                )
            elif watched and not absent:
                self._grace.pop(member.id).cancel()
        self._review_idle()

    async def _review_presence(self) -> None:
        """Under the lock: mark present at once the members marked away who have a connection
        open again, and watch the others."""
        online = self.online()
        back = [m.id for m in self.state.present() if m.away and m.id in online]
        if back:
            try:
                await self._act_locked("lobby", None, {"type": "present", "members": back})
            except (TableError, Conflict) as error:
                log.warning("table %s: marking %s present failed: %s", self.code, back, error)
        else:
            self._rest_or_wake()
        self._watch_absent()

    def _rest_or_wake(self) -> None:
        """Who is connected changed: a table that must rest now (`TableState.rests`) is
        disarmed, a resting one that may go on is armed; an armed wake-up is left as it is
        (re-arming it would put it off)."""
        state = self.state
        resting = state.status != "playing" or state.rests(watched=bool(self.online()))
        if resting and self._timer is not None:
            self._timer.cancel()
            self._timer = None
        elif not resting and self._timer is None:
            self._schedule()
        self._review_idle()

    async def _grace_over(self, member_id: int) -> None:
        """A member's grace period ran out with no connection of theirs open: away."""
        self._grace.pop(member_id, None)
        self._review_idle()
        async with self.lock:
            member = self.state.members.get(member_id)
            if member is None or member.left or member.away or member_id in self.online():
                return
            away = {"type": "away", "members": [member_id]}
            await self._act_locked("lobby", None, away, retry=False)

    # -- lifetime -----------------------------------------------------------------------------

    def start(self) -> None:
        """Arm what the table held now waits for: its timer or bots, the grace periods of the
        people not connected, and the idle wake-up."""
        self._schedule()
        self._watch_absent()

    def touch(self) -> None:
        """The table was used (a read, a join, a hello): if idle, it stays held `evict_after`
        seconds from now."""
        self._review_idle(restart=True)

    async def abandon(self) -> None:
        """End the game, which nobody has attended for `abandon_after` (`Hub` found it so
        when it loaded the table), with the server's `abandon` step."""
        async with self.lock:
            if self.state.status != "playing" or self.online():
                return
            # Conflict: another process stored a step first, so the game is not abandoned.
            with contextlib.suppress(Conflict):
                await self._act_locked("lobby", None, {"type": "abandon"}, retry=False)

    def _idle_now(self) -> bool:
        """Nothing is armed (no timer, no bot, no grace period) and nobody is connected, here
        or, by the bus, elsewhere."""
        if self._timer is not None or self._grace or self.local_online:
            return False
        return not self.online()

    def _review_idle(self, restart: bool = False) -> None:
        """Arm the idle wake-up when the table has become idle, disarm it when it no longer
        is; `restart`: the table was used, so an armed one starts again from now."""
        if self._idle is not None and (restart or not self._idle_now()):
            self._idle.cancel()
            self._idle = None
        if self._idle is None and not self.closed and self._idle_now():
            settings = self.hub.settings
            self._idle = settings.clock.call_later(settings.evict_after, self._idle_over)

    def _idle_over(self) -> None:
        """Idle for `evict_after`: leave memory, unless a step or a task is still under way
        (then look again once it is idle again)."""
        self._idle = None
        busy = self.lock.locked() or self._inflight or self._tasks or self._broken is not None
        if busy or not self._idle_now():
            self._review_idle()
        else:
            self.hub.evict(self)

    # -- timers and bots ----------------------------------------------------------------------

    def _schedule(self) -> None:
        """Arm the one pending wake-up (`_arm`); the table is idle if there is none and nobody
        is connected (`_review_idle`)."""
        self._arm()
        self._review_idle()

    def _arm(self) -> None:
        """Arm the one pending wake-up: a robot's move (a bot, or a seat on autopilot),
        skipping away seats, or the deadline.

        When the table rests (`TableState.rests`: nobody here, or too few to play on),
        nothing is armed, its deadline passed or not, until someone comes back. A process that
        did not store the last step waits a presence lease longer (see the module's
        docstring).
        """
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        state = self.state
        if self.closed or state.status != "playing" or state.rests(watched=bool(self.online())):
            return
        game, game_state = state.game, state.game_state
        to_act = game.to_act(game_state)
        robots = state.robot_seats()
        settings = self.hub.settings
        clock = settings.clock
        shared = self._following and self.hub.bus.listened(self.code, self.hub.node)
        later = settings.presence_lease if shared else 0.0
        due = sorted(seat for seat in to_act if seat in robots)
        if due:
            delay = settings.bot_delay + later
            self._timer = clock.call_later(delay, self._spawn, self._robot_move, due[0])
        elif skips := [s for s in sorted(state.away_seats() - robots.keys()) if self._skip(s)]:
            self._timer = clock.call_later(later, self._spawn, self._skip_seats, skips)
        elif (deadline := game.deadline(game_state)) is not None:
            delay = max(0.0, deadline - self.clock()) + later
            self._timer = clock.call_later(delay, self._spawn, self._timeout, deadline)

    def _skip(self, seat: int) -> dict | None:
        return self.state.game.skip_action(self.state.game_state, seat)

    def _spawn(self, work: Callable, *args) -> None:
        task = asyncio.get_running_loop().create_task(self._guarded(work, *args))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _guarded(self, work: Callable, *args) -> None:
        try:
            await work(*args)
        except Conflict:
            pass  # another process took the step; the log's version is applied and re-armed
        except (TableError, IllegalAction) as error:
            if error.code != "unavailable":  # the database's failure is logged by `_fail`
                log.warning("table %s: %s refused: %s", self.code, work.__name__, error)
        except Exception:
            log.exception("table %s: %s failed", self.code, work.__name__)

    async def _timeout(self, deadline: float) -> None:
        """The game's deadline passed: apply the actions the game says a timeout applies, or,
        where it names none (a turn with no default move), the autopilot's move for each seat
        the game waits on. The seats `Game.late_seats` names have missed a deadline."""
        async with self.lock:
            state = self.state
            if state.status != "playing" or state.game.deadline(state.game_state) != deadline:
                return
            game, game_state = state.game, state.game_state
            pairs = game.timeout_actions(game_state)
            if not pairs:
                pilot = bots.autopilot(state.game_id)
                late = sorted(game.to_act(game_state))
                pairs = [(seat, self._choose(seat, pilot)) for seat in late]
            if pairs:
                action = {
                    "type": "timeout",
                    "deadline": deadline,
                    "actions": [list(p) for p in pairs],
                }
                await self._act_locked("timeout", None, action, at=deadline, retry=False)

    async def _skip_seats(self, seats: list[int]) -> None:
        """Seats marked away are not waited for (the game's `skip_action`: CAH skips an away
        player's answer, and an away Czar's round at once, K25) without waiting for the
        deadline."""
        async with self.lock:
            state = self.state
            if state.status != "playing":
                return
            away = state.away_seats()
            actions = [[None, skip] for seat in seats if seat in away if (skip := self._skip(seat))]
            if actions:
                await self._act_locked(
                    "timeout", None, {"type": "skip", "actions": actions}, retry=False
                )

    async def _robot_move(self, seat: int) -> None:
        """A bot's move (logged as the seat's), or an autopilot's (logged as `auto`: it does
        not show that the seat's people are back)."""
        async with self.lock:
            state = self.state
            if state.status != "playing" or seat not in state.game.to_act(state.game_state):
                return
            name = state.robot_seats().get(seat)
            if name is None:
                return
            kind = "game" if seat in state.bot_seats() else "auto"
            await self._act_locked(kind, seat, self._choose(seat, name), retry=False)

    def _choose(self, seat: int, name: str) -> dict:
        """What bot `name` plays for `seat` now (each seat keeps its own bot)."""
        bot = self._bots.get((seat, name))
        if bot is None:
            bot = self._bots[(seat, name)] = bots.get(name, self.state.game_id)
        return bot.choose(self.state.game, self.state.game_state, seat, self._rng)

    def close(self) -> None:
        self.closed = True
        if self._idle is not None:
            self._idle.cancel()
        if self._timer is not None:
            self._timer.cancel()
        for handle in self._grace.values():
            handle.cancel()
        for task in self._tasks:
            task.cancel()
        for connection in self.connections:
            connection.close(1001)


#: Values a public part keeps as they are (see `_Part`).
_SCALARS = frozenset({str, int, float, type(None)})
_MISSING = object()
#: Objects and lists whose JSON is shorter are replaced whole when they change: diffing them
#: costs more than it saves.
DIFF_FROM_BYTES = 128


class _Part:
    """A part of the game's view built for this step: `view` as the game returned it (read
    at once, never kept: it may share objects with the game's state) and `sent`, what is kept
    to compare the next step's with. A seat's part (`whole`), small and most often unchanged,
    is kept as its JSON. The public part, which changes every step, is kept key by key: strings
    and numbers as they are (being immutable), anything else as its JSON (booleans too, so that
    a kept part equals another only if their JSON does: True == 1 in Python)."""

    __slots__ = ("sent", "view")

    def __init__(self, view: dict, whole: bool = False):
        self.view = view
        dumps, scalars = orjson.dumps, _SCALARS
        if whole:
            self.sent: bytes | dict[str, Any] = dumps(view)
        else:
            self.sent = {k: v if type(v) in scalars else dumps(v) for k, v in view.items()}

    def patch(self, old: bytes | dict[str, Any] | None, path: str) -> list[dict]:
        """Operations from the part sent before (`old`) to this one. Only values that changed
        are compared, and only larger objects and lists are parsed again to be diffed."""
        if old is None:
            return [{"op": "replace", "path": path, "value": self.view}]
        if old == self.sent:  # most seats' parts, most steps
            return []
        if type(old) is bytes:
            return changes(orjson.loads(old), self.view, path)
        ops: list[dict] = []
        for key, kept in self.sent.items():
            before = old.get(key, _MISSING)
            if before == kept:
                continue
            value = self.view[key]
            if before is _MISSING:
                ops.append({"op": "add", "path": pointer(path, key), "value": value})
            elif (
                type(before) is bytes
                and len(before) >= DIFF_FROM_BYTES
                and isinstance(value, (dict, list))
            ):
                ops.extend(changes(orjson.loads(before), value, pointer(path, key)))
            else:
                ops.append({"op": "replace", "path": pointer(path, key), "value": value})
        ops.extend(
            {"op": "remove", "path": pointer(path, key)} for key in old if key not in self.sent
        )
        return ops

    def game_doc(self, you: _Part | None) -> dict:
        return {"public": self.view} if you is None else {"public": self.view, "you": you.view}


def _spliced(sent: bytes | dict[str, Any]) -> Any:
    """A part as kept, to encode again without parsing it."""
    if type(sent) is bytes:
        return orjson.Fragment(sent)
    return {key: orjson.Fragment(v) if type(v) is bytes else v for key, v in sent.items()}


def _parsed(sent: bytes | dict[str, Any]) -> dict[str, Any]:
    if type(sent) is bytes:
        return orjson.loads(sent)
    return {key: orjson.loads(v) if type(v) is bytes else v for key, v in sent.items()}


def _game_doc(public: dict[str, Any] | None, you: bytes | None) -> dict | None:
    """A game document as sent, parsed back from its kept parts."""
    if public is None:
        return None
    doc = {"public": _parsed(public)}
    if you is not None:
        doc["you"] = _parsed(you)
    return doc


def _read_failure(future: asyncio.Future) -> None:
    """Mark the failure of `future` as read, now or once it settles (asyncio reports a failure
    nobody read when the future is collected)."""
    if not future.done():
        future.add_done_callback(_read_failure)
    elif not future.cancelled():
        future.exception()


def _seats_by_member(state: TableState) -> dict[int, int]:
    """`state.seat_of` for every member at once."""
    if state.game_state is None:
        return {}
    return {member: seat for seat, status in enumerate(state.seats) for member in status.members}
