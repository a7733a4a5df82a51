"""Seeded randomness: every random choice in a game comes from its state's own generator."""

from __future__ import annotations

import random


class Rng(random.Random):
    """A Mersenne Twister seeded from an int. Copies are cheap and independent."""

    def __init__(self, seed: int = 0):
        super().__init__(seed)

    def copy(self) -> Rng:
        twin = Rng.__new__(Rng)  # no seeding: setstate overwrites the whole state
        twin.setstate(self.getstate())
        return twin

    def __deepcopy__(self, memo) -> Rng:
        return self.copy()

    def __copy__(self) -> Rng:
        return self.copy()


class Drawless(Rng):
    """A generator for throwaway copies of a state that must not consume randomness (a trial
    of an answer, say): every draw raises, so a change that makes one draw is caught."""

    def random(self) -> float:
        raise AssertionError("this copy of the state may not draw randomness")

    def getrandbits(self, k: int) -> int:
        raise AssertionError("this copy of the state may not draw randomness")
