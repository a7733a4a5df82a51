"""Teach a linear softmax policy to play two-seat Cunt-Soul against the `random` bot, with
REINFORCE, in numpy alone, on a CPU in a few minutes.

    uv run --extra rl python examples/train_cunt_soul.py [--episodes 800] [--games 200]

The agent sees what its seat may know (`cardtable.sim.envs`: the observation vector and the
action mask) and picks among its legal actions with probabilities softmax(W x + b) over the
mask. After each game every choice it made is pushed towards (a win) or away from (a loss) by
the game's reward, less a running baseline. It prints its win rate against `random` before
training (the untrained policy is uniform over the legal actions, i.e. `random` itself) and
after, each over the same `--games` deals, with a 95% Wilson confidence interval.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from cardtable.sim.envs import make_seat


class LinearPolicy:
    """softmax(W x + b) over the legal actions."""

    def __init__(self, actions: int, features: int):
        self.weights = np.zeros((actions, features))
        self.bias = np.zeros(actions)

    def probabilities(self, observation: np.ndarray, legal: np.ndarray) -> np.ndarray:
        logits = self.weights[legal] @ observation + self.bias[legal]
        logits -= logits.max()
        exp = np.exp(logits)
        return exp / exp.sum()

    def push(self, observation, legal, chosen: int, probabilities, step: float) -> None:
        """One REINFORCE step: the log-probability of `chosen` (a position in `legal`) up by
        `step` times its gradient."""
        gradient = -probabilities
        gradient[chosen] += 1.0
        self.weights[legal] += step * np.outer(gradient, observation)
        self.bias[legal] += step * gradient


def play(env, policy: LinearPolicy, seed: int, rng):
    """One game, drawing each action from the policy; returns its reward and the choices
    made: (observation, legal, position, probabilities)."""
    observation, _ = env.reset(seed=seed)
    choices = []
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        x = observation["observation"].astype(np.float64)
        p = policy.probabilities(x, legal)
        chosen = int(rng.choice(len(legal), p=p))
        choices.append((x, legal, chosen, p))
        observation, reward, terminated, truncated, _ = env.step(int(legal[chosen]))
        if terminated or truncated:
            return reward, choices


def win_rate(env, policy, seeds, rng) -> tuple[float, float, float]:
    """The share of `seeds` won, with its 95% Wilson interval."""
    wins = sum(play(env, policy, seed, rng)[0] > 0 for seed in seeds)
    return (wins / len(seeds), *wilson(wins, len(seeds)))


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    return centre - half / (1 + z * z / games), centre + half / (1 + z * z / games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=800, help="training games")
    parser.add_argument("--games", type=int, default=200, help="evaluation games, each time")
    parser.add_argument("--rate", type=float, default=0.05, help="learning rate")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    env = make_seat("cunt-soul", seat=0, opponents="random", max_steps=2_000)
    rng = np.random.default_rng(args.seed)
    policy = LinearPolicy(env.action_space.n, env.observation_space["observation"].shape[0])
    evaluation = range(args.games)  # the same deals before and after
    started = time.perf_counter()
    before = win_rate(env, policy, evaluation, rng)
    print(f"before: {before[0]:.1%} won (95% CI {before[1]:.1%}-{before[2]:.1%})", flush=True)
    baseline = 0.0
    for episode in range(args.episodes):
        reward, choices = play(env, policy, 1_000_000 + episode, rng)
        advantage = reward - baseline
        baseline += 0.02 * (reward - baseline)
        step = args.rate * advantage / math.sqrt(len(choices))
        for x, legal, chosen, p in choices:
            policy.push(x, legal, chosen, p, step)
        if (episode + 1) % 100 == 0:
            print(f"  {episode + 1} games trained, running reward {baseline:+.2f}", flush=True)
    after = win_rate(env, policy, evaluation, rng)
    print(f"after:  {after[0]:.1%} won (95% CI {after[1]:.1%}-{after[2]:.1%})")
    print(f"{time.perf_counter() - started:.0f} s in all")


if __name__ == "__main__":
    main()
