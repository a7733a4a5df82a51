"""The two packs of RB-1 as ints, and the three building tests of RB-6.

Card ids are those of `french_deck(packs=2)`: id = pack * 52 + suit * 13 + rank - 1, so the
pack (the back: 0 red, 1 blue) of card `c` is `c // 52`. Both packs play alike (RB-1).
"""

from __future__ import annotations

from ...engine import french_deck

DECK = french_deck(packs=2)
PACK_SIZE = 52
RANK = tuple(card.rank for card in DECK)
SUIT = tuple(card.suit for card in DECK)
RED = tuple(card.red for card in DECK)
FACE = tuple(card % PACK_SIZE for card in range(len(DECK)))  # the same for both packs
ACE, KING = 1, 13


def card_json(card: int) -> dict:
    return DECK[card].to_json()


def builds_on(card: int) -> tuple[int, ...]:
    """The faces a layout card takes on it: one rank lower, the other colour (RB-6)."""
    if RANK[card] == ACE:
        return ()
    return tuple(
        FACE[other]
        for other in range(PACK_SIZE)
        if RANK[other] == RANK[card] - 1 and RED[other] != RED[card]
    )


BUILDS_ON = tuple(builds_on(card) for card in range(len(DECK)))


def fits_centre(foundation: list[int], card: int) -> bool:
    """RB-6 centre: an ace starts a foundation, which then builds up in suit to the king."""
    if not foundation:
        return RANK[card] == ACE
    top = foundation[-1]
    return SUIT[top] == SUIT[card] and RANK[top] + 1 == RANK[card]


def fits_layout(pile: list[int], card: int) -> bool:
    """RB-6 layout (and RB-10 spaces): down in alternate colour; any card fills a space."""
    if not pile:
        return True
    top = pile[-1]
    return RED[top] != RED[card] and RANK[top] == RANK[card] + 1


def fits_load(pile: list[int], card: int) -> bool:
    """RB-6 loading: same suit, one rank up or down, no wrap-around. `pile` is not empty."""
    top = pile[-1]
    return SUIT[top] == SUIT[card] and abs(RANK[top] - RANK[card]) == 1
