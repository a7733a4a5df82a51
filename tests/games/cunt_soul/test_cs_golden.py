"""Golden playthroughs: every seat's view at every step of seeded games, compared with the
recorded files in tests/golden (regenerate with CARDTABLE_UPDATE_GOLDEN=1)."""

import pytest

from golden import check_golden

CASES = [
    ("cunt-soul-3p-random", {}, 3, 11, None, 40),
    ("cunt-soul-4p-heuristic", {}, 4, 12, ["heuristic", "random", "random", "random"], 40),
    (
        "cunt-soul-2p-options",
        {"replenishAtEndOfTurn": True, "fivePeek": True, "sixOverrideParadox": True},
        2,
        13,
        ["heuristic", "random"],
        70,
    ),
]


@pytest.mark.parametrize(("name", "options", "seats", "seed", "bots", "steps"), CASES)
def test_golden_playthrough(name, options, seats, seed, bots, steps):
    check_golden(name, "cunt-soul", options, seats, seed, bot_names=bots, max_steps=steps)
