"""CAH bot strength: the `hard` level (bots/cah_hard.py) against `normal` (FitBot), head to
head at a 4-seat table, 2 seats each. Each deal is played twice, the `hard` bots in seats 0 and
2, then in 1 and 3 (game n deals seed first-seed + n // 2), so the luck of the deal and of the
seats cancel out (give --games as an even number). The Czars are the bots themselves, so
answers are judged by fit.

Prints the share of games a `hard` seat won (even: 0.5) with a 95% Wilson interval, and the
CPU time of each level's decisions (moves with a choice of legal actions; one core,
`time.process_time`): mean, 99th percentile and max. A process's first decision of a level
loads the model and embeds its reference cards: `first_ms` is the largest such decision.
Each game runs in a worker process (`sim/workers.py`).

`--judging` sets the house rule that decides rounds (K18 God Is Dead, K20). `--raw-cosine`
makes every bot fit by the model's plain cosine similarity instead of the bots' own scorer
(`cah.best_scorer`), for comparison.

Usage: `uv run python bench/cah_strength.py [--games N] [--preset NAME] [--points N]
[--judging RULE] [--raw-cosine] [--workers N] [--first-seed N]
[--progress]`
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from cardtable import bots, games
from cardtable.bots import cah_embedding
from cardtable.bots.cah import FitBot
from cardtable.bots.cah_hard import HardBot
from cardtable.engine import Ending, Rng, play_out
from search_strength import reported, wilson

SEATS = 4
LEVELS = ("hard", "normal")
_warm: set[str] = set()  # the levels that have decided once in this process


@dataclass(frozen=True)
class Match:
    seed: int
    hard_seats: tuple[int, ...]
    preset: str
    points: int
    judging: str | None  # None: the preset's (K20)
    raw_cosine: bool  # every bot fits by the model's cosine, not the bots' own scorer


@dataclass(frozen=True)
class Played:
    hard_won: bool
    draw: bool
    times: dict[str, tuple[float, ...]]  # CPU seconds of each level's decisions, warm
    first: dict[str, float]  # CPU seconds of a level's first decision in this process
    scorer: str  # the fit's scorer (`Scorer.name`)


def play(match: Match) -> Played:
    game = games.get("cah")
    levels = ["hard" if seat in match.hard_seats else "normal" for seat in range(SEATS)]
    if match.raw_cosine:
        model = cah_embedding.load()
        players = [HardBot(model) if level == "hard" else FitBot(model) for level in levels]
    else:
        players = [bots.get(level, "cah") for level in levels]
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    first: dict[str, float] = {}
    chooser = Rng(match.seed ^ 0x5EED)

    def choose(state, acting: frozenset[int]) -> tuple[int, dict]:
        seat = min(acting) if len(acting) == 1 else chooser.choice(sorted(acting))
        if len(game.legal(state, seat)) == 1:
            return seat, players[seat].choose(game, state, seat, chooser)
        started = time.process_time()
        action = players[seat].choose(game, state, seat, chooser)
        spent, level = time.process_time() - started, levels[seat]
        if level in _warm:
            times[level].append(spent)
        else:
            _warm.add(level)
            first[level] = spent
        return seat, action

    options = {"preset": match.preset, "pointsTarget": match.points}
    if match.judging is not None:
        options["judging"] = match.judging
    state = game.new(options, seats=SEATS, seed=match.seed)
    played = play_out(game, state, choose, max_steps=100_000)
    assert played.ending is Ending.FINISHED and played.result is not None
    result = played.result
    hard_won = any(result.places[seat] == 1 for seat in match.hard_seats)
    return Played(
        hard_won and not result.draw,
        result.draw,
        {level: tuple(spent) for level, spent in times.items()},
        first,
        players[match.hard_seats[0]].fit_bot.scorer.name,
    )


def report(results: list[Played], args: argparse.Namespace) -> str:
    draws = sum(1 for r in results if r.draw)
    decided = len(results) - draws
    wins = sum(1 for r in results if r.hard_won)
    low, high = wilson(wins, decided)
    parts = [
        f"cah-strength: preset={args.preset} judging={args.judging or 'preset'} "
        f"points={args.points} scorer={','.join(sorted({r.scorer for r in results}))} "
        f"games={len(results)} hard_wins={wins} "
        f"normal_wins={decided - wins} draws={draws} hard_share={wins / max(1, decided):.3f} "
        f"ci95=[{low:.3f},{high:.3f}] (even: 0.500)"
    ]
    for level in LEVELS:
        spent = sorted(t for r in results for t in r.times[level])
        firsts = [r.first[level] for r in results if level in r.first]
        if spent:
            p99 = spent[min(len(spent) - 1, int(0.99 * len(spent)))]
            parts.append(
                f"{level}: decisions={len(spent)} mean_ms={1000 * sum(spent) / len(spent):.0f} "
                f"p99_ms={1000 * p99:.0f} max_ms={1000 * spent[-1]:.0f} "
                f"first_ms={1000 * max(firsts, default=0.0):.0f}"
            )
    return "\n  ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--preset", default="online")
    parser.add_argument("--points", type=int, default=5, help="the points target (K5)")
    parser.add_argument("--judging", choices=("czar", "godIsDead", "survival", "seriousBusiness"))
    parser.add_argument("--raw-cosine", action="store_true", help="fit by the model's cosine")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--progress", action="store_true", help="a line per game, on stderr")
    args = parser.parse_args()
    matches = [
        Match(
            args.first_seed + n // 2,
            (n % 2, n % 2 + 2),
            args.preset,
            args.points,
            args.judging,
            args.raw_cosine,
        )
        for n in range(args.games)
    ]
    reported(play, matches, args.workers, lambda results: report(results, args), args.progress)


if __name__ == "__main__":
    main()
