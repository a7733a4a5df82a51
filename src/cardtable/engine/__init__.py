"""The engine contract every game meets, and the pieces games share. Nothing here does I/O."""

from .cards import Card, french_deck
from .errors import IllegalAction
from .events import Event, everyone, only
from .game import OMNISCIENT, Decks, Game
from .options import Option, OptionSet, PresetNote
from .playout import Choose, Ending, Outcome, Stalled, Step, draw_seat, play_out, random_moves
from .result import Result
from .rng import Rng

__all__ = [
    "OMNISCIENT",
    "Card",
    "Choose",
    "Decks",
    "Ending",
    "Event",
    "Game",
    "IllegalAction",
    "Option",
    "OptionSet",
    "Outcome",
    "PresetNote",
    "Result",
    "Rng",
    "Stalled",
    "Step",
    "draw_seat",
    "everyone",
    "french_deck",
    "only",
    "play_out",
    "random_moves",
]
