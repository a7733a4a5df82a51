"""The PettingZoo AEC environment of any game: one agent per seat, over the engine contract.

* Agents are `seat_0`, `seat_1`, ...; each step one seat that `game.to_act` names acts. When
  several are to act at once (CAH's players submitting, a CSH reaction window, Russian Bank's
  stop window) they are asked in turn, starting after the seat that acted last: the seats
  rotate, so none is always first.
* Observations are `{"observation": float32 vector, "action_mask": int8 vector}` built only
  from `game.view(state, seat)` by the game's encoder; the mask marks the indices of
  `game.legal(state, seat)` for the seat to act, and is all zeros for the others.
* `reset(seed=n)` starts `game.new(options, seats, seed=n)`: the same seed, the same game.
  Without a seed, the next seed comes from the last one given (or from the system).
* Clocks: the environment keeps game time as `engine.play_out` does (one second a move) and
  applies a game's timeout actions only when nobody is to act, where the game would stall
  otherwise; no seat is ever timed out while it is to act.
* Rewards come at the end, from `result.places`: +1 for first place, -1 for last, evenly in
  between; 0 for everyone in a draw. An episode ends when the game has a result
  (termination) or after `max_steps` moves (truncation, rewards 0).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ... import games
from ...engine import Decks, Ending, Game, Result, play_out
from ..render import lines
from .encoding import WAIT, Encoder

#: Game seconds that pass with each move (as in `sim.runner`).
TICK = 1.0
#: Moves after which an episode is truncated, by default.
MAX_STEPS = 5_000


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


def place_rewards(result: Result) -> list[float]:
    """+1 for first place, -1 for last, evenly in between; 0 for all in a draw."""
    places = result.places
    if result.draw:
        return [0.0] * len(places)
    worst = max(places)
    if worst == 1:
        return [1.0] * len(places)
    return [1.0 - 2.0 * (place - 1) / (worst - 1) for place in places]


class CardTableEnv(AECEnv):
    """One game of `game_id` for `seats` seats as an AEC environment (see the module doc)."""

    metadata: ClassVar[dict] = {
        "name": "cardtable_v0",
        "render_modes": [],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        encoder: Encoder,
        options: dict[str, Any],
        seats: int,
        max_steps: int = MAX_STEPS,
        render_mode: str | None = None,
        decks: Decks = None,
    ):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render modes: ansi, not {render_mode!r}")
        self.game: Game = games.get(game_id)
        self.encoder = encoder
        self.game_options = options
        #: The decks its games deal from (None: the built-in decks).
        self.decks = decks
        self.seat_total = seats
        self.max_steps = max_steps
        self.possible_agents = [agent_name(seat) for seat in range(seats)]
        self.render_mode = render_mode
        size = len(encoder.actions)
        self._action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        observation = spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf, np.inf, (encoder.observation_size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
            }
        )
        self._observation_spaces = {agent: observation for agent in self.possible_agents}
        self._seeds = random.Random()
        self.state: Any = None

    # -- spaces -------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    # -- the episode --------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game from `seed`; `options` (PettingZoo's reset options) are not used: the
        game's options are fixed when the environment is made."""
        if seed is not None:
            self._seeds = random.Random(seed)
        else:
            seed = self._seeds.getrandbits(31)
        self.seed = seed
        self.state = self.game.new(
            self.game_options, seats=self.seat_total, seed=seed, decks=self.decks
        )
        self._views: dict[int, dict] = {}
        self.clock = 0.0
        self.moves = 0
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict] = {agent: {} for agent in self.agents}
        self.result: Result | None = None
        self._last_seat = self.seat_total - 1
        self._waited: set[int] = set()
        self._settle()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        view = self.view(seat)
        mask = np.zeros(len(self.encoder.actions), dtype=np.int8)
        if agent == self.agent_selection:
            mask[list(self._choices)] = 1
        return {"observation": self.encoder.observe(view, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or int(action) not in self._choices:
            raise ValueError(f"{agent}: action {action!r} is not legal now (see the mask)")
        self._cumulative_rewards[agent] = 0.0
        chosen = self._choices[int(action)]
        if chosen is None:
            self._waited.add(self.seat)
            self._last_seat = self.seat
            self._select()
        else:
            self.play(chosen)
            return
        self.rewards = {name: 0.0 for name in self.agents}
        self._accumulate_rewards()

    def play(self, action: dict) -> None:
        """Apply a concrete action (a game action dict, as a bot chooses it) for the seat
        selected now, then move on as `step` does."""
        seat = self.seat
        self.clock += TICK
        self.game.apply(self.state, seat, action, self.clock)
        self._views.clear()
        self.moves += 1
        self._last_seat = seat
        self._waited.clear()
        self._settle()

    def view(self, seat: int) -> dict:
        """`game.view(state, seat)`, kept until the state changes."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(self.state, seat)
        return view

    @property
    def seat(self) -> int:
        """The seat of the selected agent."""
        return self.possible_agents.index(self.agent_selection)

    # -- moving on ----------------------------------------------------------------------------

    def _settle(self) -> None:
        """Apply pending timeouts, then end the episode or select the next seat."""
        settled = play_out(
            self.game, self.state, lambda state, acting: None, max_steps=1_000, clock=self.clock
        )
        if settled.steps:
            self._views.clear()
        self.clock = settled.clock if settled.clock is not None else self.clock
        self.rewards = {agent: 0.0 for agent in self.agents}
        if settled.ending is Ending.FINISHED:
            self.result = settled.result
            assert self.result is not None
            for seat, reward in enumerate(place_rewards(self.result)):
                self.rewards[agent_name(seat)] = reward
            self.terminations = {agent: True for agent in self.agents}
        elif self.moves >= self.max_steps:
            self.truncations = {agent: True for agent in self.agents}
        self._accumulate_rewards()
        self._select()

    def _select(self) -> None:
        """Select the next seat to act after the last one (see the module doc) and list its
        choices: action index -> game action (None: waiting)."""
        acting = self.game.to_act(self.state) - self._waited
        self._choices: dict[int, dict | None] = {}
        if self.result is not None or any(self.truncations.values()):
            self.agent_selection = agent_name((self._last_seat + 1) % self.seat_total)
            return
        order = sorted(acting, key=lambda s: (s - self._last_seat - 1) % self.seat_total)
        seat = order[0]
        self.agent_selection = agent_name(seat)
        view = self.view(seat)
        choices: dict[int, dict | None] = {}
        number = self.encoder.actions.number
        legal = self.game.legal(self.state, seat)
        for key, action in zip(self.encoder.action_keys(view, legal), legal, strict=True):
            choices.setdefault(number(key), action)
        if len(order) > 1 and self.encoder.may_wait(view, seat):
            choices[number(WAIT)] = None
        self._choices = choices

    def legal_indices(self) -> list[int]:
        """The action indices the selected seat may take now, ascending."""
        return sorted(self._choices)

    def action_of(self, index: int) -> dict | None:
        """The game action behind `index` for the selected seat (None: waiting)."""
        return self._choices[index]

    def render(self) -> str | None:
        """ "ansi": the selected seat's view as text (`sim.render`); no render mode: None."""
        if self.render_mode is None:
            return None
        return "\n".join([self.agent_selection, *lines(self.view(self.seat), "  ")])

    def close(self) -> None:
        pass
