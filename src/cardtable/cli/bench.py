"""`cardtable bench`: performance figures, printed (never asserted)."""

from __future__ import annotations

import argparse

from ..sim.bench import bench_engine


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("bench", help="measure performance and print the figures")
    parser.add_argument("target", choices=["engine"], help="what to measure")
    parser.add_argument("--game", default=None, help="only this game")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per preset")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    for line in bench_engine(args.seconds, args.game):
        print(line, flush=True)
    return 0
