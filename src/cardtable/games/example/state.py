"""The state of a High Card game, its phases and the reasons it ends."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum, StrEnum

from ...engine import Card


class Phase(Enum):
    CHOOSING = "choosing"  # every seat that has not chosen a card this round is to act
    OVER = "over"


class Reason(StrEnum):
    """Why a game ended (its `Result.reason`)."""

    HANDS_PLAYED = "hands-played"
    OUT_OF_REACH = "out-of-reach"  # the leader's lead is more than the rounds left


@dataclass(slots=True)
class State:
    """Cards are ids into `cards`; `deck` is what was not dealt (nobody sees it)."""

    options: dict
    cards: tuple[Card, ...]
    deck: list[int]
    hands: list[list[int]]
    chosen: list[int | None]  # this round's face-down cards
    scores: list[int]
    last_round: list[int]  # the cards turned up last round, by seat ([] before the first)
    round: int = 1
    phase: Phase = Phase.CHOOSING
    reason: Reason | None = None
    since: float = 0.0  # when this round began: its time limit counts from here

    def clone(self) -> State:
        return replace(
            self,
            deck=list(self.deck),
            hands=[list(hand) for hand in self.hands],
            chosen=list(self.chosen),
            scores=list(self.scores),
            last_round=list(self.last_round),
        )
