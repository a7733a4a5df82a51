"""`cardtable balance csh`: many bot games, written up as a markdown report with PNG charts."""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path

from rich.console import Console
from rich.progress import Progress

from ..sim import balance
from ._common import add_game_arguments, bot_names, game_options


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "balance", help="play many bot games and write a balance report with charts"
    )
    parser.add_argument("game", choices=[balance.GAME_ID], help="the game (csh)")
    parser.add_argument("--players", type=int, default=4, help="seats (default 4)")
    parser.add_argument("--games", type=int, default=5000, help="how many games (default 5000)")
    parser.add_argument("--bots", default="heuristic", help="bot per seat, comma-separated")
    add_game_arguments(parser)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--out", type=Path, default=Path("report"), help="output directory")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.games < 1 or args.players < 2 or args.workers < 1:
        raise ValueError("--games and --workers must be at least 1, --players at least 2")
    options = game_options({"draft": "random"}, args.options, args.directorships)
    bots = bot_names(args.bots, args.players)
    console = Console()
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task("csh balance", total=args.games)
        tally = balance.run(
            args.players,
            args.games,
            options,
            bots,
            args.seed,
            args.workers,
            progress=lambda n: bar.advance(task, n),
        )
    command = _command(args)
    result = balance.write_report(tally, args.out, command)
    fair = result["fair"]
    console.print(f"win rate by seat: {_rates(result['win_by_seat'])} (fair {fair:.1f}%)")
    console.print(f"win rate by turn position: {_rates(result['win_by_position'])}")
    raises = ", ".join(f"{d} {r - fair:+.1f}" for d, r in result["win_by_directorship"].items())
    console.print(f"chooser's win rate vs fair by directorship: {raises}")
    console.print(
        f"seats fair: {result['seats_fair']}, directorships fair: {result['directorships_fair']}"
    )
    console.print(f"report: {args.out / 'report.md'}")
    return 0


def _command(args: argparse.Namespace) -> str:
    """The command line that reproduces this report."""
    words = [
        "cardtable",
        "balance",
        args.game,
        "--players",
        str(args.players),
        "--games",
        str(args.games),
        "--bots",
        args.bots,
        "--seed",
        str(args.seed),
    ]
    for flag in ("directorships", "options"):
        if getattr(args, flag):
            words += [f"--{flag}", getattr(args, flag)]
    return shlex.join([*words, "--out", str(args.out)])


def _rates(values) -> str:
    return ", ".join(f"{v:.1f}%" for v in values)
