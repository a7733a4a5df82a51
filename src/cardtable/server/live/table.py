"""One table in memory: a small facade over the jobs that keep it live, each in a module of
its own, on the state the facade holds.

- writes.py: the write pipeline (the one writer that changes the table, and what it sends once
  each step is durable);
- fanout.py: each connection's updates and welcome;
- presence.py: connections, who is online elsewhere, grace periods;
- autoplay.py: timers and bots; lifetime.py: leaving memory when idle, abandoned games.

It reaches the rest of the process only through its `TableContext` (settings, store, metrics,
relay) and the two callbacks by which its registry lets it go.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import Counter, deque
from collections.abc import Callable
from typing import Any

from ... import bots
from ...engine import IllegalAction, Rng
from ...store import Conflict
from ...table.errors import ErrorCode, TableError
from ...table.state import TableState
from ..clock import Handle
from ..realtime.connection import Connection
from .autoplay import Autoplay
from .context import TableContext
from .fanout import FanOut
from .lifetime import Lifetime
from .presence import Presence
from .writes import StepGroup, WritePipeline

log = logging.getLogger(__name__)


class LiveTable(WritePipeline, FanOut, Presence, Autoplay, Lifetime):
    def __init__(
        self,
        context: TableContext,
        state: TableState,
        evict: Callable[[], None],
        forget: Callable[[], None],
    ):
        """`evict` and `forget`: how the registry lets the table go (idle; or unreadable)."""
        self.context = context
        self.state = state
        self._evict, self._forget = evict, forget
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
        self._yous: dict[int, dict[str, Any]] = {}
        self._timer: Handle | None = None
        #: Members with no connection open, each with the wake-up that marks them away.
        self._grace: dict[int, Handle] = {}
        self._tasks: set[asyncio.Task] = set()
        self._bots: dict[tuple[int, str], bots.Bot] = {}
        self._rng = Rng(secrets.randbits(64))  # bots choose with OS randomness, as seeds do
        #: Steps applied and queued for the log, in groups, oldest first; the last group is
        #: `_open` until its messages are built. `_durable`: the last step stored and sent.
        self._inflight: deque[StepGroup] = deque()
        self._open: StepGroup | None = None
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
        #: Dropped from memory (`Registry.forget`): nothing is armed here any more.
        self.closed = False

    @property
    def code(self) -> str:
        return self.state.code

    def clock(self) -> float:
        """The table's game time: wall seconds since it was created, never going back."""
        return max(self.state.clock, self.context.settings.clock.time() - self.state.created_wall)

    def online(self) -> set[int]:
        members = {m for m, n in self.local_online.items() if n}
        for remote in self.remote_online.values():
            members |= remote
        return members

    def start(self) -> None:
        """Arm what the table held now waits for: its timer or bots, the grace periods of the
        people not connected, and the idle wake-up."""
        self._schedule()
        self._watch_absent()

    async def publish_presence(self) -> None:
        """Tell other processes who is online at this table through this one."""
        online = sorted(m for m, n in self.local_online.items() if n)
        await self.context.relay.publish_presence(self.code, online)

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
            if error.code != ErrorCode.UNAVAILABLE:  # the database's failure is logged by `_fail`
                log.warning("table %s: %s refused: %s", self.code, work.__name__, error)
        except Exception:
            log.exception("table %s: %s failed", self.code, work.__name__)

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
