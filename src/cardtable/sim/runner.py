"""Plays one game to its end between bots, on a simulated clock (`engine.play_out`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..bots import Bot
from ..engine import Decks, Ending, Game, Result, Rng, Step, play_out

#: Game seconds that pass with each decision, so clocks and time limits advance in simulation.
SECONDS_PER_DECISION = 1.0


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
    decks: Decks = None,
) -> Playthrough:
    """Play until the game has a result. Bots decide for every seat that is due to act. The
    game deals from `decks` (`Game.new`; None: the built-in decks).

    `decisions` counts bot choices; `steps` also counts timeouts the table applied. Raises
    `engine.Stalled` when the game stalls.
    """
    state = game.new(options, seats=seats, seed=seed, decks=decks)
    chooser = Rng(seed ^ 0x5EED)
    actions: list = []

    def choose(state, acting: frozenset[int]) -> tuple[int, dict]:
        seat = min(acting) if len(acting) == 1 else chooser.choice(sorted(acting))
        return seat, bots[seat].choose(game, state, seat, chooser)

    def keep(step: Step) -> None:
        actions.extend((seat, action, step.at) for seat, action in step.actions)

    played = play_out(
        game,
        state,
        choose,
        max_steps=max_steps,
        tick=SECONDS_PER_DECISION,
        on_step=keep if record else None,
    )
    if played.ending is not Ending.FINISHED:
        raise Unfinished(f"{game.id} seed {seed}: no result after {max_steps} steps")
    return Playthrough(played.result, state, played.moves, played.steps, actions)
