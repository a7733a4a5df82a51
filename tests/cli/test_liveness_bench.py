"""bench/liveness.py measures, over the real protocol on a manual clock, how long a table
waits on a seat whose last connection closed: never longer than the grace period, and no
longer than the stage's own time limit when that comes first."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

LIVENESS = Path(__file__).resolve().parents[2] / "bench" / "liveness.py"
LINE = re.compile(
    r"liveness: game=(\S+) stage=(\S+) settings=(default|shortest) grace_s=(\d+) "
    r"limit_s=(\S+) moved_on_after_s=([\d.]+)"
)


@pytest.mark.parametrize("game", ["cah", "russian-bank"])
def test_the_bench_prints_how_long_each_stage_waits_on_a_seat_that_left(game):
    run = subprocess.run(
        [sys.executable, str(LIVENESS), "--game", game],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    lines = [LINE.fullmatch(line) for line in run.stdout.splitlines()]
    assert lines and all(lines), run.stdout
    assert {m[3] for m in lines} == {"default", "shortest"}
    for match in lines:
        grace, limit, waited = int(match[4]), match[5], float(match[6])
        bound = grace if limit == "None" else min(grace, float(limit))
        assert 0 < waited <= bound + 0.1, match[0]
