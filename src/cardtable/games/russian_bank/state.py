"""The state of a Russian Bank match: the piles of the current deal, the turn, and the tallies.

Everything is lists of ints and flags, so a clone is a few list copies. The open stop window
(RB-13) keeps a snapshot of the state from just before the erroneous move; snapshots are never
mutated, so clones share them.
"""

from __future__ import annotations

from typing import NamedTuple

from .piles import DISCARD, HAND, OWN_PILES, PILE_COUNT, STOCK, TURNED


class Window(NamedTuple):
    """An order-of-play error that the opponent may still stop (RB-13)."""

    offender: int
    rule: str  # "S1".."S4"
    snapshot: State  # the state just before the erroneous move


class State:
    """One match (a single deal unless the `deals` option says more).

    Per turn: `t_turned` cards turned up this turn, `t_changed` whether a tableau change was
    made, `t_looks` cards turned up since the last tableau change or play of the turned hand
    card (RB-9, S3), `t_offered` whether a draw was offered.
    Draw watch (RB-20): `low` is the lowest combined count of both players' cards this deal,
    `clean[s]` says seat s's current pass began with RB-21's last compulsion in force for both
    and has seen no progress, `done[s]` that s completed such a pass; `stale` counts turns since
    the last progress.
    """

    __slots__ = (
        "classic",
        "clean",
        "cut",
        "deal_no",
        "done",
        "draw_offer",
        "first",
        "history",
        "low",
        "options",
        "passes",
        "piles",
        "points",
        "result",
        "seed",
        "since",
        "spread",
        "stale",
        "stock_up",
        "t_changed",
        "t_looks",
        "t_offered",
        "t_turned",
        "turn",
        "window",
    )

    def __init__(self, options: dict, seed: int, now: float = 0.0):
        self.options = options
        self.classic = options["mode"] == "classic"
        self.piles: list[list[int]] = [[] for _ in range(PILE_COUNT)]
        self.stock_up = [False, False]  # RB-7.4: once turned, the stock top stays face up
        self.turn = 0
        self.passes = [0, 0]  # completed passes through the hand (RB-11)
        self.spread = [False, False]  # RB-16
        self.t_turned = 0
        self.t_changed = False
        self.t_looks = 0
        self.t_offered = False
        self.draw_offer: int | None = None
        self.window: Window | None = None
        self.low = 0
        self.clean = [False, False]
        self.done = [False, False]
        self.stale = 0
        self.deal_no = 0
        self.first = 0
        self.cut: list[int] = []  # the two cards cut for the first turn (RB-2)
        self.points = [0, 0]
        self.history: list[dict] = []
        self.result = None
        self.seed = seed  # seeds the next deal's shuffle
        self.since = now  # game time the current wait began (timer.py)

    def clone(self) -> State:
        twin = State.__new__(State)
        for name in State.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.piles = [pile[:] for pile in self.piles]
        twin.stock_up = self.stock_up[:]
        twin.passes = self.passes[:]
        twin.spread = self.spread[:]
        twin.clean = self.clean[:]
        twin.done = self.done[:]
        twin.points = self.points[:]
        twin.history = self.history[:]
        return twin

    def restore(self, snapshot: State) -> None:
        """Become a copy of `snapshot`."""
        twin = snapshot.clone()
        for name in State.__slots__:
            setattr(self, name, getattr(twin, name))

    # -- what a seat holds --------------------------------------------------------------------

    def stock_top(self, seat: int) -> int | None:
        """The top of the seat's stock when it is face up (RB-5b), else None."""
        stock = self.piles[STOCK[seat]]
        return stock[-1] if stock and self.stock_up[seat] else None

    def holds(self, seat: int) -> int:
        """Cards the seat must still get rid of: stock, hand, turned card and discards."""
        return sum(len(self.piles[pile]) for pile in OWN_PILES[seat])

    def combined(self) -> int:
        return self.holds(0) + self.holds(1)

    def out_of_cards(self, seat: int) -> bool:
        """RB-12: stock, hand (with the turned card) and discard pile all empty."""
        return self.holds(seat) == 0

    def hand_done(self, seat: int) -> bool:
        """No hand, no turned card and no discards left: only the stock remains (RB-7.6)."""
        piles = self.piles
        return not (piles[HAND[seat]] or piles[TURNED[seat]] or piles[DISCARD[seat]])
