"""Which cards may move where: available cards (RB-5), building (RB-6, RB-10, RB-14).

A move is (source pile, destination pile). Its kind tells the order of play (RB-7) what it
is: a centre play, a tableau change (a layout card moved anywhere but the centre), or a play of
the stock top, the turned hand card or (D8 option) the discard top, or the discard that ends a
turn. Order-of-play errors are not judged here (see order.py).
"""

from __future__ import annotations

from ...engine import IllegalAction
from .cards import ACE, BUILDS_ON, FACE, KING, RANK, fits_centre, fits_layout, fits_load
from .piles import CENTRE, DISCARD, LAYOUT, STOCK, TURNED
from .state import State

CENTRE_PLAY, TABLEAU, STOCK_PLAY, HAND_PLAY, WASTE_PLAY, DISCARDING = (
    "centre",
    "tableau",
    "stock",
    "hand",
    "waste",
    "discard",
)


def own_sources(state: State, seat: int) -> list[int]:
    """The seat's own available cards: face-up stock top, turned hand card, D8 discard top."""
    piles = state.piles
    found = []
    if piles[STOCK[seat]] and state.stock_up[seat]:
        found.append(STOCK[seat])
    if piles[TURNED[seat]]:
        found.append(TURNED[seat])
    if state.options["ownWasteAvailable"] and piles[DISCARD[seat]]:
        found.append(DISCARD[seat])
    return found


def sources(state: State, seat: int) -> list[int]:
    """Every pile whose top card the seat on turn may move (RB-5, D8)."""
    piles = state.piles
    return [pile for pile in LAYOUT if piles[pile]] + own_sources(state, seat)


class Reach:
    """Where cards can go in one position: worked out once, asked for many cards."""

    __slots__ = ("_layout", "centre", "foundations", "state")

    def __init__(self, state: State):
        piles = state.piles
        self.state = state
        self.foundations = [pile for pile in CENTRE if not piles[pile]]  # they take an ace
        self.centre: dict[int, list[int]] = {}  # card face -> foundations that take it
        for pile in CENTRE:
            foundation = piles[pile]
            if foundation and RANK[foundation[-1]] != KING:
                self.centre.setdefault(FACE[foundation[-1]] + 1, []).append(pile)
        self._layout: tuple[dict[int, list[int]], list[int]] | None = None

    def layout(self) -> tuple[dict[int, list[int]], list[int]]:
        """Card face -> layout piles that take it, and the spaces; worked out when first asked."""
        if self._layout is None:
            piles = self.state.piles
            builds: dict[int, list[int]] = {}
            spaces = []
            for pile in LAYOUT:
                if piles[pile]:
                    for face in BUILDS_ON[piles[pile][-1]]:
                        builds.setdefault(face, []).append(pile)
                else:
                    spaces.append(pile)
            self._layout = builds, spaces
        return self._layout

    def to_centre(self, card: int) -> list[int]:
        """The foundations that take `card` (a shared list: do not change it)."""
        if RANK[card] == ACE:
            return self.foundations
        return self.centre.get(FACE[card], [])

    def plays(self, seat: int, source: int) -> list[int]:
        """Where the top of `source` may be played, other than to its owner's discard pile."""
        state = self.state
        piles = state.piles
        card = piles[source][-1]
        found = self.to_centre(card)[:]
        builds, spaces = self.layout()
        layout = builds.get(FACE[card], []) + spaces
        found.extend(sorted(pile for pile in layout if pile != source))
        other = 1 - seat
        stock, discard = piles[STOCK[other]], piles[DISCARD[other]]
        if stock and state.stock_up[other] and fits_load(stock, card):
            found.append(STOCK[other])
        if discard and fits_load(discard, card):
            found.append(DISCARD[other])
        return found

    def destinations(self, seat: int, source: int) -> list[int]:
        """`plays`, plus the seat's own discard pile for the turned hand card (RB-7.5)."""
        found = self.plays(seat, source)
        if source == TURNED[seat]:
            found.append(DISCARD[seat])
        return found

    def moves(self, seat: int) -> list[tuple[int, int]]:
        """Every (source, destination) the building rules allow the seat on turn."""
        return [
            (source, destination)
            for source in sources(self.state, seat)
            for destination in self.destinations(seat, source)
        ]


def source_kind(seat: int, source: int) -> str:
    if source in LAYOUT:
        return TABLEAU
    if source == STOCK[seat]:
        return STOCK_PLAY
    return HAND_PLAY if source == TURNED[seat] else WASTE_PLAY


def move_kind(seat: int, source: int, destination: int) -> str:
    if destination in CENTRE:
        return CENTRE_PLAY
    if destination == DISCARD[seat]:
        return DISCARDING
    return source_kind(seat, source)


def check_move(state: State, seat: int, source: int, destination: int) -> str:
    """Return the kind of the move, or raise IllegalAction for a building error (RB-14)."""
    piles = state.piles
    if source == destination:
        raise IllegalAction("bad-target", "a card cannot move onto its own pile")
    own_waste = source == DISCARD[seat] and state.options["ownWasteAvailable"]
    if not (source in LAYOUT or source in (STOCK[seat], TURNED[seat]) or own_waste):
        raise IllegalAction("not-available", "that card may not be moved (RB-5)")
    if source == STOCK[seat] and piles[source] and not state.stock_up[seat]:
        raise IllegalAction("not-available", "turn your stock card face up first")
    if not piles[source]:
        raise IllegalAction("empty-pile", "there is no card there")
    card = piles[source][-1]
    other = 1 - seat
    if destination in CENTRE:
        if not fits_centre(piles[destination], card):
            raise IllegalAction("bad-centre", "foundations start with an ace and build up in suit")
    elif destination in LAYOUT:
        if not fits_layout(piles[destination], card):
            raise IllegalAction("bad-build", "the layout builds down in alternate colours")
    elif destination == DISCARD[seat]:
        if source != TURNED[seat]:
            raise IllegalAction("bad-discard", "only the turned hand card goes to your discards")
    elif destination in (STOCK[other], DISCARD[other]):
        target = piles[destination]
        face_down = destination == STOCK[other] and not state.stock_up[other]
        if not target or face_down or not fits_load(target, card):
            raise IllegalAction("bad-load", "load in suit, one rank up or down, on a face-up card")
    elif destination == STOCK[seat]:
        raise IllegalAction("own-pile", "you may not load your own stock")
    else:
        raise IllegalAction("bad-target", "cards cannot be placed there")
    return move_kind(seat, source, destination)
