"""CSH reaction windows, measured: how many decisions are passes, and how long a card takes to
play at a table with one idle seat. Prints figures; asserts nothing.

(a) Heuristic bots at 4 and 8 seats: per seat and game, the prompts (a seat in `to_act` asked
    for an action), the decisions among them (more than one legal action), the passes among
    those decisions, every pass however it came, and the forced ones (pass the only legal
    action: a person must click it where a window waits on one seat at a time, and need not
    where it waits on everyone at once until a fixed deadline).
(b) A table of 4 on a simulated clock: three heuristic bots answer each prompt 2 s after it is
    put to them, the fourth seat never answers, and the table's timeouts fire at their
    deadlines. Prints the mean game seconds per card played (Play Actions), and how many of
    them a reaction window was open.

It uses only the engine contract (games.get, new, to_act, legal, apply, view, deadline,
timeout_actions, result) and the engine's play-out loop (`engine.play_out`, which (a) plays
on), so it measures any version of the engine that has them: to measure the code of another
commit, check it out in a git worktree and put its `src` first on PYTHONPATH:

    git worktree add /tmp/csh-before HEAD
    PYTHONPATH=/tmp/csh-before/src uv run python bench/csh_reactions.py
    git worktree remove /tmp/csh-before

Usage: `uv run python bench/csh_reactions.py [--games N] [--timed-games N]`.
"""

from __future__ import annotations

import argparse
import json

import cardtable
from cardtable import bots, games
from cardtable.engine import Rng, draw_seat, play_out

OPTIONS = {"draft": "random"}
THINK = 2.0  # seconds a seat takes to answer a prompt in (b)
IDLE = 3  # the seat that never answers in (b)
MAX_STEPS = 100_000  # a bound on one game of (a), far above any game's length


def _counting(game, players: list, chooser: Rng, totals: dict[str, int]):
    """A `decide` for `draw_seat`: the seat's heuristic bot moves, and (a)'s counts grow."""

    def decide(state, seat: int) -> dict:
        legal = game.legal(state, seat)
        action = players[seat].choose(game, state, seat, chooser)
        passed = action["type"] == "pass"
        totals["prompts"] += 1
        totals["decisions"] += len(legal) > 1
        totals["decision passes"] += passed and len(legal) > 1
        totals["passes"] += passed
        totals["forced"] += passed and len(legal) == 1
        return action

    return decide


def count_passes(seats: int, games_played: int) -> dict[str, float]:
    """(a): per seat per game, prompts, decisions, passes among decisions, all passes, forced
    passes."""
    game = games.get("csh")
    totals = dict.fromkeys(("prompts", "decisions", "decision passes", "passes", "forced"), 0)
    for seed in range(games_played):
        state = game.new(OPTIONS, seats=seats, seed=seed)
        players = [bots.get("heuristic", "csh") for _ in range(seats)]
        chooser = Rng(seed ^ 0xBE4C)
        decide = _counting(game, players, chooser, totals)
        play_out(game, state, draw_seat(decide, chooser), max_steps=MAX_STEPS)
    return {name: count / seats / games_played for name, count in totals.items()}


def _prompt(game, state, seat: int) -> str:
    """What `seat` is asked: the same prompt while this stays the same (another seat's pass
    in the same window does not change it)."""
    public = game.view(state, None)["public"]
    return json.dumps(
        [game.legal(state, seat), public["phase"], public["stack"], public["turn"]],
        sort_keys=True,
    )


def time_cards(seed: int, options: dict) -> tuple[float, int, float, int]:
    """(b): one game; its game seconds, Play Actions, seconds with a window open, timeouts."""
    game = games.get("csh")
    state = game.new(options, seats=4, seed=seed)
    players = [bots.get("heuristic", "csh") for _ in range(4)]
    chooser = Rng(seed ^ 0x71E)
    now = window_seconds = 0.0
    plays = timeouts = 0
    due: dict[int, tuple[str, float]] = {}  # seat -> (its prompt, when it answers)
    while game.result(state) is None:
        acting = game.to_act(state) - {IDLE}
        for seat in list(due):
            if seat not in acting:
                del due[seat]
        for seat in acting:
            prompt = _prompt(game, state, seat)
            if seat not in due or due[seat][0] != prompt:
                due[seat] = (prompt, now + THINK)
        deadline = game.deadline(state)
        first = min(due, key=lambda s: (due[s][1], s)) if due else None
        answers = first is not None and (deadline is None or due[first][1] < deadline)
        if not answers and deadline is None:
            raise RuntimeError(f"seed {seed}: the game waits on the idle seat with no clock")
        then = due[first][1] if answers else max(now, deadline)
        if game.view(state, None)["public"]["phase"] == "window":
            window_seconds += then - now
        now = then
        if answers:
            action = players[first].choose(game, state, first, chooser)
            del due[first]
            plays += action["type"] == "play"
            game.apply(state, first, action, now)
        else:
            timeouts += 1
            for seat, action in game.timeout_actions(state):
                game.apply(state, seat, action, now)
    return now, plays, window_seconds, timeouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60, help="games per table size in (a)")
    parser.add_argument("--timed-games", type=int, default=30, help="games per setting in (b)")
    args = parser.parse_args()
    default = games.get("csh").options(OPTIONS)["reactionSeconds"]
    print(f"engine: {cardtable.__file__}; reactionSeconds by default: {default}")
    print(f"(a) heuristic bots, {args.games} games each, per seat per game:")
    for seats in (4, 8):
        f = count_passes(seats, args.games)
        share = f["decision passes"] / f["decisions"] if f["decisions"] else 0.0
        print(
            f"  {seats} seats: {f['prompts']:.1f} prompts, {f['decisions']:.1f} decisions, "
            f"{f['decision passes']:.1f} of them passes ({share:.0%}); all passes "
            f"{f['passes']:.1f}, of which forced (pass the only legal action) {f['forced']:.1f}"
        )
    print(f"(b) 4 seats, seat {IDLE} idle, the others answer after {THINK:g} s, ", end="")
    print(f"{args.timed_games} games each:")
    for label, options in (
        ("default options", OPTIONS),
        ("reactionSeconds=15", {**OPTIONS, "reactionSeconds": 15}),
    ):
        seconds = plays = window = timeouts = 0
        for seed in range(args.timed_games):
            s, p, w, t = time_cards(seed, options)
            seconds, plays, window, timeouts = seconds + s, plays + p, window + w, timeouts + t
        print(
            f"  {label}: {seconds / plays:.1f} game seconds per card played "
            f"({window / plays:.1f} s of it with a reaction window open), "
            f"{plays / args.timed_games:.1f} cards and {timeouts / args.timed_games:.1f} "
            "timeouts a game"
        )


if __name__ == "__main__":
    main()
