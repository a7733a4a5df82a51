"""One seat of an AEC environment as a Gymnasium environment: the agent plays that seat and
bots (`cardtable.bots.get(name, game_id)`, untimed so a seeded episode replays) play every
other, moving until the agent's seat is to act again or the game is over.

Observations and actions are the AEC environment's (a dict of "observation" and
"action_mask"; a Discrete action index); `info["action_mask"]` repeats the mask. The reward
is the seat's (see `aec.place_rewards`); `terminated` when the game has a result,
`truncated` at the AEC environment's move limit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np

from ... import bots
from ...engine import Rng
from .aec import CardTableEnv, agent_name

#: Mixed into the episode's seed for the bots' own random choices.
BOT_SEED_SALT = 0xB07


class SeatEnv(gym.Env):
    """`env`'s seat `seat` for the agent; `opponents` names the bots of the other seats (one
    name for all of them, or one per seat in seat order, skipping the agent's)."""

    metadata: ClassVar[dict] = {"render_modes": []}

    def __init__(self, env: CardTableEnv, seat: int, opponents: str | Sequence[str]):
        if not 0 <= seat < env.seat_total:
            raise ValueError(f"no seat {seat} among {env.seat_total}")
        others = [s for s in range(env.seat_total) if s != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"{len(names)} opponents named for {len(others)} other seats")
        self.env = env
        self.seat = seat
        self.agent = agent_name(seat)
        self.bots = {
            other: bots.get(name, env.game.id, timed=False)
            for other, name in zip(others, names, strict=True)
        }
        self.observation_space = env.observation_space(self.agent)
        self.action_space = env.action_space(self.agent)
        self._rng = Rng(0)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self.env.reset(seed=seed)
        self._rng = Rng(self.env.seed ^ BOT_SEED_SALT)
        self._bots_move()
        return self._observe()

    def step(self, action: int):
        self.env.step(int(action))
        self._bots_move()
        observation, info = self._observe()
        reward = float(self.env._cumulative_rewards.get(self.agent, 0.0))
        terminated = self.env.result is not None
        truncated = not terminated and any(self.env.truncations.values())
        return observation, reward, terminated, truncated, info

    def _over(self) -> bool:
        return self.env.result is not None or any(self.env.truncations.values())

    def _bots_move(self) -> None:
        """Let the bots play until the agent's seat is to act or the game is over."""
        env = self.env
        while not self._over() and env.agent_selection != self.agent:
            seat = env.seat
            env._cumulative_rewards[env.agent_selection] = 0.0
            env.play(self.bots[seat].choose(env.game, env.state, seat, self._rng))

    def _observe(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        observation = self.env.observe(self.agent)
        return observation, {"action_mask": observation["action_mask"]}
