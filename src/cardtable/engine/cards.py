"""The French deck: 52 cards in four suits, optionally with jokers, in one or more packs."""

from __future__ import annotations

from typing import NamedTuple

SUITS = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
RED_SUITS = frozenset({"diamonds", "hearts"})
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K", 0: "Joker"}
JOKER = 0


def rank_name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


class Card(NamedTuple):
    """A playing card. `rank` 1 (ace) to 13 (king), 0 for a joker (whose suit is None).

    `id` is unique within a game; `pack` tells packs apart (Russian Bank's two backs).
    """

    id: int
    rank: int
    suit: str | None
    pack: int = 0

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def label(self) -> str:
        if self.rank == JOKER:
            return "Joker"
        assert self.suit is not None  # only a joker has none
        return rank_name(self.rank) + SUIT_SYMBOLS[self.suit]

    def to_json(self) -> dict:
        return {"id": self.id, "rank": self.rank, "suit": self.suit, "pack": self.pack}


def french_deck(packs: int = 1, jokers: int = 0, first_id: int = 0) -> tuple[Card, ...]:
    """`packs` packs of 52 cards plus `jokers` jokers per pack, ids counting up from `first_id`."""
    cards: list[Card] = []
    for pack in range(packs):
        for suit in SUITS:
            for rank in range(1, 14):
                cards.append(Card(first_id + len(cards), rank, suit, pack))
        for _ in range(jokers):
            cards.append(Card(first_id + len(cards), JOKER, None, pack))
    return tuple(cards)
