"""A live table's write pipeline: the one writer that changes it, and what it sends once
each step is durable.

Every change goes through `act` (or `act_now`): under the table's lock the entry is applied and
queued for the log; the lock is then free for the next step while this one is stored (many
steps of many tables share one commit). The steps a table applies in one turn of the event loop
form a group: its messages are built once, after its last step (fanout.py). Once a group is
durable, and only then, each connection is sent its `update`: the events meant for it and a
patch of its document (the acting connection's update is its ack), strictly in sequence order;
updates stored by one commit go as one message (realtime/outgoing.py). After every step the
table re-arms its timer and bots (autoplay.py), so it never waits on someone who is gone.

A step that fails to store fails every step queued after it; the table is then read back from
its log (`_rebuild`), at once or, while the database does not answer, every `REPAIR_EVERY`
seconds. Steps other processes stored come in by the bus (`receive_remote`) or from the log
(`catch_up`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ...engine import Event
from ...store import Conflict, Entry, database_down
from ...table.errors import ErrorCode, TableError
from ...table.reducer import apply, replay
from ..realtime.connection import Connection
from ..realtime.outgoing import send_in_order
from ..refusals import unavailable
from .finished import finished_game

log = logging.getLogger(__name__)

#: How many times an action is retried when another process stored the same step first.
RETRIES = 3
#: Seconds between attempts to read a table back from its log while the database does not
#: answer (after a step could not be stored): the table goes on within this time of the
#: database answering again, or at once when someone acts or connects.
REPAIR_EVERY = 1.0


@dataclass(eq=False)
class Step:
    """A step applied in memory and queued for the log: its events, who made it (`origin`,
    `client_id`: the connection to acknowledge, and the id it sent)."""

    entry: Entry
    events: list[Event]
    origin: Connection | None
    client_id: Any
    stored: asyncio.Future
    outcome: asyncio.Future
    started: float
    #: Whether it changed the table itself (`TableState.table_changed`).
    table_changed: bool
    #: Applied by `act_now`: no `act` waits for it to observe its latency.
    at_once: bool = False


@dataclass(eq=False)
class StepGroup:
    """Steps applied one after another with no message built between them: in one turn of
    the event loop, most often, as when several players answer one round at once. Their
    messages are built once, from the state after the last (`_build`), and sent together once
    every one of them is stored. `sends` is None until built: (connection, message) pairs, a
    message being an `Update`, other encoded bytes, or an int close code. `posted`: messages
    sent after them (`_post`)."""

    steps: list[Step]
    #: What the connections had been sent before it: (table doc, public, yous, keys).
    before: tuple | None = None
    sends: list | None = None
    posted: list[tuple[Connection, bytes]] = field(default_factory=list)


class WritePipeline:
    """The write pipeline of `LiveTable` (live/table.py holds its state)."""

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
        self.context.metrics.action_latency.observe(time.perf_counter() - started)
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
        self.context.store.flush_if_full()
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
            self.context.store.flush_if_full()
            try:
                return await step.outcome
            except Conflict:
                self.context.metrics.conflicts += 1
                if not retry:
                    raise
        raise TableError(ErrorCode.BUSY, "the table is busy; try again", 503)

    def _begin(self, kind, seat, action, origin, client_id, at) -> Step:
        """Apply a step and queue it for the log, in the open group; returns at once.
        `at`: the earliest game time the step may carry (a timeout is never early). A lobby
        step is a group of its own: it may change who sees what."""
        state = self.state
        if kind == "lobby":
            self._build()
        wall = self.context.settings.clock.time()
        entry = Entry(state.seq + 1, kind, seat, action, max(self.clock(), at), wall)
        events = apply(state, entry)
        summary = self._summary
        if state.table_changed:
            summary = state.summary()  # the game's state decides none of it
        ended = summary["status"] == "ended" != self._summary["status"]
        stored = self.context.store.submit(
            state.code,
            [entry],
            summary if summary != self._summary else None,
            then=self._deliver,
            finished=finished_game(state) if ended else None,
        )
        self._summary = summary
        loop = asyncio.get_running_loop()
        step = Step(
            entry,
            events,
            origin,
            client_id,
            stored,
            loop.create_future(),
            time.perf_counter(),
            state.table_changed,
        )
        if self._open is None:
            self._open = StepGroup([step])
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
        changed = any(step.table_changed for step in group.steps)
        group.sends = self._broadcast([(s.entry.seq, s.events) for s in group.steps], changed, acks)

    def _deliver(self) -> None:
        """Send the groups at the head of the queue whose steps are all stored, in order (the
        open group waits for the end of its turn). A failed step fails every step queued after
        it (they were applied on top of it) and marks the table broken."""
        delivered: list[Entry] = []
        sends: list = []
        metrics = self.context.metrics
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
            if self.context.relay.listened(self.code):
                self._spawn(self.context.relay.publish, self.code, delivered)
            if any(entry.kind == "lobby" for entry in delivered):
                self._watch_absent()

    def _fail(self, group: StepGroup, failed: Step) -> None:
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
                refusal = partial(TableError, ErrorCode.UNAVAILABLE, saved, 503)
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
            clock = self.context.settings.clock
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
        self._send(self._broadcast([(entry.seq, events)], self.state.table_changed, acks))
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
            self._forget()
            raise
        self.state = replay(self.code, entries[: self._durable], self.context.decks)
        self._table_doc, self._public, self._yous = table_doc, public, yous
        for connection in self.connections:
            if connection in keys:
                connection.key = keys[connection]
            else:  # its welcome was to follow the failed step
                self.welcome(connection)
        for entry in entries[self._durable :]:
            self._stored(entry, apply(self.state, entry))
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
                    self._stored(entry, apply(self.state, entry))

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
        """The log from step `after + 1`, with every deck its steps name read."""
        entries = await self.context.store.entries(self.code, after=after)
        await self.context.decks.read(entries)
        return entries

    async def receive_remote(self, entries: list[Entry]) -> None:
        """Steps another process stored, in order; a gap is filled from the log."""
        async with self.lock:
            await self._drain()
            with self._read_back_if_down():
                await self.context.decks.read(entries)
                for entry in entries:
                    if entry.seq <= self.state.seq:
                        continue
                    if entry.seq != self.state.seq + 1:
                        for missing in await self._read_log(after=self.state.seq):
                            self._stored(missing, apply(self.state, missing))
                        return
                    self._stored(entry, apply(self.state, entry))


def _read_failure(future: asyncio.Future) -> None:
    """Mark the failure of `future` as read, now or once it settles (asyncio reports a failure
    nobody read when the future is collected)."""
    if not future.done():
        future.add_done_callback(_read_failure)
    elif not future.cancelled():
        future.exception()
