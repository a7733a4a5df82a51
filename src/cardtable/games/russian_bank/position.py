"""Positions written out (the FEN of Russian Bank): a deal under way, built from the cards on
each pile, for rule tests, puzzles and bug reports.

Cards are written rank then suit letter ("7H", "10S", "AC", "KD"); a trailing ".1" takes the
card from the second pack (blue backs). Piles list bottom to top. Cards not named are out of
the position altogether. A position is checked before it is built: every card named is a card
of the two packs and is named once, foundations build up in suit from the ace and layout piles
down in alternate colours (RB-6), and a seat has at most one turned hand card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...engine import Rng
from . import watch
from .cards import PACK_SIZE, fits_centre, fits_layout
from .deals import new_match, new_turn
from .options import OPTION_SET, check_options
from .piles import CENTRE, DISCARD, HAND, LAYOUT, STOCK, TURNED
from .state import State

SUITS = "CDHS"
RANKS = {"A": 1, **{str(rank): rank for rank in range(2, 11)}, "J": 11, "Q": 12, "K": 13}

Piles = Sequence[Sequence[str]]
PerSeat = tuple[Sequence[str], Sequence[str]]


def card(spec: str) -> int:
    """The id of a card written like "7H" or "QS.1"; ValueError when it names no card."""
    face, dot, pack = spec.partition(".")
    rank, suit = RANKS.get(face[:-1]), face[-1:]
    if rank is None or not suit or suit not in SUITS or (dot and pack != "1"):
        raise ValueError(f"{spec!r} is not a card: write it like 7H, 10S, AC or QD.1")
    return (PACK_SIZE if pack else 0) + SUITS.index(suit) * 13 + rank - 1


def cards(specs: Sequence[str]) -> list[int]:
    return [card(spec) for spec in specs]


def position(
    options: str | Mapping[str, Any] | None = None,
    *,
    turn: int = 0,
    layout: Piles = (),
    centre: Piles = (),
    stock: PerSeat = ((), ()),
    stock_up: tuple[bool, bool] = (True, True),
    hand: PerSeat = ((), ()),
    turned: tuple[str | None, str | None] = (None, None),
    discard: PerSeat = ((), ()),
    passes: tuple[int, int] = (0, 0),
    stale: int = 0,
    seed: int = 0,
) -> State:
    """The first deal of a match (`options`: a preset or overrides) dealt from `seed`, with its
    piles replaced by the ones given: the eight layout and eight centre piles in order (those
    left out are empty), and per seat its stock (face up or not: `stock_up`), hand, turned
    card and discards. `turn` is the seat on turn, at the start of its turn; `passes` the
    passes each has completed (RB-11); `stale` the turns since the last progress (watch.py).
    ValueError when the position is not one a deal can reach."""
    resolved = OPTION_SET.resolve(options)
    check_options(resolved)
    if turn not in (0, 1):
        raise ValueError("the seat on turn is 0 or 1")
    if len(layout) > len(LAYOUT) or len(centre) > len(CENTRE):
        raise ValueError("there are eight layout piles and eight foundations")
    state = new_match(resolved, Rng(seed).getrandbits(63), 0.0)
    piles = state.piles
    for pile in range(len(piles)):
        piles[pile] = []
    for index, specs in enumerate(layout):
        piles[LAYOUT[index]] = built(specs, fits_layout, "a layout pile builds down in colours")
    for index, specs in enumerate(centre):
        piles[CENTRE[index]] = built(specs, fits_centre, "a foundation builds up in suit from A")
    for seat in (0, 1):
        piles[STOCK[seat]] = cards(stock[seat])
        piles[HAND[seat]] = cards(hand[seat])
        piles[DISCARD[seat]] = cards(discard[seat])
        spec = turned[seat]
        piles[TURNED[seat]] = [] if spec is None else [card(spec)]
    every = [each for pile in piles for each in pile]
    if len(every) != len(set(every)):
        raise ValueError("a card is named twice")
    state.stock_up = list(stock_up)
    state.passes = list(passes)
    state.turn = turn
    new_turn(state)
    watch.reset(state)
    state.stale = stale
    return state


def built(specs: Sequence[str], fits: Callable[[list[int], int], bool], rule: str) -> list[int]:
    """The pile `specs` names, each card placed on the last by the building rule `fits` (RB-6)."""
    pile: list[int] = []
    for spec in specs:
        placed = card(spec)
        if not fits(pile, placed):
            raise ValueError(f"{rule}: {' '.join(specs)}")
        pile.append(placed)
    return pile
