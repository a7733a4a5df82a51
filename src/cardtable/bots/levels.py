"""The lobby's bot levels, `easy`, `normal` and `hard`, as each game's `BOTS` names them:
`normal` is the game's heuristic, `hard` its search bot (`search.py`), and `easy` the
heuristic made careless here."""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Game, Rng
from .base import Bot

#: How often the easy bot plays a random legal move instead of the heuristic's.
SLIP = 0.4


class Careless:
    """The `easy` level: a heuristic that, one move in SLIP, plays a random legal move (the
    game's `random_action`) instead, so it misses plays a beginner can punish."""

    name = "easy"

    def __init__(self, heuristic: Callable[[], Bot], slip: float = SLIP):
        self.heuristic = heuristic()
        self.slip = slip

    def choose(self, game: Game, state, seat: int, rng: Rng) -> dict:
        if rng.random() < self.slip:
            return game.random_action(state, seat, rng)
        return self.heuristic.choose(game, state, seat, rng)


def levels(
    heuristic: Callable[[], Bot], hard: Callable[[], Bot], careless: Callable[[], Bot] | None = None
) -> dict[str, Callable[[], Bot]]:
    """A game's `BOTS`: `heuristic` (its name in saved tables) and `normal` are the heuristic,
    `easy` is `careless` (the heuristic unless a cheaper one is given) made careless, `hard`
    is `hard`."""
    base = heuristic if careless is None else careless
    return {
        "heuristic": heuristic,
        "easy": lambda: Careless(base),
        "normal": heuristic,
        "hard": hard,
    }
