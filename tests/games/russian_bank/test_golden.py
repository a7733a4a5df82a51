"""Golden playthroughs of Russian Bank: every seat's view after every step of seeded games."""

from __future__ import annotations

import pytest

from golden import check_golden

CASES = [
    # classic mode between random players: order errors, stops and their undoing (RB-13)
    ("russian-bank-classic-random", "default", ["random", "random"], 0, 60),
    # assisted mode, the heuristic against a random player (RB-22)
    ("russian-bank-assisted-heuristic", "assisted", ["heuristic", "random"], 3, 60),
]


@pytest.mark.parametrize(("name", "options", "bots", "seed", "steps"), CASES)
def test_golden_playthrough(name, options, bots, seed, steps):
    check_golden(name, "russian-bank", options, 2, seed, bot_names=bots, max_steps=steps)
