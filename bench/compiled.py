"""A compiled copy of CSH's rules and bots, for long simulations (balance runs of search bots).

mypyc (it comes with mypy, a dev dependency) turns `games/csh` (all but `game.py`, as the
engine's `Game` keeps a cache in its instances' `__dict__`, which a compiled class lacks),
`bots/csh.py` and `bots/search.py` into C extensions, in a copy of the source made under --out:
never beside the sources, where a stale build would shadow the next edit. Then it plays the same
seeded games of search bots (`cardtable balance csh --bots hard --workers 1`) from the copy and
from the source it was built from, checks that their tallies are equal, and prints each run's
CPU time (whole runs: start-up and the report included) and their ratio.

Usage: `uv run --with setuptools python bench/compiled.py --out DIR [--src DIR] [--players N]
[--games N] [--seed N]`; then `PYTHONPATH=DIR/src` runs the compiled copy. --src is a copy of
`src` to build from (a scratch set-up, say); by default this checkout's.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

from cardtable.sim.balance import pieces

SOURCE = Path(__file__).resolve().parent.parent / "src"
INTERPRETED = {"__init__.py", "game.py"}
RUN = "import sys; from cardtable.cli import main; sys.exit(main(sys.argv[1:]))"


def modules(tree: Path) -> list[str]:
    """The modules to compile, as paths under `tree`."""
    package = tree / "cardtable"
    rules = sorted(p for p in (package / "games" / "csh").glob("*.py") if p.name not in INTERPRETED)
    bots = [package / "bots" / "csh.py", package / "bots" / "search.py"]
    return [str(path.relative_to(tree)) for path in (*rules, *bots)]


def build(source: Path, out: Path) -> Path:
    """A fresh copy of `source` under `out`, compiled; its path."""
    tree = out / "src"
    if tree.exists():
        shutil.rmtree(tree)
    shutil.copytree(source, tree, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    command = [sys.executable, "-m", "mypyc", *modules(tree)]
    subprocess.run(command, cwd=tree, check=True, stdout=subprocess.DEVNULL)
    return tree


def play(tree: Path, args: argparse.Namespace, report: Path) -> float:
    """The CPU seconds of a balance run of search bots played from `tree`."""
    command = [sys.executable, "-c", RUN, "balance", "csh", "--players", str(args.players)]
    command += ["--games", str(args.games), "--seed", str(args.seed), "--bots", "hard"]
    command += ["--workers", "1", "--out", str(report)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    subprocess.run(command, env=environment, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--src", type=Path, default=SOURCE)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=9001)
    args = parser.parse_args()
    if not (args.src / "cardtable" / "games" / "csh").is_dir():
        parser.error(f"--src {args.src} holds no cardtable package with games/csh")
    if args.games < 1 or args.players < 2:
        parser.error("--games must be at least 1 and --players at least 2")
    args.out.mkdir(parents=True, exist_ok=True)
    tree = build(args.src.resolve(), args.out.resolve())
    compiled = play(tree, args, args.out / "compiled")
    interpreted = play(args.src.resolve(), args, args.out / "interpreted")
    same = (
        pieces.load(args.out / "compiled").tallies == pieces.load(args.out / "interpreted").tallies
    )
    print(f"{args.games} games of {args.players} search bots from seed {args.seed}:")
    print(f"  compiled {compiled:.1f} s of CPU, interpreted {interpreted:.1f} s")
    print(f"  ratio {compiled / interpreted:.2f}; tallies {'equal' if same else 'DIFFERENT'}")
    print(f"  run the compiled copy with PYTHONPATH={tree}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
