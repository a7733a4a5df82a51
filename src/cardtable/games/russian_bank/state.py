"""The state of a Russian Bank match: the piles of the current deal, the turn, the tallies, its
phase, and how each deal ended.

Everything is lists of ints and flags, so a clone is a few list copies. The open stop window
(RB-13) keeps a snapshot of the state from just before the erroneous move; snapshots are never
mutated, so clones share them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import Enum, StrEnum
from typing import Any, NamedTuple

from .piles import DISCARD, HAND, OWN_PILES, PILE_COUNT, STOCK, TURNED


class Phase(Enum):
    PLAYING = "playing"  # a deal is under way
    OVER = "over"  # the match has ended (`deals.match_result`)


class Reason(StrEnum):
    """Why a deal ended, and the match's `Result.reason` (a single deal reports its own)."""

    WIN = "win"  # RB-12, RB-18
    RESIGNATION = "resignation"  # RB-19
    DRAW = "draw"  # RB-20
    MATCH = "match"  # a match of several deals (RB-18, D12)


class How(StrEnum):
    """How a deal was won or drawn (a deal's `how`)."""

    OUT_OF_CARDS = "out-of-cards"  # RB-12
    FORFEIT = "forfeit"  # RB-19
    AGREEMENT = "agreement"  # RB-20
    STALEMATE = "stalemate"  # RB-20, F9
    NO_PROGRESS = "no-progress"  # our limit (watch.py)


@dataclass(frozen=True, slots=True)
class DealEnd:
    """A finished deal: why and how it ended, who won it (None: drawn), the points it gave."""

    deal: int
    reason: Reason
    how: How
    winner: int | None
    points: tuple[int, ...]

    def to_json(self) -> dict:
        return {
            "deal": self.deal,
            "reason": self.reason.value,
            "how": self.how.value,
            "winner": self.winner,
            "points": list(self.points),
        }


class Window(NamedTuple):
    """An order-of-play error that the opponent may still stop (RB-13)."""

    offender: int
    rule: str  # "S1".."S4"
    snapshot: State  # the state just before the erroneous move


def two_flags() -> list[bool]:
    return [False, False]


def two_counts() -> list[int]:
    return [0, 0]


@dataclass(slots=True)
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

    options: dict[str, Any]
    seed: int  # seeds the next deal's shuffle
    since: float = 0.0  # game time the current wait began (timers.py)
    piles: list[list[int]] = field(default_factory=lambda: [[] for _ in range(PILE_COUNT)])
    stock_up: list[bool] = field(default_factory=two_flags)  # RB-7.4: once up, stays up
    turn: int = 0
    passes: list[int] = field(default_factory=two_counts)  # completed passes (RB-11)
    spread: list[bool] = field(default_factory=two_flags)  # RB-16
    t_turned: int = 0
    t_changed: bool = False
    t_looks: int = 0
    t_offered: bool = False
    draw_offer: int | None = None  # the seat whose draw offer awaits an answer
    window: Window | None = None
    low: int = 0
    clean: list[bool] = field(default_factory=two_flags)
    done: list[bool] = field(default_factory=two_flags)
    stale: int = 0
    deal_no: int = 0
    first: int = 0
    cut: list[int] = field(default_factory=list)  # the two cards cut for the first turn (RB-2)
    points: list[int] = field(default_factory=two_counts)
    history: list[DealEnd] = field(default_factory=list)
    phase: Phase = Phase.PLAYING

    @property
    def classic(self) -> bool:
        """RB-22: classic mode allows order-of-play errors, for the opponent to stop."""
        return self.options["mode"] == "classic"

    def clone(self) -> State:
        return replace(
            self,
            piles=[pile[:] for pile in self.piles],
            stock_up=self.stock_up[:],
            passes=self.passes[:],
            spread=self.spread[:],
            clean=self.clean[:],
            done=self.done[:],
            cut=self.cut[:],
            points=self.points[:],
            history=self.history[:],
        )

    def restore(self, snapshot: State) -> None:
        """Become a copy of `snapshot`."""
        twin = snapshot.clone()
        for name in FIELDS:
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


FIELDS = tuple(item.name for item in fields(State))
