"""What every per-game encoder provides, and the pieces encoders share.

An encoder turns what one seat may know (`game.view(state, seat)`, never the state) into a
fixed-size float32 vector, and gives each legal action a place in a fixed action space: it
names every action of the game by a hashable *key* (card ids replaced by what the seat can
tell apart, e.g. a rank or a hand slot), and `ActionSpace` numbers the keys once, up front.
Legal actions that share a key are the same move to the seat (two cards of one rank in
Cunt-Soul, CS rules: suits never matter), so the environment keeps the first of them.

An encoder may also let a seat *wait*: decline to act while another seat is also to act
(Russian Bank's opponent not calling stop yet, RB-13). Waiting is no action of the game: the
environment only asks the next seat.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

import numpy as np

#: The key of waiting (see the module docstring); in an encoder's space only if it may wait.
WAIT: tuple[str] = ("wait",)


class ActionSpace:
    """A fixed numbering of action keys: index <-> key, in the order the encoder listed them."""

    def __init__(self, keys: Iterable[Hashable]):
        self.keys: tuple[Hashable, ...] = tuple(keys)
        self.index = {key: number for number, key in enumerate(self.keys)}
        if len(self.index) != len(self.keys):
            raise ValueError("an action space lists each key once")

    def __len__(self) -> int:
        return len(self.keys)

    def __contains__(self, key: Hashable) -> bool:
        return key in self.index

    def number(self, key: Hashable) -> int:
        """The index of `key`; KeyError (a gap in the encoder's space) when it has none."""
        try:
            return self.index[key]
        except KeyError:
            raise KeyError(f"action key {key!r} is not in this action space") from None


class Encoder:
    """The encoding of one game for given (resolved) options and seats. Subclasses set
    `observation_size` and `actions` in `__init__` and implement `observe` and `action_key`."""

    game_id: str = ""
    observation_size: int
    actions: ActionSpace

    def __init__(self, options: dict[str, Any], seats: int):
        self.options = options
        self.seats = seats

    def observe(self, view: dict, seat: int) -> np.ndarray:
        """The observation of `seat` from its own view (float32, `observation_size` long)."""
        raise NotImplementedError

    def action_keys(self, view: dict, actions: list[dict]) -> list[Hashable]:
        """The keys of legal `actions` of the seat whose view is `view`."""
        lookup = self.lookup(view)
        return [self.action_key(view, action, lookup) for action in actions]

    def lookup(self, view: dict) -> Any:
        """What `action_key` needs from a view, worked out once for all of its actions."""
        return None

    def action_key(self, view: dict, action: dict, lookup: Any) -> Hashable:
        """The key of one legal `action`; `lookup` is `self.lookup(view)`."""
        raise NotImplementedError

    def may_wait(self, view: dict, seat: int) -> bool:
        """Whether `seat` may let another seat that is also to act go first. Default: never."""
        return False


# -- shared helpers -----------------------------------------------------------------------------


def relative(seat: int, other: int, seats: int) -> int:
    """`other`'s place counted from `seat` (0: itself, 1: the next seat, ...)."""
    return (other - seat) % seats


def one_hot(size: int, index: int | None) -> list[float]:
    """A list of `size` zeros with a one at `index` (all zeros for None)."""
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


def card_plane(cards: Iterable[dict | None], size: int) -> np.ndarray:
    """A 0/1 vector over card ids 0..size-1 with the given cards set (None skipped)."""
    plane = np.zeros(size, dtype=np.float32)
    for card in cards:
        if card is not None:
            plane[card["id"]] = 1.0
    return plane


def vector(*parts: Iterable[float] | np.ndarray) -> np.ndarray:
    """The parts joined into one float32 vector."""
    return np.concatenate([np.asarray(part, dtype=np.float32).ravel() for part in parts])
