"""Verdicts that do not flip on noise: an estimate is judged by its whole 95% interval against
a band, and an interval that straddles an edge of the band says "not enough games".

The fairness band scales with the number of players: band(n) = 12/n points either side of
fair, 100/n % (±6 points at 2 players, ±4 at 3, ±3 at 4, ±2.4 at 5, ±1.5 at 8).
"""

from __future__ import annotations

from enum import StrEnum

from .stats import Interval

BAND_POINTS = 12.0  # band(n) = BAND_POINTS / n points of win rate


class Verdict(StrEnum):
    WITHIN = "within the band"
    OUTSIDE = "outside the band"
    UNSURE = "not enough games"


def fair(players: int) -> float:
    """The fair win rate of one seat, in percent."""
    return 100.0 / players


def band(players: int) -> float:
    """Points of win rate allowed either side of fair."""
    return BAND_POINTS / players


def judge(interval: Interval, centre: float, half_width: float) -> Verdict:
    """WITHIN when the whole interval (in the estimate's own units) lies inside
    centre ± half_width, OUTSIDE when it lies wholly beyond one edge, else UNSURE."""
    low, high = centre - half_width, centre + half_width
    if low <= interval.low and interval.high <= high:
        return Verdict.WITHIN
    if interval.high < low or interval.low > high:
        return Verdict.OUTSIDE
    return Verdict.UNSURE


def judge_rate(interval: Interval, players: int) -> Verdict:
    """A seat's win rate (an interval in percent) against fair ± band(players)."""
    return judge(interval, fair(players), band(players))


def judge_effect(interval: Interval, players: int) -> Verdict:
    """A difference of win rates (in points) against 0 ± band(players)."""
    return judge(interval, 0.0, band(players))
