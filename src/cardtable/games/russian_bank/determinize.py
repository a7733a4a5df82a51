"""Determinization for search bots: a Russian Bank state one seat cannot tell from the real one.

What no view shows (`views.py`, F2, RB-16) is dealt anew: both stocks under their face-up top
(all of a stock not yet turned up), both hands, and the opponent's discard pile under its top
unless he spreads it. Everything else stays: the centre, the layout, the turned cards, the
stock and discard tops, the seat's own discard pile, every count and every turn flag. The
hidden cards are pooled in id order before the shuffle and the places taken in pile order, so
the sample depends only on what the seat sees and the given Rng. An open stop window's snapshot
(RB-13) gets the same exchange of cards, so a stop in the sample undoes to a matching state;
the next deal's seed is drawn anew too.
"""

from __future__ import annotations

from ...engine import Rng
from .piles import DISCARD, HAND, STOCK
from .state import State, Window

#: A hidden place: (pile index, position in the pile).
Place = tuple[int, int]


def hidden_places(state: State, seat: int) -> list[Place]:
    """The places of the cards `seat` cannot see, in a fixed order."""
    places: list[Place] = []
    for owner in (0, 1):
        stock = state.piles[STOCK[owner]]
        under = len(stock) - 1 if stock and state.stock_up[owner] else len(stock)
        places.extend((STOCK[owner], index) for index in range(under))
        places.extend((HAND[owner], index) for index in range(len(state.piles[HAND[owner]])))
    other = 1 - seat
    if not state.spread[other]:
        discard = state.piles[DISCARD[other]]
        places.extend((DISCARD[other], index) for index in range(len(discard) - 1))
    return places


def determinize(state: State, seat: int, rng: Rng) -> State:
    """A copy of `state` with every card hidden from `seat` dealt anew by `rng`."""
    sample = state.clone()
    sample.seed = rng.getrandbits(63)
    places = hidden_places(state, seat)
    pool = sorted(state.piles[pile][index] for pile, index in places)
    rng.shuffle(pool)
    exchange: dict[int, int] = {}
    for (pile, index), card in zip(places, pool, strict=True):
        exchange[state.piles[pile][index]] = card
        sample.piles[pile][index] = card
    if state.window is not None:
        snapshot = state.window.snapshot.clone()
        snapshot.piles = [[exchange.get(card, card) for card in pile] for pile in snapshot.piles]
        sample.window = Window(state.window.offender, state.window.rule, snapshot)
    return sample
