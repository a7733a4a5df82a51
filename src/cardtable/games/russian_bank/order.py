"""The order of play (RB-7, RB-9, RB-21) and the errors a stop punishes (RB-13 S1 to S4).

`OrderCheck` judges the actions of the seat on turn in its current position. In assisted mode
(RB-22) an action it flags is refused with the rule's code; in classic mode it is allowed and
opens a stop window for the opponent.

Readings where RB-13 is loose:
* S1 covers every non-centre action, turning the single look included (RB-7.1 lists turning a
  card; RB-9 allows the look only "after any compulsory centre plays").
* S2 covers every hand action (turning, playing the turned card elsewhere than the centre,
  discarding, declaring done) while the stock top is face down, except the single look: a hand
  card turned first in the turn, before any tableau change. With `stockFillsSpaces` (D6) a hand
  action while the face-up stock top could fill a space is S2 too.
* S3: taken literally ("turning a second card before tableau changes") a player who turned his
  stock and has no tableau change to make could never reach his hand without erring. F5 forbids
  changing the tableau after seeing both cards, so S3 is a tableau change made while two cards
  have been turned up since the last tableau change or play of the turned hand card.
* S4 (RB-21): after 2 completed passes the face-up stock top, after 3 also the turned hand card
  and (D8) the discard top, must be played if they can go anywhere, before the player turns or
  discards a hand card or declares done. "Any card" means the player's own exposed cards, the
  ones F10 names: requiring every movable layout card to move would never end.
"""

from __future__ import annotations

from .building import (
    CENTRE_PLAY,
    DISCARDING,
    HAND_PLAY,
    TABLEAU,
    WASTE_PLAY,
    Reach,
    own_sources,
    sources,
)
from .piles import LAYOUT, STOCK
from .state import State

S1, S2, S3, S4 = "S1", "S2", "S3", "S4"
TURN_STOCK, TURN_HAND, END_TURN = "turn-stock", "turn-hand", "end-turn"

#: The code and message an assisted game refuses each error with (RB-22).
REFUSALS = {
    S1: ("centre-first", "a card can be played to the centre: do that first (RB-7.1)"),
    S2: ("stock-first", "deal with your stock before your hand (RB-7.4)"),
    S3: ("one-look", "you turned up two cards before changing the tableau (RB-9)"),
    S4: ("compelled", "you must first play the exposed card that can be played (RB-21)"),
}

HAND_ACTIONS = frozenset({HAND_PLAY, WASTE_PLAY, DISCARDING, TURN_HAND, END_TURN})
ADVANCING = frozenset({TURN_HAND, DISCARDING, END_TURN})


class OrderCheck:
    """What the order of play asks of the seat on turn, in the current position."""

    __slots__ = (
        "_compelled",
        "centre_ready",
        "reach",
        "seat",
        "space_first",
        "state",
        "stock_down",
        "stock_first",
    )

    def __init__(self, state: State, seat: int, reach: Reach | None = None):
        piles = state.piles
        options = state.options
        self.state = state
        self.seat = seat
        self.reach = reach = reach or Reach(state)
        ready = [pile for pile in sources(state, seat) if reach.to_centre(piles[pile][-1])]
        self.centre_ready = bool(ready)
        self.stock_first = options["strictStockToCentreFirst"] and STOCK[seat] in ready
        self.stock_down = bool(piles[STOCK[seat]]) and not state.stock_up[seat]
        self.space_first = (
            options["stockFillsSpaces"]
            and state.stock_top(seat) is not None
            and any(not piles[pile] for pile in LAYOUT)
        )
        self._compelled: list[int] | None = None

    def compelled(self) -> list[int]:
        """RB-21: the seat's own exposed cards that must be played before it moves on."""
        if self._compelled is None:
            state, seat = self.state, self.seat
            passes = state.passes[seat]
            candidates = [pile for pile in own_sources(state, seat) if pile != STOCK[seat]]
            candidates = candidates if passes >= 3 else []
            if passes >= 2 and state.stock_top(seat) is not None:
                candidates.insert(0, STOCK[seat])
            self._compelled = [pile for pile in candidates if self.reach.plays(seat, pile)]
        return self._compelled

    def may_look(self) -> bool:
        """RB-9: the single look is still free (nothing turned up, no tableau change yet)."""
        return self.state.t_turned == 0 and not self.state.t_changed

    def error(self, kind: str, source: int | None = None) -> str | None:
        """The order-of-play error (S1..S4) an action of `kind` would commit, or None."""
        if self.centre_ready and kind != CENTRE_PLAY:
            return S1
        if self.stock_first and source != STOCK[self.seat]:
            return S1
        if kind in HAND_ACTIONS:
            if self.stock_down and not (kind == TURN_HAND and self.may_look()):
                return S2
            if self.space_first:
                return S2
        if kind == TABLEAU and self.state.t_looks >= 2:
            return S3
        if kind in ADVANCING and self.compelled():
            return S4
        return None
