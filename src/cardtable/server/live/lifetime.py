"""A live table's lifetime: a table with nobody connected and nothing armed (resting, ended,
or a lobby nobody is in) for the site's `evict_after` leaves memory (`Registry.evict`); its
next use loads it again from the log. A game found stale when loaded is ended by the server
(`abandon`)."""

from __future__ import annotations

import contextlib

from ...store import Conflict


class Lifetime:
    """The lifetime of `LiveTable` (live/table.py holds its state)."""

    def touch(self) -> None:
        """The table was used (a read, a join, a hello): if idle, it stays held `evict_after`
        seconds from now."""
        self._review_idle(restart=True)

    async def abandon(self) -> None:
        """End the game, which nobody has attended for `abandon_after` (`Registry` found it so
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
            settings = self.context.settings
            self._idle = settings.clock.call_later(settings.evict_after, self._idle_over)

    def _idle_over(self) -> None:
        """Idle for `evict_after`: leave memory, unless a step or a task is still under way
        (then look again once it is idle again)."""
        self._idle = None
        busy = self.lock.locked() or self._inflight or self._tasks or self._broken is not None
        if busy or not self._idle_now():
            self._review_idle()
        else:
            self._evict()
