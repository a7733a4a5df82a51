"""`cardtable simulate`: play many bot games and summarise who wins, how long, and why.

Each game is won (by one seat or several sharing first place), drawn (every seat first), or
unfinished (no result within `--max-steps`: the bots could not end it); `wins`, `draws` and
`unfinished` are shares of all games and add up to 1 with the games none of the seats won
(CAH's Rando). `mean_steps` is over the finished games.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import Counter
from functools import partial

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from .. import bots, games
from ..sim import Unfinished, play_game
from ..sim.workers import done_in_parts
from ._common import add_deck_argument, add_game_arguments, bot_names, game_options, with_decks

MAX_STEPS = 100_000
UNFINISHED = "unfinished"  # the end reason counted for a game without a result


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("simulate", help="play bot games headless and summarise them")
    parser.add_argument("game", help="game id, e.g. cah")
    parser.add_argument("--players", type=int, help="seats (default: the game's minimum)")
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--preset", default="default", help="a preset of the game")
    add_game_arguments(parser)
    add_deck_argument(parser)
    parser.add_argument("--bots", default="random", help="bot per seat, comma-separated")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument(
        "--max-steps",
        type=int,
        default=MAX_STEPS,
        help=f"steps after which a game counts as unfinished (default {MAX_STEPS:,})",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=len(os.sched_getaffinity(0)),
        help="processes playing games side by side (default: one per CPU)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def simulate(
    game_id,
    players,
    count,
    options,
    bot_spec,
    seed,
    progress=None,
    workers=1,
    max_steps=MAX_STEPS,
    decks=None,
) -> dict:
    """Play `count` games, game i from seed `seed + i`, in `workers` processes, dealing from
    `decks` (None: the built-in decks); return the summary with keys of `cardtable simulate
    --json`. The figures but `decisions_per_s` do not depend on `workers`."""
    game = games.get(game_id)
    resolved = game.options(options, decks)
    players = players or game.seat_range(resolved)[0]
    names = bot_names(bot_spec, players)
    for name in names:
        bots.get(name, game_id)  # an unknown bot is refused before any game is played
    batches = _batches(seed, count, workers)
    tally = Tally(players)
    started = time.perf_counter()
    play = partial(_play_batch, game_id, resolved, players, names, max_steps, decks)
    for part in done_in_parts(play, batches, workers):
        tally.add(part)
        if progress:
            progress(part.games)
    elapsed = time.perf_counter() - started
    finished = count - tally.reasons[UNFINISHED]
    return {
        "game": game_id,
        "preset": resolved["preset"],
        "players": players,
        "bots": names,
        "games": count,
        "wins": [w / count for w in tally.wins],
        "draws": tally.draws / count,
        "unfinished": tally.reasons[UNFINISHED] / count,
        "mean_steps": tally.steps / finished if finished else 0.0,
        "end_reasons": dict(tally.reasons.most_common()),
        "decisions_per_s": round(tally.decisions / elapsed) if elapsed else 0,
    }


class Tally:
    """What games add up to: wins per seat, draws, end reasons (`UNFINISHED` for games without
    a result), steps of the finished games and decisions."""

    def __init__(self, players: int):
        self.wins = [0] * players
        self.draws = 0
        self.reasons: Counter[str] = Counter()
        self.steps = self.decisions = 0
        self.games = 0

    def add(self, other: Tally) -> None:
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.draws += other.draws
        self.reasons.update(other.reasons)
        self.steps += other.steps
        self.decisions += other.decisions
        self.games += other.games


def _batches(seed: int, count: int, workers: int) -> list[range]:
    """The seeds of the games, cut into batches: a game each when playing in-process, else
    about eight batches per worker, so that the workers finish together."""
    size = 1 if workers == 1 else max(1, -(-count // (8 * workers)))
    return [
        range(start, min(start + size, seed + count)) for start in range(seed, seed + count, size)
    ]


def _play_batch(
    game_id: str,
    options: dict,
    players: int,
    names: list[str],
    max_steps: int,
    decks: dict | None,
    seeds: range,
):
    """Play the games of `seeds` (in a worker process, or in this one)."""
    game = games.get(game_id)
    players_bots = [bots.get(name, game_id, timed=False) for name in names]
    tally = Tally(players)
    for game_seed in seeds:
        tally.games += 1
        try:
            played = play_game(
                game, options, players, game_seed, players_bots, max_steps, decks=decks
            )
        except Unfinished:
            tally.reasons[UNFINISHED] += 1
            continue
        result = played.result
        for seat in result.winners:
            if seat < players:
                tally.wins[seat] += 1
        tally.draws += result.draw
        tally.reasons[result.reason] += 1
        tally.steps += played.steps
        tally.decisions += played.decisions
    return tally


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    if args.workers < 1:
        raise ValueError("--workers must be at least 1")
    if args.max_steps < 1:
        raise ValueError("--max-steps must be at least 1")
    options = game_options({"preset": args.preset}, args.options, args.directorships)
    options, decks = with_decks(options, args.deck)

    def play(progress=None) -> dict:
        return simulate(
            args.game,
            args.players,
            args.games,
            options,
            args.bots,
            args.seed,
            progress,
            args.workers,
            args.max_steps,
            decks,
        )

    if args.json:
        print(json.dumps(play()))
        return 0
    console = Console()
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task(f"{args.game}", total=args.games)
        summary = play(lambda games: bar.advance(task, games))
    table = Table(title=f"{summary['game']} ({summary['preset']}), {summary['games']} games")
    table.add_column("seat")
    table.add_column("bot")
    table.add_column("wins", justify="right")
    for seat, share in enumerate(summary["wins"]):
        table.add_row(str(seat), summary["bots"][seat], f"{share:.1%}")
    console.print(table)
    console.print(f"draws: {summary['draws']:.1%}")
    unfinished = summary["end_reasons"].get(UNFINISHED, 0)
    if unfinished:
        console.print(f"unfinished: {unfinished} (no result after {args.max_steps:,} steps)")
    console.print(f"mean steps: {summary['mean_steps']:.1f}")
    reasons = ", ".join(f"{k} {v}" for k, v in summary["end_reasons"].items())
    console.print(f"end reasons: {reasons}")
    console.print(f"decisions per second: {summary['decisions_per_s']:,}")
    return 0
