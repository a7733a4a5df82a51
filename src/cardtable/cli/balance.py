"""`cardtable balance csh`: many bot games, written up as a markdown report with PNG charts,
95% intervals and verdicts (see `sim.balance`)."""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path

from rich.console import Console
from rich.progress import Progress

from ..sim import balance
from ..sim.balance import pieces
from ._common import add_game_arguments, bot_names, game_options


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "balance", help="play many bot games and write a balance report with charts"
    )
    parser.add_argument("game", choices=[balance.GAME_ID], help="the game (csh)")
    parser.add_argument("--players", type=int, default=4, help="seats (default 4)")
    parser.add_argument("--games", type=int, default=5000, help="how many games (default 5000)")
    parser.add_argument("--bots", default="heuristic", help="bot per seat, comma-separated")
    parser.add_argument(
        "--versus",
        action="append",
        default=[],
        metavar="BOTS",
        help="the bot-strength axis: also play the games with these bots (one name, or one per "
        "seat, comma-separated) and compare; repeat for more lineups",
    )
    add_game_arguments(parser)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--out", type=Path, default=Path("report"), help="output directory")
    parser.add_argument(
        "--merge",
        action="append",
        default=[],
        type=Path,
        metavar="REPORT",
        help="play nothing: write the report of these reports' games together (the same "
        "options and bots over other seeds); repeat for each report",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    console = Console()
    if args.merge:
        piece = pieces.merge([pieces.load(path) for path in args.merge], list(map(str, args.merge)))
        _write(console, piece, args.out, _merge_command(args))
        return 0
    if args.games < 1 or args.players < 2 or args.workers < 1:
        raise ValueError("--games and --workers must be at least 1, --players at least 2")
    options = game_options({"draft": "random"}, args.options, args.directorships)
    lineups = [bot_names(spec, args.players) for spec in (args.bots, *args.versus)]
    tallies = []
    with Progress(console=console, transient=True) as bar:
        for lineup in lineups:
            task = bar.add_task(f"csh balance, bots {','.join(lineup)}", total=args.games)
            tallies.append(
                balance.run(
                    args.players,
                    args.games,
                    options,
                    lineup,
                    args.seed,
                    args.workers,
                    progress=lambda n, task=task: bar.advance(task, n),
                )
            )
    seeds = [(args.seed, args.seed + args.games - 1)]
    _write(console, pieces.Piece([_command(args)], options, seeds, tallies), args.out)
    return 0


def _write(console: Console, piece: pieces.Piece, out: Path, merged: str | None = None) -> None:
    """The report of `piece` and its tallies, into `out`; `merged`: the command that merged it."""
    command = merged or piece.commands[0]
    results = balance.write_report(piece.tallies, out, command, piece.commands if merged else [])
    pieces.save(out, piece)
    for result in results:
        console.print(
            f"bots {','.join(result['lineup'])}: win rate by turn position "
            f"{_rates(result['win_by_position'])} (fair {result['fair']:.1f}% "
            f"± {result['band']:.1f}): {result['positions']}"
        )
    console.print(f"directorships: {results[0]['directorships']}")
    console.print(f"report: {out / 'report.md'}")


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
    ]
    for lineup in args.versus:
        words += ["--versus", lineup]
    words += ["--seed", str(args.seed)]
    for flag in ("directorships", "options"):
        if getattr(args, flag):
            words += [f"--{flag}", getattr(args, flag)]
    return shlex.join([*words, "--out", str(args.out)])


def _merge_command(args: argparse.Namespace) -> str:
    words = ["cardtable", "balance", args.game]
    for path in args.merge:
        words += ["--merge", str(path)]
    return shlex.join([*words, "--out", str(args.out)])


def _rates(values: list[dict]) -> str:
    return ", ".join(f"{v['value']:.1f}% [{v['low']:.1f}, {v['high']:.1f}]" for v in values)
