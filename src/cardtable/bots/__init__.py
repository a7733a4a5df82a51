"""The bots: `random` for every game, and per-game bots in `cardtable.bots.<game module>`.

A per-game module (named after the game id with `-` as `_`) exports `BOTS`, a dict from bot
name to a zero-argument factory.
"""

from __future__ import annotations

import importlib
from functools import cache

from .base import Bot, RandomBot
from .search import SearchBot

__all__ = ["Bot", "RandomBot", "autopilot", "get", "names", "offered"]

#: The bot that plays a person's seat while they are away: the game's best, for choice.
AUTOPILOT_PREFERENCE = ("heuristic",)
#: The levels a host chooses among in the lobby (bots/levels.py), easiest first.
LEVELS = ("easy", "normal", "hard")


def _game_bots(game_id: str) -> dict:
    try:
        module = importlib.import_module(f"{__name__}.{game_id.replace('-', '_')}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{__name__}.{game_id.replace('-', '_')}":
            raise
        return {}
    return dict(module.BOTS)


def names(game_id: str) -> tuple[str, ...]:
    """The bots that can play `game_id`."""
    return ("random", *sorted(_game_bots(game_id)))


def offered(game_id: str) -> tuple[str, ...]:
    """The bots the lobby offers for `game_id`: `random` and the game's levels, easiest
    first; a game without levels offers every bot it has. Other names (`heuristic`) stay
    playable, for tables that chose them before."""
    known = names(game_id)
    levels = tuple(level for level in LEVELS if level in known)
    return ("random", *levels) if levels else known


@cache
def autopilot(game_id: str) -> str:
    """The bot that plays a person's seat in `game_id` while they are away (autopilot): the
    game's heuristic bot where it has one, so an absence costs the seat as little as it can."""
    known = names(game_id)
    return next((name for name in AUTOPILOT_PREFERENCE if name in known), "random")


def get(name: str, game_id: str, *, timed: bool = True) -> Bot:
    """A new bot called `name` for game `game_id`; ValueError names the known bots.

    At a table (`timed`) a search bot stops at its time cap, so nobody waits on it. A
    simulation asks for `timed=False`: the bot then spends its whole iteration budget on every
    move however busy the machine is, so a seeded game replays exactly and a balance run
    measures the bot, not the machine's load."""
    if name == "random":
        return RandomBot()
    factory = _game_bots(game_id).get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r} for {game_id}; bots: {', '.join(names(game_id))}")
    bot = factory()
    if not timed and isinstance(bot, SearchBot):
        bot.seconds = None
    return bot
