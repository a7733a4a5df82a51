"""The registry of games: every subpackage of `cardtable.games` that exports `GAME`."""

from __future__ import annotations

import importlib
import pkgutil
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
    return dict(sorted(found.items()))


def ids() -> tuple[str, ...]:
    """Every registered game id, sorted."""
    return tuple(_registry())


def get(game_id: str) -> Game:
    """The game registered under `game_id`; KeyError names the known ids."""
    try:
        return _registry()[game_id]
    except (KeyError, TypeError):
        raise KeyError(f"unknown game {game_id!r}; games: {', '.join(ids())}") from None
