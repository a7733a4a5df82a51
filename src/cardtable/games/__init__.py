"""The registry of games: every subpackage of `cardtable.games` that exports `GAME`, and any
game registered for a while (`registered`: a test's own game)."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from ..engine import Game


@cache
def _registry() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        game = getattr(importlib.import_module(f"{__name__}.{module.name}"), "GAME", None)
        if isinstance(game, Game):
            found[game.id] = game
    return found


def ids(*, unlisted: bool = False) -> tuple[str, ...]:
    """The ids of the games tables may host (`Game.listed`), sorted; with `unlisted`, every
    registered game's (the example game's too: the contract tests play them all)."""
    registry = _registry()
    return tuple(sorted(game_id for game_id, game in registry.items() if unlisted or game.listed))


def get(game_id: str) -> Game:
    """The game registered under `game_id`; KeyError names the known ids."""
    try:
        return _registry()[game_id]
    except (KeyError, TypeError):
        raise KeyError(f"unknown game {game_id!r}; games: {', '.join(ids())}") from None


@contextmanager
def registered(game: Game) -> Iterator[Game]:
    """`game` registered under its id until the block ends; ValueError if the id is taken."""
    registry = _registry()
    if game.id in registry:
        raise ValueError(f"a game is registered as {game.id!r} already")
    registry[game.id] = game
    try:
        yield game
    finally:
        del registry[game.id]
