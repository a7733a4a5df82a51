"""What the field cards in play do together (CS-53 to CS-66), recounted whenever they change."""

from __future__ import annotations

from .ranks import ACE, JOKER, KING, QUEEN

BASE_HAND_SIZE = 5


class Fields:
    """The field abilities in force. Idempotent fields are flags; 8 and A count; K is parity."""

    __slots__ = (
        "aces",
        "counts",
        "eight",
        "five",
        "four",
        "hand_size",
        "jack",
        "joker",
        "nine",
        "queen",
        "reverse",
        "seven",
        "six",
        "ten",
        "three",
        "two",
    )

    def __init__(self, ranks: list[int] | tuple[int, ...] = ()):
        counts = [0] * (ACE + 1)
        for rank in ranks:
            counts[rank] += 1
        self.counts = tuple(counts)
        self.two, self.three, self.four = counts[2] > 0, counts[3] > 0, counts[4] > 0
        self.five, self.six, self.seven = counts[5] > 0, counts[6] > 0, counts[7] > 0
        self.eight = counts[8]
        self.nine, self.ten, self.jack = counts[9] > 0, counts[10] > 0, counts[11] > 0
        self.queen = counts[QUEEN] > 0
        self.reverse = counts[KING] % 2 == 1
        self.aces = counts[ACE]
        self.joker = counts[JOKER] > 0
        self.hand_size = BASE_HAND_SIZE + self.aces  # one more per ace field (CS-64)

    def multiplier(self, cards: int) -> int:
        """How many times a stackable power acts: per card, +1 per 8-field; 1 with a Q-field.

        CS-47, CS-59, CS-62.
        """
        return 1 if self.queen else cards * (1 + self.eight)


NO_FIELDS = Fields()
