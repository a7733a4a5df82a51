"""The balance report's intervals and verdicts on small synthetic inputs (no games played)."""

from __future__ import annotations

import pytest

from cardtable.sim.balance.stats import Interval, difference, wilson
from cardtable.sim.balance.verdicts import Verdict, band, fair, judge_effect, judge_rate


def test_wilson_matches_the_textbook_interval():
    # 81 of 263 (Newcombe 1998, table I): 0.2553 to 0.3662
    low, high = wilson(81, 263)[1:]
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)


def test_wilson_stays_inside_zero_and_one_and_holds_the_rate():
    for successes, trials in ((0, 10), (10, 10), (3, 7), (0.5, 2)):
        rate, low, high = wilson(successes, trials)
        assert 0.0 <= low <= rate <= high <= 1.0
    assert wilson(0, 10).low == 0.0 and wilson(10, 10).high == 1.0
    with pytest.raises(ValueError):
        wilson(0, 0)


def test_wilson_narrows_with_more_games():
    widths = [wilson(n / 4, n).high - wilson(n / 4, n).low for n in (100, 1000, 10000)]
    assert widths[0] > widths[1] > widths[2]
    assert widths[2] == pytest.approx(2 * 1.96 * (0.25 * 0.75 / 10000) ** 0.5, rel=1e-3)


def test_difference_of_rates_matches_newcombe():
    # Newcombe 1998, table II example (56/70 - 48/80): 0.0524 to 0.3339
    gap, low, high = difference(56, 70, 48, 80)
    assert round(gap, 4) == 0.2 and (round(low, 4), round(high, 4)) == (0.0524, 0.3339)


def test_the_band_scales_with_one_over_players():
    assert [band(n) for n in (2, 3, 4, 6)] == [6.0, 4.0, 3.0, 2.0]
    assert fair(4) == 25.0 and band(5) == pytest.approx(2.4)


@pytest.mark.parametrize(
    ("wins", "games", "verdict"),
    [
        (2500, 10000, Verdict.WITHIN),  # 25.0 [24.2, 25.9] inside 22 to 28
        (3300, 10000, Verdict.OUTSIDE),  # 33.0 [32.1, 33.9] wholly above 28
        (30, 100, Verdict.UNSURE),  # 30 [21.9, 39.6] straddles 28
        (25, 100, Verdict.UNSURE),  # on fair, but 100 games cannot say it is within 3 points
    ],
)
def test_a_rate_is_judged_by_its_whole_interval(wins, games, verdict):
    assert judge_rate(wilson(wins, games).percent(), 4) is verdict


def test_a_card_effect_straddling_the_band_says_not_enough_games():
    few = difference(30, 100, 20, 100).percent()  # +10 points, but [-2.1, +21.6]
    assert judge_effect(few, 4) is Verdict.UNSURE
    many = difference(3000, 10000, 2000, 10000).percent()  # +10 [8.8, 11.2]
    assert judge_effect(many, 4) is Verdict.OUTSIDE
    even = difference(2500, 10000, 2510, 10000).percent()
    assert judge_effect(even, 4) is Verdict.WITHIN
    assert isinstance(even, Interval) and even.low < 0 < even.high
