"""bench/table_memory.py loads finished games and lets them idle past `evict_after`, then
starts a server process on a database of stale games: it prints what stayed in memory and
what the start resumed (the figures themselves are not checked: speed is the bench's)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "table_memory.py"
MEMORY = re.compile(
    r"table_memory: tables=3 held_tables=3 held_kb=\d+ per_table_kb=\d+ "
    r"after_idle_tables=(\d+) after_idle_kb=-?\d+"
)
STARTUP = re.compile(
    r"startup: stale_tables=4 steps_each=\d+ resumed=(\d+) resume_s=[\d.]+ first_use_ms=[\d.]+"
)


def test_the_bench_prints_that_idle_tables_leave_memory_and_stale_games_are_not_resumed():
    run = subprocess.run(
        [sys.executable, str(BENCH), "--tables", "3", "--stale", "4"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    memory = next(filter(None, map(MEMORY.fullmatch, run.stdout.splitlines())), None)
    startup = next(filter(None, map(STARTUP.fullmatch, run.stdout.splitlines())), None)
    assert memory and startup, run.stdout
    assert memory[1] == "0"  # every table left memory
    assert startup[1] == "0"  # no stale game was replayed at start
