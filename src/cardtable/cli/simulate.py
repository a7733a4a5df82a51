"""`cardtable simulate`: play many bot games and summarise who wins, how long, and why."""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from .. import bots, games
from ..sim import play_game
from ._common import add_game_arguments, bot_names, game_options


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("simulate", help="play bot games headless and summarise them")
    parser.add_argument("game", help="game id, e.g. cah")
    parser.add_argument("--players", type=int, help="seats (default: the game's minimum)")
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--preset", default="default", help="a preset of the game")
    add_game_arguments(parser)
    parser.add_argument("--bots", default="random", help="bot per seat, comma-separated")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def simulate(game_id, players, count, options, bot_spec, seed, progress=None) -> dict:
    """Play `count` games; return the summary with keys of `cardtable simulate --json`."""
    game = games.get(game_id)
    resolved = game.options(options)
    players = players or game.seat_range(resolved)[0]
    names = bot_names(bot_spec, players)
    players_bots = [bots.get(name, game_id) for name in names]
    wins = [0] * players
    reasons: Counter[str] = Counter()
    steps = decisions = 0
    started = time.perf_counter()
    for index in range(count):
        played = play_game(game, resolved, players, seed + index, players_bots)
        for seat in played.result.winners:
            if seat < players:
                wins[seat] += 1
        reasons[played.result.reason] += 1
        steps += played.steps
        decisions += played.decisions
        if progress:
            progress()
    elapsed = time.perf_counter() - started
    return {
        "game": game_id,
        "preset": resolved["preset"],
        "players": players,
        "bots": names,
        "games": count,
        "wins": [w / count for w in wins] if count else wins,
        "mean_steps": steps / count if count else 0.0,
        "end_reasons": dict(reasons.most_common()),
        "decisions_per_s": round(decisions / elapsed) if elapsed else 0,
    }


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    options = game_options({"preset": args.preset}, args.options, args.directorships)
    if args.json:
        summary = simulate(args.game, args.players, args.games, options, args.bots, args.seed)
        print(json.dumps(summary))
        return 0
    console = Console()
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task(f"{args.game}", total=args.games)
        summary = simulate(
            args.game,
            args.players,
            args.games,
            options,
            args.bots,
            args.seed,
            progress=lambda: bar.advance(task),
        )
    table = Table(title=f"{summary['game']} ({summary['preset']}), {summary['games']} games")
    table.add_column("seat")
    table.add_column("bot")
    table.add_column("wins", justify="right")
    for seat, share in enumerate(summary["wins"]):
        table.add_row(str(seat), summary["bots"][seat], f"{share:.1%}")
    console.print(table)
    console.print(f"mean steps: {summary['mean_steps']:.1f}")
    reasons = ", ".join(f"{k} {v}" for k, v in summary["end_reasons"].items())
    console.print(f"end reasons: {reasons}")
    console.print(f"decisions per second: {summary['decisions_per_s']:,}")
    return 0
