"""Golden playthroughs, one per preset: every seat's view at every step of a seeded game
between random bots, checked in under tests/golden/ and compared on every run."""

from __future__ import annotations

import pytest

from golden import check_golden


@pytest.mark.parametrize(
    ("preset", "seats", "seed", "max_steps"),
    [("online", 4, 7, 400), ("official", 4, 7, 100), ("digipen", 4, 7, 100)],
)
def test_golden_playthrough(preset, seats, seed, max_steps):
    check_golden(f"cah-{preset}", "cah", preset, seats, seed, max_steps=max_steps)
