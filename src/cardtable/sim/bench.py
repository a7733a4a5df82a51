"""Engine benchmark: random self-play on one core, per game and preset."""

from __future__ import annotations

import time

from .. import games
from ..bots import RandomBot
from .runner import play_game


def bench_preset(game_id: str, preset: str, seconds: float = 2.0, seats: int | None = None):
    """Return (decisions per second, decisions per CPU second, clones per second) for random
    self-play. The CPU figure is the one to compare on a machine other work shares."""
    game = games.get(game_id)
    options = game.options(preset)
    seats = seats or max(game.seat_range(options)[0], min(4, game.seat_range(options)[1]))
    bots = [RandomBot()] * seats
    decisions, seed = 0, 0
    started, cpu_started = time.perf_counter(), time.process_time()
    while time.perf_counter() - started < seconds:
        decisions += play_game(game, options, seats, seed, bots).decisions
        seed += 1
    decisions_per_s = decisions / (time.perf_counter() - started)
    decisions_per_cpu_s = decisions / max(time.process_time() - cpu_started, 1e-9)
    mid_game = game.new(options, seats=seats, seed=0)
    clones, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds / 4:
        for _ in range(100):
            game.clone(mid_game)
        clones += 100
    return decisions_per_s, decisions_per_cpu_s, clones / (time.perf_counter() - started)


def bench_engine(seconds: float = 2.0, only: str | None = None):
    """Yield one line per game and preset: `engine: game=... preset=... decisions_per_s=N ...`."""
    for game_id in games.ids():
        if only and game_id != only:
            continue
        for preset in games.get(game_id).presets:
            dps, cpu_dps, cps = bench_preset(game_id, preset, seconds)
            yield (
                f"engine: game={game_id} preset={preset} decisions_per_s={dps:.0f} "
                f"clones_per_s={cps:.0f} decisions_per_cpu_s={cpu_dps:.0f}"
            )
