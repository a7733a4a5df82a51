"""bench/load.py plays real CAH games against a server it starts and prints its one line;
with `--rate` the players act no faster than asked."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

LOAD = Path(__file__).resolve().parents[2] / "bench" / "load.py"
LINE = re.compile(
    r"load: players=(\d+) tables=(\d+) actions=(\d+) actions_per_s=(\d+) p50_ms=[\d.]+ "
    r"p95_ms=[\d.]+ p99_ms=[\d.]+ errors=(\d+) lost=(\d+) server_rss_mb=\d+ "
    r"server_cpu_ms_per_action=[\d.]+"
)


def _load(*arguments: str) -> tuple[int, ...]:
    run = subprocess.run(
        [
            sys.executable,
            str(LOAD),
            "--players",
            "12",
            "--tables",
            "3",
            "--warmup",
            "1",
            "--seconds",
            "3",
            *arguments,
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    last = run.stdout.strip().splitlines()[-1]
    match = LINE.fullmatch(last)
    assert match, last
    return tuple(int(group) for group in match.groups())


def test_the_load_bench_plays_and_reports_nothing_lost():
    players, tables, actions, per_second, errors, lost = _load()
    assert (players, tables, errors, lost) == (12, 3, 0, 0)
    assert actions > 30 and per_second > 10


def test_with_a_rate_the_players_act_no_faster():
    _, _, actions, per_second, errors, lost = _load("--rate", "20")
    assert (errors, lost) == (0, 0)
    assert 20 <= actions <= 20 * 3 + 5 and per_second <= 22
