"""Printed ranks, their names, and the decks a table is dealt from (CS-1).

Ranks are small ints: 2..10, J=11, Q=12, K=13, A=14 (the ace is high), 0 for a Joker. The
effective value `TABLE` is what a 6 or a Joker takes on an empty pile (CS-34, CS-44).
"""

from __future__ import annotations

from functools import cache

from ...engine import Card, french_deck

JOKER = 0
TABLE = 1
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
HIGHER, LOWER = "higher", "lower"
DIRECTIONS = (HIGHER, LOWER)

_NAMES = {JOKER: "Joker", TABLE: "table", JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}


def rank_name(rank: int) -> str:
    return _NAMES.get(rank, str(rank))


def printed_rank(card: Card) -> int:
    return ACE if card.rank == 1 else card.rank


#: The most players a table seats: two decks' worth (CS-1).
MAX_SEATS = 8


def decks_for(seats: int) -> int:
    """One 54-card deck per four players, rounded up (CS-1)."""
    return -(-seats // 4)


@cache
def deck(decks: int) -> tuple[Card, ...]:
    """The cards of a table with `decks` decks, two Jokers each; ids count from 0."""
    return french_deck(packs=decks, jokers=2)


@cache
def ranks_of(decks: int) -> tuple[int, ...]:
    """Printed rank by card id."""
    return tuple(printed_rank(card) for card in deck(decks))


@cache
def _card_views(decks: int) -> tuple[dict, ...]:
    return tuple(card.to_json() for card in deck(decks))


def card_view(decks: int, card: int) -> dict:
    """A card as views and events show it: id, rank (1 for an ace, 0 for a Joker), suit, pack."""
    return _card_views(decks)[card].copy()


def card_views(decks: int, cards) -> list[dict]:
    """Several cards as `card_view` shows each."""
    views = _card_views(decks)
    return [views[card].copy() for card in cards]
