"""PettingZoo and Gymnasium environments for every game: `make(game_id, **options)` gives
the AEC environment (aec.py), `make_seat(...)` one seat against bots (seat.py); each game's
encoder (one module per game) turns a seat's view into an observation and numbers its
actions. docs/environments.md describes the encodings."""

from .aec import CardTableEnv, place_rewards
from .registry import ENCODERS, ids, make, make_seat
from .seat import SeatEnv

__all__ = ["ENCODERS", "CardTableEnv", "SeatEnv", "ids", "make", "make_seat", "place_rewards"]
