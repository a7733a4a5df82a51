"""How a finished game ended: each seat's place, the scores, and why it ended.

A draw is its own outcome: when every seat shares first place (a drawn Russian Bank deal, a
CAH game that ends with all scores equal) nobody beat anybody, so nobody won.
"""

from __future__ import annotations

from dataclasses import dataclass


def is_draw(places) -> bool:
    """Whether places (one per seat) make a draw: two or more seats, every one first."""
    return len(places) > 1 and all(place == 1 for place in places)


@dataclass(frozen=True, slots=True)
class Result:
    """`places[seat]` is 1 for the winners; tied seats share a place. `scores` may be None.
    When every seat (of two or more) is first, the game is a `draw` and has no `winners`.
    `reason` says why it ended; a game names its reasons in a `StrEnum` (the example game's
    `Reason`), whose members compare and serialise as their strings."""

    reason: str
    places: tuple[int, ...]
    scores: tuple[float, ...] | None = None
    detail: dict | None = None

    @property
    def draw(self) -> bool:
        return is_draw(self.places)

    @property
    def winners(self) -> tuple[int, ...]:
        if self.draw:
            return ()
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)

    @classmethod
    def from_scores(cls, reason: str, scores, detail: dict | None = None) -> Result:
        """Places by score, highest first; equal scores share a place."""
        places = tuple(1 + sum(1 for other in scores if other > score) for score in scores)
        return cls(reason, places, tuple(scores), detail)

    @classmethod
    def from_order(cls, reason: str, order, seats: int, scores=None, detail=None) -> Result:
        """Places from a finishing order: seats (or tuples of tied seats), first to last."""
        places = [0] * seats
        place = 1
        for entry in order:
            group = entry if isinstance(entry, tuple | list) else (entry,)
            for seat in group:
                places[seat] = place
            place += len(group)
        return cls(reason, tuple(places), None if scores is None else tuple(scores), detail)

    def to_json(self) -> dict:
        out: dict[str, object] = {
            "reason": self.reason,
            "places": list(self.places),
            "winners": list(self.winners),
        }
        if self.draw:
            out["draw"] = True
        if self.scores is not None:
            out["scores"] = list(self.scores)
        if self.detail:
            out["detail"] = self.detail
        return out
