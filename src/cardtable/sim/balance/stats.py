"""95% confidence intervals for the balance report: Wilson score intervals for rates and
Newcombe's hybrid score interval for a difference of two rates.

Rates here may count fractional successes (a shared win counts 1/k to each of k co-winners);
the formulas take them as they are.
"""

from __future__ import annotations

from math import sqrt
from typing import NamedTuple

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


class Interval(NamedTuple):
    """An estimate and its 95% interval, as fractions (rates) or differences of fractions."""

    value: float
    low: float
    high: float

    def percent(self) -> Interval:
        return Interval(100.0 * self.value, 100.0 * self.low, 100.0 * self.high)


def wilson(successes: float, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval of a rate: `successes` out of `trials` (at least 1)."""
    if trials < 1:
        raise ValueError("a rate needs at least one trial")
    rate = successes / trials
    z2 = z * z
    centre = (rate + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low, high = centre - half, centre + half  # they hold the rate; clamp rounding errors
    return Interval(rate, max(0.0, min(rate, low)), min(1.0, max(rate, high)))


def difference(
    successes_a: float, trials_a: int, successes_b: float, trials_b: int, z: float = Z95
) -> Interval:
    """Rate a minus rate b with Newcombe's hybrid score interval (his method 10), built from
    the two Wilson intervals."""
    a, b = wilson(successes_a, trials_a, z), wilson(successes_b, trials_b, z)
    gap = a.value - b.value
    low = gap - sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    high = gap + sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return Interval(gap, low, high)
