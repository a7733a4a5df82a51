"""bench/load.py plays real CAH games against a server it starts and prints its one line;
with `--rate` the players act no faster than asked; `--find-rate` searches for the highest
rate held at a p99."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

LOAD = Path(__file__).resolve().parents[2] / "bench" / "load.py"
LINE = re.compile(
    r"load: players=(\d+) tables=(\d+) actions=(\d+) actions_per_s=(\d+) p50_ms=[\d.]+ "
    r"p95_ms=[\d.]+ p99_ms=[\d.]+ errors=(\d+) lost=(\d+) server_rss_mb=\d+ "
    r"server_cpu_ms_per_action=[\d.]+"
)


#: Each measured stage's length: enough for a few dozen actions at the slowest rate tested.
SECONDS = 2
STAGE = re.compile(r"load: stage rate=(\w+) actions_per_s=(\d+) p50_ms=[\d.]+ p99_ms=([\d.]+)")


def _run(*arguments: str) -> subprocess.CompletedProcess:
    run = subprocess.run(
        [
            sys.executable,
            str(LOAD),
            "--players",
            "12",
            "--tables",
            "3",
            "--warmup",
            "0.5",
            "--seconds",
            str(SECONDS),
            "--workers",  # one server process and one client: what is tested is the bench
            "1",
            "--clients",
            "1",
            *arguments,
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return run


def _figures(run: subprocess.CompletedProcess) -> tuple[int, ...]:
    last = run.stdout.strip().splitlines()[-1]
    match = LINE.fullmatch(last)
    assert match, last
    return tuple(int(group) for group in match.groups())


def _load(*arguments: str) -> tuple[int, ...]:
    return _figures(_run(*arguments))


def test_the_load_bench_plays_and_reports_nothing_lost():
    players, tables, actions, per_second, errors, lost = _load()
    assert (players, tables, errors, lost) == (12, 3, 0, 0)
    assert actions > 30 and per_second > 10


def test_with_a_rate_the_players_act_no_faster():
    _, _, actions, per_second, errors, lost = _load("--rate", "20")
    assert (errors, lost) == (0, 0)
    assert 20 <= actions <= 20 * SECONDS + 5 and per_second <= 22


def test_find_rate_bisects_below_the_top_stage_when_no_rate_holds_the_p99():
    run = _run("--find-rate", "--p99-ms", "0.0001", "--steps", "2")
    stages = [STAGE.fullmatch(line) for line in run.stderr.splitlines() if "stage" in line]
    assert all(stages) and len(stages) == 3, run.stderr
    (top, top_rate, _), (first, *_), (second, *_) = (stage.groups() for stage in stages)
    assert top == "none"
    assert abs(float(first) - int(top_rate) / 2) <= 1  # each failed stage halves the range
    assert abs(float(second) - float(first) / 2) <= 1
    assert "load: highest rate sustained at p99 < 0.0001 ms: none" in run.stdout
    _, _, actions, per_second, errors, lost = _figures(run)  # the line of the top stage
    assert (errors, lost) == (0, 0) and actions > 0 and per_second == int(top_rate)


def _bench():
    spec = importlib.util.spec_from_file_location("load_bench", LOAD)
    module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("knee", "cap"), [(1_500, 6_000), (4_321, 6_000), (5_900, 6_000), (6_000, 3_210)]
)
def test_find_rate_homes_in_on_the_highest_rate_the_server_holds(knee, cap):
    """A modelled server: held to a rate up to `knee` its p99 is 20 ms; above, or unheld, it
    is 300 ms. Unheld it does 6,000 actions a second, held never more than `cap`. The search
    ends within 6,000/2^steps below the lower of the two."""
    bench = _bench()
    held: list[float | None] = []

    def measure(rate):
        held.append(rate)
        done = 6_000 if rate is None else min(rate, cap)
        p99 = 0.020 if rate is not None and rate <= knee else 0.300
        return bench.Stage(rate, 10, int(done * 10), 0, [p99] * 100, 1.0, 1.0)

    top, best = bench.highest_sustained(measure, steps=6, p99_ms=100)
    assert top.rate is None and held[0] is None and len(held) == 7
    highest = min(knee, cap)
    assert highest - 6_000 / 2**6 <= best.per_second <= highest
    assert best.percentile_ms(0.99) == 20 and best.per_second >= 0.97 * best.rate


def test_find_rate_stops_at_the_top_stage_when_it_holds_the_p99():
    bench = _bench()
    stage = bench.Stage(None, 10, 20_000, 0, [0.05] * 100, 1.0, 1.0)
    assert bench.highest_sustained(lambda rate: stage, steps=5, p99_ms=100) == (stage, stage)


def test_find_rate_holds_no_rate_when_nothing_was_done():
    bench = _bench()
    idle = bench.Stage(None, 10, 0, 0, [], 0.0, 0.0)
    assert bench.highest_sustained(lambda rate: idle, steps=5, p99_ms=100) == (idle, None)


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        (["--find-rate", "--rate", "100"], "--find-rate chooses the rates itself"),
        (["--find-rate", "--p99-ms", "0"], "--p99-ms must be positive"),
        (["--find-rate", "--steps", "-1"], "--steps at least 0"),
    ],
)
def test_find_rate_refuses_bad_options_before_starting_anything(arguments, says, monkeypatch):
    bench = _bench()
    started = []
    monkeypatch.setattr(bench, "_start_server", lambda *given: started.append(given))
    monkeypatch.setattr(sys, "argv", ["load.py", "--players", "12", "--tables", "3", *arguments])
    with pytest.raises(SystemExit) as refused:
        bench.main()
    assert says in str(refused.value)
    assert not started
