"""Environment benchmark: AEC steps per second per game, random legal actions (uniform over
the action mask) through `cardtable.sim.envs.make`, one core; prints one line each.

A step is one `env.step(action)` of the seat to act, with the `env.last()` that reads its
observation and mask before it. The line also gives the engine's own moves per second for
the same games with no environment around it (`engine.play_out` with random moves), so the
cost of views, encodings and masks shows.

Usage: `uv run python bench/environments.py [--game ID] [--seconds S] [--seats N]`.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from cardtable import games
from cardtable.engine import Rng, play_out, random_moves
from cardtable.sim.envs import ids, make


def env_steps_per_second(game_id: str, seats: int | None, seconds: float) -> tuple[float, int]:
    env = make(game_id, seats=seats)
    rng = random.Random(0)
    steps = episodes = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        env.reset(seed=episodes)
        episodes += 1
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(observation["action_mask"])))
            steps += 1
    return steps / (time.perf_counter() - started), episodes


def engine_moves_per_second(game_id: str, seats: int | None, seconds: float) -> float:
    game = games.get(game_id)
    moves = 0
    seed = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new(None, seats=seats, seed=seed)
        moves += play_out(game, state, random_moves(game, Rng(seed)), max_steps=5_000).moves
        seed += 1
    return moves / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=ids(), help="one game (default: all)")
    parser.add_argument("--seconds", type=float, default=5.0, help="per game and measure")
    parser.add_argument("--seats", type=int, help="seats (default: the game's fewest)")
    args = parser.parse_args()
    for game_id in [args.game] if args.game else ids():
        steps, episodes = env_steps_per_second(game_id, args.seats, args.seconds)
        moves = engine_moves_per_second(game_id, args.seats, args.seconds)
        print(
            f"{game_id:13} env {steps:8,.0f} steps/s ({episodes} episodes)"
            f"   engine alone {moves:8,.0f} moves/s",
            flush=True,
        )


if __name__ == "__main__":
    main()
