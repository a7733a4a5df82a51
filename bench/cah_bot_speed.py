"""How fast the CAH bot decides (issue 25; the aim is under 50 ms a decision on one core):
the cold start (import and model load, in a fresh process), then the CPU time of each decision
in bot-only games of every preset and of the house rules with the largest action lists
(Packing Heat's third card, Gambling's bets, Serious Business's rankings), by kind of action.
Prints; asserts nothing.

    uv run python bench/cah_bot_speed.py
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections import defaultdict

from cardtable import games
from cardtable.bots.cah import FitBot
from cardtable.engine import Rng, draw_seat, play_out

GAMES_EACH = 4
TABLES = [
    ("online", {}),
    ("official", {}),
    ("digipen", {}),
    ("online", {"packingHeat": "guide", "gambling": True, "judging": "seriousBusiness"}),
    ("official", {"rebootTheUniverse": True, "happyEnding": "officialHaikuFinale"}),
]
COLD = (
    "import time; t, c = time.perf_counter(), time.process_time(); "
    "from cardtable.bots import cah_embedding; m = cah_embedding.load(); "
    "loaded, cpu = time.perf_counter(), time.process_time(); "
    "m.similarities(['a prompt'], ['an answer']); "
    "print(loaded - t, cpu - c, time.perf_counter() - loaded, m.name)"
)


def cold_start() -> None:
    out = subprocess.run([sys.executable, "-c", COLD], capture_output=True, text=True, check=True)
    load, cpu, first, name = out.stdout.split()
    print(
        f"cold start ({name}): import and load {float(load) * 1000:.0f} ms "
        f"({float(cpu) * 1000:.0f} ms CPU), first similarity {float(first) * 1000:.1f} ms"
    )


def decisions() -> None:
    game, bot = games.get("cah"), FitBot()
    bot.scorer  # noqa: B018 - loaded before timing
    times: dict[str, list[float]] = defaultdict(list)
    for preset, house in TABLES:
        for seed in range(GAMES_EACH):
            state = game.new({"preset": preset, "rounds": 8, **house}, seats=5, seed=seed)
            rng = Rng(seed)

            def decide(state, seat, rng=rng):
                start = time.process_time()
                action = bot.choose(game, state, seat, rng)
                times[action["type"]].append(time.process_time() - start)
                return action

            play_out(game, state, draw_seat(decide, rng), max_steps=5000)
    every = sorted(t for kind in times.values() for t in kind)
    print(f"{len(every)} decisions, CPU ms: p50 / p99 / max")
    for kind, spent in sorted(times.items(), key=lambda item: -len(item[1])):
        spent.sort()
        print(f"  {kind:12s} {len(spent):5d}  {_ms(spent)}")
    print(f"  {'all':12s} {len(every):5d}  {_ms(every)}")


def _ms(spent: list[float]) -> str:
    p50, p99 = spent[len(spent) // 2], spent[min(len(spent) - 1, int(len(spent) * 0.99))]
    return f"{p50 * 1000:6.2f} / {p99 * 1000:6.2f} / {spent[-1] * 1000:6.2f}"


if __name__ == "__main__":
    cold_start()
    decisions()
