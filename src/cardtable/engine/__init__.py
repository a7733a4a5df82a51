"""The engine contract every game meets, and the pieces games share. Nothing here does I/O."""

from .cards import Card, french_deck
from .errors import IllegalAction
from .events import Event, everyone, only
from .game import OMNISCIENT, Game
from .options import Option, OptionSet
from .result import Result
from .rng import Rng

__all__ = [
    "OMNISCIENT",
    "Card",
    "Event",
    "Game",
    "IllegalAction",
    "Option",
    "OptionSet",
    "Result",
    "Rng",
    "everyone",
    "french_deck",
    "only",
]
