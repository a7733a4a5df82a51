"""The search bot: single-observer information-set Monte Carlo tree search (ISMCTS) over the
engine contract, for any game that offers `Game.determinize`.

Each iteration deals the hidden cards anew (`game.determinize(state, seat, rng)`: a world the
seat cannot tell from the real one), walks the one tree shared by all worlds, choosing among the
moves legal in this world by UCB with availability counts, adds one node (the rollout policy's
own move first, so the heuristic is tried before its alternatives), then plays on with the
rollout policy for every seat to the horizon (`Horizon`: a number of turns, or of steps), and
scores the end: a finished game by its places, a cut-off one by the game's `evaluate`. At the
root it plays the prior's move (the policy's, or a stronger but slower bot's) unless the search
is sure of a better one (`SearchBot.pick`), and tries that move first.

Seats act as `engine.play_out` has them: one of the seats to act (our seat first at the root;
the others drawn with the search's generator), and when nobody is to act the game's timeout
actions are applied. A state the game cannot determinize (a phase it does not sample) is played
as the prior plays it. The budget is `iterations`, and optionally `seconds` on an
injected clock; the search's randomness all comes from the Rng it is given, so a seed replays.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from statistics import fmean as mean

import orjson

from ..engine import Game, Result, Rng
from .base import Bot

#: Rewards in [0, 1] per seat for a state a rollout stopped in before the game ended.
Evaluate = Callable[[Game, object], list[float]]


#: A hashable name for one seat's action.
ActionKey = tuple[int, bytes]


def action_key(seat: int, action: dict) -> ActionKey:
    """The seat and its action as canonical JSON (actions are JSON-able dicts)."""
    return seat, orjson.dumps(action, option=orjson.OPT_SORT_KEYS)


def place_rewards(result: Result) -> list[float]:
    """Rewards of a finished game: 1 for first place down to 0 for last, shared places halved
    out evenly (a draw gives everyone 1/2)."""
    places, seats = result.places, len(result.places)
    if result.draw:
        return [0.5] * seats
    rewards = []
    for place in places:
        tied = sum(1 for other in places if other == place)
        # seats beaten, plus half of those tied with: (seats - place - (tied - 1)) + (tied - 1)/2
        rewards.append((seats - place - (tied - 1) / 2) / (seats - 1))
    return rewards


def pairwise_rewards(scores: list[float], scale: float) -> list[float]:
    """Rewards from per-seat scores (higher is better): each seat's mean, over the other
    seats, of a logistic of its lead over that seat in units of `scale` (even is 1/2)."""
    return [
        sum(1 / (1 + math.exp((other - mine) / scale)) for o, other in enumerate(scores) if o != s)
        / (len(scores) - 1)
        for s, mine in enumerate(scores)
    ]


@dataclass(slots=True)
class Node:
    """A move in the tree: who made it, and what the iterations through it earned that seat."""

    seat: int  # -1 at the root
    action: dict
    visits: int = 0
    available: int = 0  # iterations in which this move was legal at its parent (ISMCTS)
    reward: float = 0.0
    squares: float = 0.0  # the sum of the squared rewards, for the spread of the mean
    children: dict[ActionKey, Node] = field(default_factory=dict)

    def mean(self) -> float:
        return self.reward / self.visits

    def variance_of_mean(self) -> float:
        mean = self.mean()
        return max(0.0, self.squares / self.visits - mean * mean) / self.visits

    def ucb(self, exploration: float) -> float:
        return self.mean() + exploration * math.sqrt(math.log(self.available) / self.visits)


#: Which of a seat's legal actions the search weighs: all of them by default.
Moves = Callable[[Game, object, int], list[dict]]

#: Which turn a state is in (a turn counter, or whose turn it is): the search's horizon counts
#: how often it changes.
Turn = Callable[[object], object]


def all_legal(game: Game, state, seat: int) -> list[dict]:
    return game.legal(state, seat)


class Horizon:
    """Where an iteration stops: the game's end, `depth` steps from the root, or, with a
    `turn` function, the start of the `turns`-th turn after the root's. Counting turns,
    not steps, scores every line at the same point of the game, so a move that only
    spends time (a layout shuffle) cannot push the others' progress past the horizon."""

    def __init__(self, bot: SearchBot, world):
        self.bot = bot
        self.last = None if bot.turn is None else bot.turn(world)
        self.changes = 0

    def reached(self, game: Game, world, steps: int) -> bool:
        if steps >= self.bot.depth or game.result(world) is not None:
            return True
        if self.bot.turn is None:
            return False
        now = self.bot.turn(world)
        if now != self.last:
            self.last, self.changes = now, self.changes + 1
        return self.changes >= self.bot.turns


