"""Search bot strength: the `hard` level (a search bot, `bots/search.py`) against the game's
`heuristic`, head to head. Each deal is played once from every seat (game n deals seed
first-seed + n // seats, the search bot in seat n % seats), so the luck of the deal and any
first-player edge cancel out (give --games as a multiple of --seats).

Prints per game the search bot's wins, losses and draws, its win rate over the decided games
with a 95% Wilson interval, and the CPU time of its decisions (mean and max per move; moves with
one legal action are not searched and not counted). Each game runs in a worker process
(`sim/workers.py`).

Usage: `uv run python bench/search_strength.py [--game ID ...] [--games N] [--iterations N]
[--seconds S] [--depth N] [--seats N] [--workers N] [--first-seed N] [--progress]`; budget
options left out
keep the `hard` level's own.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass
from functools import partial

from cardtable import bots, games
from cardtable.engine import Ending, Rng, play_out
from cardtable.sim.workers import done_in_parts

GAMES = ("russian-bank", "csh", "cunt-soul")
Z95 = 1.959964


@dataclass(frozen=True)
class Match:
    game_id: str
    seed: int
    seats: int
    search_seat: int
    iterations: int | None
    seconds: float | None
    depth: int | None


@dataclass(frozen=True)
class Played:
    game_id: str
    place: int  # the search bot's place
    draw: bool
    times: tuple[float, ...]  # CPU seconds of each searched decision


def wilson(wins: int, total: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if total == 0:
        return 0.0, 1.0
    p = wins / total
    centre = p + Z95 * Z95 / (2 * total)
    spread = Z95 * math.sqrt(p * (1 - p) / total + Z95 * Z95 / (4 * total * total))
    scale = 1 + Z95 * Z95 / total
    return (centre - spread) / scale, (centre + spread) / scale


def play(match: Match) -> Played:
    game = games.get(match.game_id)
    players = [bots.get("heuristic", match.game_id) for _ in range(match.seats)]
    search = bots.get("hard", match.game_id)
    for name in ("iterations", "seconds", "depth"):
        if getattr(match, name) is not None:
            setattr(search, name, getattr(match, name))
    players[match.search_seat] = search
    times: list[float] = []
    chooser = Rng(match.seed ^ 0x5EED)

    def choose(state, acting: frozenset[int]) -> tuple[int, dict]:
        seat = min(acting) if len(acting) == 1 else chooser.choice(sorted(acting))
        if seat != match.search_seat or len(game.legal(state, seat)) == 1:
            return seat, players[seat].choose(game, state, seat, chooser)
        started = time.process_time()
        action = search.choose(game, state, seat, chooser)
        times.append(time.process_time() - started)
        return seat, action

    state = game.new("default", seats=match.seats, seed=match.seed)
    played = play_out(game, state, choose, max_steps=100_000)
    assert played.ending is Ending.FINISHED and played.result is not None
    result = played.result
    return Played(match.game_id, result.places[match.search_seat], result.draw, tuple(times))


def report(game_id: str, results: list[Played], seats: int) -> str:
    wins = sum(1 for r in results if r.place == 1 and not r.draw)
    draws = sum(1 for r in results if r.draw)
    losses = len(results) - wins - draws
    low, high = wilson(wins, wins + losses)
    times = [t for r in results for t in r.times]
    mean = sum(times) / len(times) if times else 0.0
    return (
        f"search-strength: game={game_id} seats={seats} games={len(results)} wins={wins} "
        f"losses={losses} draws={draws} win_rate={wins / max(1, wins + losses):.3f} "
        f"ci95=[{low:.3f},{high:.3f}] (even: {1 / seats:.3f}) decisions={len(times)} "
        f"mean_ms={1000 * mean:.0f} max_ms={1000 * max(times, default=0.0):.0f}"
    )


def reported(play, matches: list, workers: int, report, progress: bool) -> list:
    """Play `matches` in `workers` processes (`done_in_parts`) and print `report(results)` at
    the end, and after every game on stderr if `progress`; the results."""
    results: list = []
    for played in done_in_parts(play, matches, workers):
        results.append(played)
        if progress:
            print(report(results), file=sys.stderr, flush=True)
    print(report(results), flush=True)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--games", type=int, default=40, help="games per game id")
    parser.add_argument("--iterations", type=int)
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--depth", type=int)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--progress", action="store_true", help="a line per game, on stderr")
    args = parser.parse_args()
    for game_id in args.game or GAMES:
        matches = [
            Match(
                game_id,
                args.first_seed + n // args.seats,
                args.seats,
                n % args.seats,
                args.iterations,
                args.seconds,
                args.depth,
            )
            for n in range(args.games)
        ]
        of_game = partial(report, game_id, seats=args.seats)
        reported(play, matches, args.workers, of_game, args.progress)


if __name__ == "__main__":
    main()
