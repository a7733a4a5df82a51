"""Plays one game to its end between bots, on a simulated clock."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..bots import Bot
from ..engine import Game, Result, Rng

#: Game seconds that pass with each decision, so clocks and time limits advance in simulation.
SECONDS_PER_DECISION = 1.0


class Stalled(RuntimeError):
    """Nobody can act and no timeout is pending: a bug in the game."""


class Unfinished(RuntimeError):
    """No result after the step limit: the bots could not finish the game (one that ends only
    when its host ends it, say). Not a bug: `cardtable simulate` counts such games."""


@dataclass
class Playthrough:
    """A finished game: its result, the actions taken (seat, action, time) and counts."""

    result: Result
    state: object
    decisions: int
    steps: int
    actions: list = field(default_factory=list)


def play_game(
    game: Game,
    options,
    seats: int,
    seed: int,
    bots: list[Bot],
    max_steps: int = 100_000,
    record: bool = False,
) -> Playthrough:
    """Play until the game has a result. Bots decide for every seat that is due to act.

    `decisions` counts bot choices; `steps` also counts timeouts the table applied.
    """
    state = game.new(options, seats=seats, seed=seed)
    chooser = Rng(seed ^ 0x5EED)
    actions = [] if record else None
    decisions = steps = 0
    now = 0.0
    while (result := game.result(state)) is None:
        if steps >= max_steps:
            raise Unfinished(f"{game.id} seed {seed}: no result after {max_steps} steps")
        steps += 1
        now += SECONDS_PER_DECISION
        acting = game.to_act(state)
        if acting:
            seat = min(acting) if len(acting) == 1 else chooser.choice(sorted(acting))
            action = bots[seat].choose(game, state, seat, chooser)
            decisions += 1
            game.apply(state, seat, action, now)
            if record:
                actions.append((seat, action, now))
            continue
        deadline = game.deadline(state)
        pending = game.timeout_actions(state)
        if not pending:
            raise Stalled(f"{game.id} seed {seed}: nobody to act and no timeout at step {steps}")
        now = max(now, deadline or now)
        for seat, action in pending:
            game.apply(state, seat, action, now)
            if record:
                actions.append((seat, action, now))
    return Playthrough(result, state, decisions, steps, actions or [])
