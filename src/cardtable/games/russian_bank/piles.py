"""The 24 piles of a deal, their stable ids (the action vocabulary of the browser) and owners.

Internally a pile is an index into `State.piles`; on the wire it is a string id:
`centre:0`..`centre:7` (foundations), `layout:0`..`layout:7` (seat 0 dealt 0-3, seat 1 dealt
4-7, RB-3), and per seat `stock:s`, `hand:s`, `turned:s` (the card turned up from the hand,
RB-7.5) and `discard:s`. Each list runs bottom to top: its last item is the top card.
"""

from __future__ import annotations

CENTRE = tuple(range(0, 8))
LAYOUT = tuple(range(8, 16))
STOCK = (16, 17)
HAND = (18, 19)
TURNED = (20, 21)
DISCARD = (22, 23)
PILE_COUNT = 24
LAYOUT_PER_SEAT = 4

NAMES = (
    *(f"centre:{i}" for i in range(8)),
    *(f"layout:{i}" for i in range(8)),
    *(f"{kind}:{seat}" for kind in ("stock", "hand", "turned", "discard") for seat in (0, 1)),
)
INDEX = {name: index for index, name in enumerate(NAMES)}

#: Every pile a seat holds, whose cards count against it (RB-4, RB-18).
OWN_PILES = tuple((STOCK[s], HAND[s], TURNED[s], DISCARD[s]) for s in (0, 1))


def pile_index(name) -> int | None:
    """The index of a pile id, or None when `name` is not one."""
    return INDEX.get(name) if isinstance(name, str) else None
