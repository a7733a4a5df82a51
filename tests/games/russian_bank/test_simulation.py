"""Russian Bank in the simulator and the engine benchmark: every preset runs to the end and
prints its `cardtable bench engine` line (figures are printed, never asserted)."""

from __future__ import annotations

import re

from cardtable.cli.simulate import simulate
from cardtable.sim.bench import bench_engine

from .helpers import GAME

LINE = re.compile(
    r"engine: game=russian-bank preset=(\S+) decisions_per_s=\d+ clones_per_s=\d+ "
    r"decisions_per_cpu_s=\d+"
)


def test_bench_engine_prints_one_line_per_preset():
    lines = list(bench_engine(0.01, "russian-bank"))
    assert [LINE.fullmatch(line).group(1) for line in lines] == list(GAME.presets)


def test_simulate_heuristic_against_random():
    summary = simulate("russian-bank", 2, 3, None, ["heuristic", "random"], 1)
    assert summary["games"] == 3 and sum(summary["end_reasons"].values()) == 3
    assert set(summary["end_reasons"]) <= {"win", "resignation", "draw"}
    assert summary["wins"][0] >= summary["wins"][1]
