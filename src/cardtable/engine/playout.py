"""Playing a game on: the one loop that simulations, bots' look-ahead and the tests share.

Each step, either one seat that is to act moves (as `choose` says), or, when nobody is to act,
the game's `timeout_actions` are applied at its deadline, as a table would when it passes.
The loop stops when the game has a result, when `choose` says stop, or after `max_steps`
steps, and says which.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .events import Event
from .game import Game
from .result import Result
from .rng import Rng

#: Picks the next move: given the state and the seats to act (never empty), a (seat, action)
#: for one of them, or None to stop the play-out there.
Choose = Callable[[Any, frozenset[int]], tuple[int, dict] | None]


class Ending(Enum):
    """Why a play-out stopped."""

    FINISHED = "finished"  # the game has a result
    STOPPED = "stopped"  # `choose` returned None
    STEP_LIMIT = "step-limit"  # `max_steps` steps were played and the game has no result


class Stalled(RuntimeError):
    """Nobody is to act and the game names no timeout action: a game that breaks the contract
    (`Game.timeout_actions`), since only a table's autopilot could move it on, and it moves
    seats that are to act."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step played: a seat's move, or the actions a timeout applied (`timeout`), each with
    the events it caused, at game time `at` (None in a play-out without a clock)."""

    actions: tuple[tuple[int | None, dict], ...]
    events: tuple[list[Event], ...]
    at: float | None
    timeout: bool


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a play-out ended: `result` is the game's (None unless FINISHED); `steps` counts
    every step, `moves` only the seats' moves; `clock` is the game time of the last step."""

    ending: Ending
    result: Result | None
    steps: int
    moves: int
    clock: float | None


def play_out(
    game: Game,
    state,
    choose: Choose,
    *,
    max_steps: int,
    clock: float | None = 0.0,
    tick: float = 1.0,
    on_step: Callable[[Step], None] | None = None,
) -> Outcome:
    """Play `state` on in place, at most `max_steps` steps, and say how it ended.

    Game time starts at `clock` and each step comes `tick` seconds after the last; a timeout
    comes at its deadline when that is later. With `clock` None, actions are applied with no
    time (a look-ahead that does not care). `on_step` sees each step once it is applied.
    Raises `Stalled` when nobody is to act and the game names no timeout action.
    """
    steps = moves = 0
    now = clock
    while (result := game.result(state)) is None:
        if steps >= max_steps:
            return Outcome(Ending.STEP_LIMIT, None, steps, moves, now)
        acting = game.to_act(state)
        if acting:
            move = choose(state, acting)
            if move is None:
                return Outcome(Ending.STOPPED, None, steps, moves, now)
            steps += 1
            moves += 1
            if now is not None:
                now += tick
            events = game.apply(state, move[0], move[1], now)
            if on_step is not None:
                on_step(Step((move,), (events,), now, False))
            continue
        pairs = tuple(game.timeout_actions(state))
        if not pairs:
            raise Stalled(f"{game.id}: nobody is to act and no timeout is pending")
        steps += 1
        if now is not None:
            deadline = game.deadline(state)
            now = now + tick if deadline is None else max(now + tick, deadline)
        applied = tuple(game.apply(state, seat, action, now) for seat, action in pairs)
        if on_step is not None:
            on_step(Step(pairs, applied, now, True))
    return Outcome(Ending.FINISHED, result, steps, moves, now)


def draw_seat(decide: Callable[[Any, int], dict], rng: Rng) -> Choose:
    """A `Choose` that draws one of the seats to act with `rng` (from the sorted seats, so a
    seed replays) and moves it as `decide(state, seat)` says."""

    def choose(state, acting: frozenset[int]) -> tuple[int, dict]:
        seat = rng.choice(sorted(acting))
        return seat, decide(state, seat)

    return choose


def random_moves(game: Game, rng: Rng) -> Choose:
    """A `Choose` of random play: a seat drawn by `draw_seat` makes `game.random_action`."""
    return draw_seat(lambda state, seat: game.random_action(state, seat, rng), rng)
