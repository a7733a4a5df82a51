"""A live table's autoplay: the one wake-up it has armed at a time, a robot's move (a bot, or
a seat on autopilot), away seats skipped, or the game's deadline, and what each applies.

When several processes serve a table, the one that stored its last step moves its bots and
applies its timeouts; the others arm the same wake-ups a presence lease later, so they act only
when that process has gone quiet (a process that died), and no step is computed twice.
"""

from __future__ import annotations

import asyncio

from ... import bots


class Autoplay:
    """The autoplay of `LiveTable` (live/table.py holds its state)."""

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
        settings = self.context.settings
        clock = settings.clock
        shared = self._following and self.context.relay.listened(self.code)
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
                pairs = [(seat, await self._choose(seat, pilot)) for seat in late]
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
            await self._act_locked(kind, seat, await self._choose(seat, name), retry=False)

    async def _choose(self, seat: int, name: str) -> dict:
        """What bot `name` plays for `seat` now (each seat keeps its own bot). The bot thinks
        in a worker thread, on a copy of the game, while the table's lock is held: a bot that
        searches (`hard`) or loads a model (CAH's) holds up only its own table, not the other
        tables of this process."""
        bot = self._bots.get((seat, name))
        if bot is None:
            bot = self._bots[(seat, name)] = bots.get(name, self.state.game_id)
        game, position = self.state.game, self.state.game.clone(self.state.game_state)
        return await asyncio.to_thread(bot.choose, game, position, seat, self._rng)