class SearchBot:
    """ISMCTS with a rollout policy (a heuristic bot) and a cut-off evaluation.

    It plays the prior's move (the policy's, unless a stronger but slower bot is given as
    `prior`) unless another move searched at least as often earned clearly more on average
    (`pick`). The prior's move is the first one the search tries at the root.
    """

    name = "search"

    def __init__(
        self,
        policy: Callable[[], Bot],
        evaluate: Evaluate,
        *,
        prior: Callable[[], Bot] | None = None,
        moves: Moves = all_legal,
        turn: Turn | None = None,
        turns: int = 2,
        iterations: int = 200,
        seconds: float | None = None,
        depth: int = 40,
        exploration: float = 0.7,
        margin: float = 0.02,
        confidence: float = 1.0,
        clock: Callable[[], float] = time.perf_counter,
    ):
        self.policy = policy()
        self.prior = self.policy if prior is None else prior()
        self.evaluate = evaluate
        self.moves = moves
        self.turn = turn
        self.turns = turns
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.exploration = exploration
        self.margin = margin
        self.confidence = confidence
        self.clock = clock

    def choose(self, game: Game, state, seat: int, rng: Rng) -> dict:
        started = self.clock()
        search = Rng(rng.getrandbits(64))
        guess = self.prior.choose(game, state, seat, search)
        first = action_key(seat, guess)
        moves = {action_key(seat, action): action for action in self.moves(game, state, seat)}
        if len(moves) < 2 or first not in moves:
            return guess
        try:
            world = game.determinize(state, seat, search)
        except NotImplementedError:
            return guess
        return self.search(game, state, seat, world, moves, first, search, started)

    def out_of_time(self, started: float) -> bool:
        return self.seconds is not None and self.clock() - started >= self.seconds

    def search(
        self,
        game: Game,
        state,
        seat: int,
        world,
        moves: dict[ActionKey, dict],
        first: ActionKey,
        rng: Rng,
        started: float,
    ) -> dict:
        """The move to play, searched from the first sampled `world` on."""
        root = Node(-1, {})
        self.iterate(game, world, seat, root, first, rng)
        for _ in range(self.iterations - 1):
            if self.out_of_time(started):
                break
            self.iterate(game, game.determinize(state, seat, rng), seat, root, first, rng)
        return self.pick(root, moves, first)

    def pick(self, root: Node, moves: dict[ActionKey, dict], guess: ActionKey) -> dict:
        """The prior's move, unless a move searched at least as often did better by `margin`
        plus `confidence` standard errors of the difference: the search overrules the
        heuristic only where it is sure, not on the noise of a few sampled worlds."""
        base = root.children.get(guess)
        if base is None:
            return moves[guess]
        rivals = [
            child
            for key, child in root.children.items()
            if key in moves and key != guess and child.visits >= base.visits
        ]
        if not rivals:
            return moves[guess]
        best = max(rivals, key=Node.mean)
        spread = math.sqrt(best.variance_of_mean() + base.variance_of_mean())
        sure = best.mean() - base.mean() > self.margin + self.confidence * spread
        return best.action if sure else moves[guess]

    def iterate(self, game: Game, world, seat: int, root: Node, first: ActionKey, rng: Rng) -> None:
        """One iteration: down the tree in a fresh world, one node added (at the root the
        prior's move `first` before the others, elsewhere the policy's), a rollout, and its
        rewards backed up."""
        path = [root]
        node, steps, expanded = root, 0, False
        horizon = Horizon(self, world)
        while not horizon.reached(game, world, steps):
            steps += 1
            mover = self.mover(game, world, seat if node is root else None, rng)
            if mover is None:
                continue  # a timeout was applied
            moves = {action_key(mover, a): a for a in self.moves(game, world, mover)}
            if not moves:  # nothing the search weighs: the policy plays on from here
                game.apply(world, mover, self.policy.choose(game, world, mover, rng))
                break
            for key in moves.keys() & node.children.keys():
                node.children[key].available += 1
            untried = [key for key in moves if key not in node.children]
            if untried:
                if node is root:
                    key = first
                else:
                    key = action_key(mover, self.policy.choose(game, world, mover, rng))
                if key not in moves or key in node.children:
                    key = untried[rng.randrange(len(untried))]
                child = node.children[key] = Node(mover, moves[key], available=1)
                expanded = True
            else:
                tried = [node.children[key] for key in moves]
                child = max(tried, key=lambda c: c.ucb(self.exploration))
            game.apply(world, mover, child.action)
            path.append(child)
            node = child
            if expanded:
                break
        rewards = self.rollout(game, world, steps, horizon, rng)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += rewards[visited.seat]
            visited.squares += rewards[visited.seat] ** 2
        root.visits += 1

    def mover(self, game: Game, world, first: int | None, rng: Rng) -> int | None:
        """The seat to move in `world` (`first` when it is to act), or None after applying the
        game's timeout actions because nobody is to act."""
        acting = game.to_act(world)
        if not acting:
            for timed_out, action in game.timeout_actions(world):
                game.apply(world, timed_out, action)
            return None
        if first in acting:
            return first
        return min(acting) if len(acting) == 1 else rng.choice(sorted(acting))

    def rollout(self, game: Game, world, steps: int, horizon: Horizon, rng: Rng) -> list[float]:
        """Play on by the policy to the horizon or the game's end; score."""
        while not horizon.reached(game, world, steps):
            steps += 1
            mover = self.mover(game, world, None, rng)
            if mover is not None:
                game.apply(world, mover, self.policy.choose(game, world, mover, rng))
        result = game.result(world)
        return place_rewards(result) if result is not None else self.evaluate(game, world)


