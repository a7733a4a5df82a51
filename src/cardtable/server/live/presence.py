"""A live table's presence: its connections here, who other processes say is online, and the
grace periods of members with no connection open.

A member none of whose connections is open (here or, by the bus, elsewhere) for the table's
grace period is marked away by a logged step; one who connects again is marked present at
once. Time is read and wake-ups armed through the server's `Clock`.
"""

from __future__ import annotations

import logging

from ...store import Conflict
from ...table.errors import TableError
from ..realtime.connection import Connection

log = logging.getLogger(__name__)


class Presence:
    """The presence of `LiveTable` (live/table.py holds its state)."""

    async def connect(self, connection: Connection) -> None:
        """Welcome a connection with its whole document and count its member online. Raises
        TableError `unavailable` (nothing counted) while a table to be read back from its log
        cannot be: the database does not answer."""
        async with self.lock:
            await self._settle()
            self.context.metrics.connections += 1
            self.local_online[connection.member] += 1
            if self.local_online[connection.member] == 1:
                self._send_presence()
                await self.publish_presence()
            await self._review_presence()
            self._build()  # a new connection is sent no step applied before its welcome
            self.connections.add(connection)
            self.welcome(connection)

    async def disconnect(self, connection: Connection) -> None:
        async with self.lock:
            if connection not in self.connections:
                return
            self.connections.discard(connection)
            self.context.metrics.connections -= 1
            self.local_online[connection.member] -= 1
            if self.local_online[connection.member] <= 0:
                del self.local_online[connection.member]
                self._send_presence()
                await self.publish_presence()
                self._watch_absent()
                self._rest_or_wake()
            keys = {c.key for c in self.connections}
            self._yous = {k: v for k, v in self._yous.items() if k in keys}

    async def set_remote_online(self, node: str, members: set[int]) -> None:
        """Under the lock: a presence message must not overtake the update of a step."""
        async with self.lock:
            if members:
                self.remote_online[node] = members
                self._remote_heard[node] = self.context.settings.clock.time()
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

    def _watch_absent(self) -> None:
        """Arm the grace period of every person at the table with no connection open who is
        not marked away yet, and disarm it for those who have one."""
        if self.closed:
            return
        online = self.online()
        clock, grace = self.context.settings.clock, self.state.grace
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
