"""What a bot is: something that picks one action for a seat that is due to act."""

from __future__ import annotations

from typing import Protocol

from ..engine import Game, Rng


class Bot(Protocol):
    """A player that chooses actions.

    A bot may look only at what its seat may know: `game.view(state, seat)` (or the part of it
    `game.sight(state, seat)` builds for less) and `game.legal(state, seat)` (or
    `game.random_action`). It never reads hidden parts of the state.
    """

    name: str

    def choose(self, game: Game, state, seat: int, rng: Rng) -> dict: ...


class RandomBot:
    """Uniform over the legal actions, sampled directly so huge action lists stay cheap."""

    name = "random"

    def choose(self, game: Game, state, seat: int, rng: Rng) -> dict:
        return game.random_action(state, seat, rng)