class PairedSearchBot(SearchBot):
    """Rollouts compared in pairs: each sampled world is played on from every move the search
    weighs, all with the same luck (one seed for the rollouts' generator), to the horizon.
    A move's gain over the prior's is then measured world by world, so the luck of the deal,
    the same for both, drops out of the comparison; the prior's move is played unless another
    gains more than `margin` plus `confidence` standard errors of its mean gain. No tree: the
    budget goes to as many worlds as `iterations` rollouts allow (at least two), or as fit in
    `seconds`; a single world proves nothing, so its move is the prior's.
    Suits a game where most of the luck is the order of hidden cards that every line meets
    alike (Russian Bank's stock and hand)."""

    name = "paired-search"

    def search(
        self,
        game: Game,
        state,
        seat: int,
        world,
        moves: dict[ActionKey, dict],
        first: ActionKey,
        rng: Rng,
        started: float,
    ) -> dict:
        keys = [first, *(key for key in moves if key != first)]
        gains: dict[ActionKey, list[float]] = {key: [] for key in keys[1:]}
        for worlds in range(max(2, self.iterations // len(keys))):
            if worlds:
                if self.out_of_time(started):
                    break
                world = game.determinize(state, seat, rng)
            luck = rng.getrandbits(64)
            rewards = [self.play_on(game, world, seat, moves[key], Rng(luck)) for key in keys]
            for key, reward in zip(keys[1:], rewards[1:], strict=True):
                gains[key].append(reward - rewards[0])
        best = max(gains, key=lambda key: mean(gains[key]))
        return moves[best] if self.sure(gains[best]) else moves[first]

    def play_on(self, game: Game, world, seat: int, action: dict, rng: Rng) -> float:
        """`seat`'s reward for playing `action` in (a copy of) `world`, then the policy."""
        sample = game.clone(world)
        horizon = Horizon(self, sample)  # counted from before the move, as for every move
        game.apply(sample, seat, action)
        return self.rollout(game, sample, 1, horizon, rng)[seat]

    def sure(self, gains: list[float]) -> bool:
        """Whether gains measured in two worlds or more beat `margin` by `confidence`
        standard errors of their mean."""
        if len(gains) < 2:
            return False
        average = mean(gains)
        spread = math.sqrt(max(0.0, mean([g * g for g in gains]) - average**2) / (len(gains) - 1))
        return average > self.margin + self.confidence * spread
