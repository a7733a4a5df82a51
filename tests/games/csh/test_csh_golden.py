"""Golden playthroughs of CSH: every seat's view and every event at every step, checked in as
tests/golden/csh-*.json (regenerate with CARDTABLE_UPDATE_GOLDEN=1)."""

from __future__ import annotations

from golden import check_golden


def test_golden_two_players_drawn_directorships_random_bots():
    check_golden("csh-2p-random", "csh", {"draft": "random"}, 2, seed=11, max_steps=600)


def test_golden_two_players_choosing_directorships_heuristic_bots():
    check_golden(
        "csh-2p-heuristic", "csh", {}, 2, seed=5, bot_names=["heuristic"] * 2, max_steps=600
    )
