"""Playing many CSH bot games and summing them into a `Tally`.

Each game is played by bots, then replayed from its recorded actions to watch its events: which
plays were canceled or negated (CSH-10 to CSH-13), and how many VP each resolved play moved
between Archives (its swing: the change in every player's total summed, from the moment the
card landed to the moment its effects had all resolved, so its own printed VP is not counted;
a play whose window nobody could answer resolves as it lands and is not measured).
Workers each return a partial tally that the parent merges.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, fields

from ... import bots, games
from ...engine import Event
from ...games.csh.archive import locate, totals
from ...games.csh.state import State
from ..runner import Playthrough, play_game
from ..workers import done_in_parts

GAME_ID = "csh"
CHUNK = 25  # games per worker task


@dataclass
class Tally:
    """Sums over a set of finished games played by one lineup of bots; `merge` adds another.

    Per card type, over the games its set was in the deck: `seats_with` the seats in those
    games, `players_of` the seats that played at least one copy, `wins_with` and
    `wins_of_players` the win shares of those seats.
    """

    players: int
    lineup: tuple[str, ...] = ()
    games: int = 0
    wins_by_seat: list[float] = field(default_factory=list)
    wins_by_position: list[float] = field(default_factory=list)
    totals_by_position: list[float] = field(default_factory=list)
    taken: Counter = field(default_factory=Counter)  # directorship -> seats that took it
    wins_by_directorship: Counter = field(default_factory=Counter)
    totals_by_directorship: Counter = field(default_factory=Counter)
    seats_by_bot: Counter = field(default_factory=Counter)
    wins_by_bot: Counter = field(default_factory=Counter)
    turns: Counter = field(default_factory=Counter)  # turns per game -> games
    decisions: int = 0
    ties: int = 0  # games won by two players or more (CSH-18)
    draws: int = 0  # games in which every player tied: the engine calls them draws
    winning_totals: Counter = field(default_factory=Counter)
    drawn_by: Counter = field(default_factory=Counter)  # position that drew the Election -> games
    wins_after_draw: Counter = field(default_factory=Counter)  # "drawer:position" -> win shares
    in_deck: Counter = field(default_factory=Counter)  # card type -> games it was in the deck
    plays: Counter = field(default_factory=Counter)  # card type -> copies played
    canceled: Counter = field(default_factory=Counter)  # card type -> plays canceled
    negated: Counter = field(default_factory=Counter)  # card type -> plays negated
    vp: Counter = field(default_factory=Counter)  # card type -> VP held at the end
    seats_with: Counter = field(default_factory=Counter)
    wins_with: Counter = field(default_factory=Counter)
    players_of: Counter = field(default_factory=Counter)
    wins_of_players: Counter = field(default_factory=Counter)
    swing_sum: Counter = field(default_factory=Counter)  # card type -> VP moved by resolved plays
    resolved: Counter = field(default_factory=Counter)  # card type -> plays that resolved
    swing_max: Counter = field(default_factory=Counter)  # card type -> largest single swing

    def __post_init__(self):
        for name in ("wins_by_seat", "wins_by_position", "totals_by_position"):
            if not getattr(self, name):
                setattr(self, name, [0.0] * self.players)

    def merge(self, other: Tally) -> None:
        for name in (f.name for f in fields(self) if f.name not in ("players", "lineup")):
            mine, theirs = getattr(self, name), getattr(other, name)
            if name == "swing_max":
                for kind, swing in theirs.items():
                    mine[kind] = max(mine[kind], swing)
            elif isinstance(mine, Counter):
                mine.update(theirs)
            elif isinstance(mine, list):
                for index, value in enumerate(theirs):
                    mine[index] += value
            else:
                setattr(self, name, mine + theirs)


class _Watch:
    """Follows one replayed game: each play from the moment its card lands until its stack
    has resolved, and the reactions aimed at it or at each other. `moved` sums each seat's
    change of total over that time, leaving out the actions that placed reaction cards (a
    Cancel may replace a stack in its player's Archive)."""

    def __init__(self, tally: Tally):
        self.tally = tally
        self.kind = ""  # the type of the card being played, while its stack resolves
        self.chain: dict[int, str] = {}  # card id -> type, of the play and its reactions
        self.card = -1
        self.moved: list[int] | None = None  # per seat, once the card has landed
        self.last: list[int] = []  # the totals after the previous action
        self.reacted = False

    def after(self, state: State, action: dict, events: list[Event]) -> None:
        if action["type"] == "play":
            self.kind = state.type_of[action["cards"][-1]].id
            self.chain = {card: self.kind for card in action["cards"]}
            self.card, self.moved, self.reacted = action["cards"][-1], None, False
        elif action["type"] == "react" and self.kind:
            self.chain[action["card"]] = state.type_of[action["card"]].id
        if not self.kind:
            return
        self._reactions(events)
        now = totals(state)
        if self.moved is not None and action["type"] != "react":
            self.moved = [m + a - b for m, a, b in zip(self.moved, now, self.last, strict=True)]
        if self.moved is None and state.stack and locate(state, self.card) is not None:
            self.moved = [0] * len(now)  # landed (a placement may wait on the target's slot)
        self.last = now
        if not state.stack:
            if not self.reacted and self.moved is not None:
                self._count(sum(abs(m) for m in self.moved))
            self.kind = ""

    def _reactions(self, events: list[Event]) -> None:
        tally = self.tally
        for event in events:
            if event.type not in ("canceled", "negated"):
                continue
            hit = {self.chain[c["id"]] for c in event.data["cards"] if c["id"] in self.chain}
            for kind in hit:
                (tally.canceled if event.type == "canceled" else tally.negated)[kind] += 1
            self.reacted = self.reacted or self.kind in hit

    def _count(self, swing: int) -> None:
        tally = self.tally
        tally.swing_sum[self.kind] += swing
        tally.resolved[self.kind] += 1
        tally.swing_max[self.kind] = max(tally.swing_max[self.kind], swing)


def _replay(tally: Tally, game, options, seed: int, played: Playthrough) -> State:
    """Replay the game's actions, tallying reactions and swings; return the final state."""
    state = game.new(options, seats=tally.players, seed=seed)
    watch = _Watch(tally)
    for seat, action, at in played.actions:
        events = game.apply(state, seat, action, at)
        watch.after(state, action, events)
    return state


def _count_game(tally: Tally, game, options, seed: int, played: Playthrough) -> None:
    result, players = played.result, tally.players
    start, chosen = result.detail["start"], result.detail["directorships"]
    # CSH-18: all players tied for the highest score win, even when that is everyone (which
    # the engine's Result calls a draw), so the shares of a game always add up to 1.
    winners = [seat for seat, place in enumerate(result.places) if place == 1]
    share = 1.0 / len(winners)
    tally.games += 1
    tally.decisions += played.decisions
    tally.ties += len(winners) > 1
    tally.draws += result.draw
    tally.turns[result.detail["turns"]] += 1
    tally.winning_totals[int(max(result.scores))] += 1
    won = [share if seat in winners else 0.0 for seat in range(players)]
    drawer = (result.detail["drawer"] - start) % players
    tally.drawn_by[drawer] += 1
    for seat in range(players):
        tally.wins_after_draw[f"{drawer}:{(seat - start) % players}"] += won[seat]
    for seat, score in enumerate(result.scores):
        position = (seat - start) % players
        tally.wins_by_seat[seat] += won[seat]
        tally.wins_by_position[position] += won[seat]
        tally.totals_by_position[position] += score
        tally.taken[chosen[seat]] += 1
        tally.wins_by_directorship[chosen[seat]] += won[seat]
        tally.totals_by_directorship[chosen[seat]] += score
        tally.seats_by_bot[tally.lineup[seat]] += 1
        tally.wins_by_bot[tally.lineup[seat]] += won[seat]
    state = _replay(tally, game, options, seed, played)
    kinds = {t.id for t in state.type_of if t.kind != "election"}
    tally.in_deck.update(kinds)
    played_by: dict[str, set[int]] = {kind: set() for kind in kinds}
    for seat, action, _ in played.actions:
        cards = action.get("cards") or ([action["card"]] if action["type"] == "react" else [])
        if action["type"] in ("play", "react") and cards:
            kind = state.type_of[cards[0]].id
            tally.plays[kind] += len(cards)
            played_by[kind].add(seat)
    for kind, seats in played_by.items():
        tally.seats_with[kind] += players
        tally.wins_with[kind] += sum(won)
        tally.players_of[kind] += len(seats)
        tally.wins_of_players[kind] += sum(won[s] for s in seats)
    view = game.view(state, None)
    for archive in view["public"]["archives"]:
        for stack in archive["stacks"]:
            for card in stack:
                if "vp" in card and "card" in card:
                    tally.vp[card["card"]] += card["vp"]


def play_chunk(task: tuple) -> Tally:
    """Play games `seeds` (a worker's share) with one bot per seat and tally them."""
    options, players, bot_names, seeds = task
    game = games.get(GAME_ID)
    seats = [bots.get(name, GAME_ID, timed=False) for name in bot_names]
    tally = Tally(players, tuple(bot_names))
    for seed in seeds:
        played = play_game(game, options, players, seed, seats, record=True)
        _count_game(tally, game, options, seed, played)
    return tally


def run(
    players: int,
    count: int,
    options: dict,
    bot_names: list[str],
    seed: int = 1,
    workers: int = 2,
    progress: Callable[[int], None] | None = None,
) -> Tally:
    """Play `count` games on `workers` processes and return the merged tally."""
    games.get(GAME_ID).new(options, seats=players, seed=seed)  # bad options fail here, once
    for name in set(bot_names):
        bots.get(name, GAME_ID)  # so does an unknown bot
    tasks = [
        (options, players, bot_names, range(first, min(first + CHUNK, seed + count)))
        for first in range(seed, seed + count, CHUNK)
    ]
    total = Tally(players, tuple(bot_names))
    for part in done_in_parts(play_chunk, tasks, workers):
        total.merge(part)
        if progress:
            progress(part.games)
    return total
