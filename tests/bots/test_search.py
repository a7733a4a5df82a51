"""The search bot (`bots/search.py`) and the lobby's bot levels: legal play to the end of a game
in every game that has one, a seed that replays, a time budget on an injected clock, and the
winning move found in scripted positions even when its rollout policy plays at random."""

import itertools

import pytest

from cardtable import bots, games
from cardtable.bots import RandomBot
from cardtable.bots.cunt_soul import CANDIDATES, RulesOfThumb
from cardtable.bots.cunt_soul import candidates as cs_candidates
from cardtable.bots.cunt_soul import evaluate as cs_evaluate
from cardtable.bots.russian_bank import evaluate as rb_evaluate
from cardtable.bots.russian_bank import plays as rb_plays
from cardtable.bots.search import PairedSearchBot, SearchBot, pairwise_rewards, place_rewards
from cardtable.engine import Result, Rng
from cardtable.games.cunt_soul.position import position as cs_position
from cardtable.games.russian_bank.position import position as rb_position
from cardtable.sim.runner import play_game

SEARCHED = {"russian-bank": 2, "csh": 3, "cunt-soul": 3}
LEVELS = ("easy", "normal", "hard")


def tiny(game_id: str) -> SearchBot:
    """The game's `hard` bot on a tiny budget, so a whole game takes a moment."""
    bot = bots.get("hard", game_id)
    assert isinstance(bot, SearchBot)
    bot.iterations, bot.depth, bot.seconds = 3, 4, None
    return bot


@pytest.mark.parametrize("game_id", sorted(SEARCHED))
def test_the_search_bot_plays_a_whole_game_legally_and_a_seed_replays(game_id):
    """play_game applies every move through `Game.apply`, which refuses illegal ones."""
    game, seats = games.get(game_id), SEARCHED[game_id]

    def play():
        players = [tiny(game_id), *(RandomBot() for _ in range(seats - 1))]
        return play_game(game, "default", seats, 5, players, record=True)

    first, again = play(), play()
    assert first.result is not None
    assert first.actions == again.actions


def test_a_simulations_search_bot_plays_the_same_game_however_busy_the_machine():
    """A simulation's bots (`bots.get(..., timed=False)`) spend their whole iteration budget on
    every move, so a seed replays and a balance run measures the bot, not the machine's load.
    Here a busy machine is a clock that reads a second later each time it is read: a bot
    at a table stops after one iteration a move, a simulation's plays on."""
    game = games.get("csh")

    def play(timed: bool, clock) -> list:
        bot = bots.get("hard", "csh", timed=timed)
        bot.iterations, bot.depth, bot.clock = 8, 6, clock
        return play_game(game, "default", 2, 5, [bot, RandomBot()], record=True).actions

    def busy():
        ticks = itertools.count()
        return lambda: float(next(ticks))

    calm = play(True, lambda: 0.0)
    assert play(False, busy()) == calm
    assert play(True, busy()) != calm


@pytest.mark.parametrize("game_id", sorted(SEARCHED))
def test_every_game_with_a_search_bot_offers_the_three_levels(game_id):
    names = bots.names(game_id)
    assert {"heuristic", "random", *LEVELS} <= set(names)
    assert bots.offered(game_id) == ("random", "easy", "normal", "hard")  # what the lobby lists
    game = games.get(game_id)
    state = game.new("default", seats=SEARCHED[game_id], seed=1)
    seat = min(game.to_act(state))
    for name in ("easy", "normal"):
        action = bots.get(name, game_id).choose(game, state, seat, Rng(2))
        assert action in game.legal(state, seat)


def test_the_time_budget_runs_on_the_injected_clock(monkeypatch):
    """Each iteration reads the clock once; a clock that ticks one second a read stops a
    three-second search after three iterations, whatever its iteration budget."""
    game = games.get("russian-bank")
    state = rb_position(
        layout=[["3D"], ["9S"]],
        stock=[["KH", "2C"], ["KS.1"]],
        hand=[["5D"], ["5H.1"]],
    )
    ticks = itertools.count()
    samples = []
    real = game.determinize
    monkeypatch.setattr(game, "determinize", lambda *a: samples.append(1) or real(*a))
    bot = SearchBot(
        RandomBot,
        rb_evaluate,
        moves=rb_plays,
        iterations=1000,
        seconds=3.0,
        clock=lambda: float(next(ticks)),
    )
    bot.choose(game, state, 0, Rng(1))
    assert len(samples) == 3


@pytest.mark.parametrize("seed", range(3))
def test_rb12_the_search_plays_its_last_card_out_though_its_policy_is_random(seed):
    """Seat 0 holds one card, the 2C on its stock: loaded on the opponent's 3C it goes out and
    wins (RB-12); no foundation and no layout pile (full, with no red 3) can take it, and its
    other moves shift the layout or end its turn. Each line is scored one step on (`depth`),
    before the random rollout policy stumbles on the card's way out."""
    game = games.get("russian-bank")
    bot = SearchBot(RandomBot, rb_evaluate, moves=rb_plays, iterations=60, depth=1)
    assert bot.choose(game, last_card(), 0, Rng(seed)) == {
        "type": "move",
        "from": "stock:0",
        "to": "stock:1",
    }


def last_card():
    """Seat 0 to play its last card, the 2C on its stock, which only the opponent's 3C takes."""
    return rb_position(
        layout=[["9S"], ["8H"], ["KD"], ["QC"], ["JH"], ["10S"], ["7D"], ["6C"]],
        stock=[["2C"], ["KS.1", "QH.1", "3C.1"]],
        hand=[[], ["5H.1", "6S.1"]],
    )


@pytest.mark.parametrize("seed", range(3))
def test_cs_the_search_sheds_both_last_cards_at_once_though_its_policy_is_random(seed):
    """Seat 0's last cards are two 9s: both at once and it is out; one, and the other seat
    goes out first on the 9 that allows anything."""
    game = games.get("cunt-soul")
    state = cs_position(2, hands={0: ["9", "9"], 1: ["A"]}, current=0)
    bot = SearchBot(RandomBot, cs_evaluate, iterations=60, depth=10)
    action = bot.choose(game, state, 0, Rng(seed))
    assert action["type"] == "play" and len(action["cards"]) == 2


def test_place_rewards_rank_the_seats_and_share_ties():
    assert place_rewards(Result("x", (2, 1, 3))) == [0.5, 1.0, 0.0]
    assert place_rewards(Result("x", (1, 1))) == [0.5, 0.5]
    assert place_rewards(Result("x", (1, 2, 2))) == [1.0, 0.25, 0.25]


def test_pairwise_rewards_are_even_at_equal_scores_and_favour_the_leader():
    assert pairwise_rewards([3.0, 3.0], 2.0) == [0.5, 0.5]
    lead, trail = pairwise_rewards([5.0, 1.0], 2.0)
    assert lead > 0.85 and lead + trail == pytest.approx(1.0)


def test_rb13_the_search_weighs_no_play_out_of_order():
    """With the 2C on its stock able to go to the centre, every other play of seat 0 is out of
    order (RB-13 S1): legal in classic mode, but the opponent would stop it, so the search
    weighs the centre play alone."""
    game = games.get("russian-bank")
    state = rb_position(
        layout=[["9S"], ["8H"]],
        centre=[["AC"]],
        stock=[["KH", "2C"], ["KS.1"]],
        hand=[["5D"], ["5H.1"]],
    )
    centre = {"type": "move", "from": "stock:0", "to": "centre:0"}
    assert len(rb_plays(game, state, 0)) < len(game.legal(state, 0))
    assert rb_plays(game, state, 0) == [centre]


class Fixed:
    """A bot that plays one given move."""

    name = "fixed"

    def __init__(self, action: dict):
        self.action = action

    def choose(self, game, state, seat, rng) -> dict:
        return self.action


@pytest.mark.parametrize("seed", range(3))
def test_the_search_plays_its_priors_move_when_it_weighed_nothing_else(seed):
    """One iteration tries only the prior's move, so the search keeps it, not its random
    rollout policy's."""
    game = games.get("russian-bank")
    state = last_card()
    shift = {"type": "move", "from": "layout:1", "to": "layout:0"}
    assert shift in rb_plays(game, state, 0)
    bot = SearchBot(
        RandomBot, rb_evaluate, prior=lambda: Fixed(shift), moves=rb_plays, iterations=1
    )
    assert bot.choose(game, state, 0, Rng(seed)) == shift


def test_cs_the_search_weighs_the_heuristics_candidates_at_a_turns_start():
    """At the start of a turn with many plays the search weighs the few the heuristic would
    try (its cheapest plays and the rules' own choice), not every legal play."""
    game = games.get("cunt-soul")
    state = cs_position(
        2, hands={0: ["3", "4", "5", "8", "9", "J", "K", "A"], 1: ["7", "7"]}, current=0
    )
    legal = game.legal(state, 0)
    weighed = cs_candidates(game, state, 0)
    assert 2 <= len(weighed) <= CANDIDATES + 1 < len(legal)
    assert all(move in legal for move in weighed)
    assert RulesOfThumb().choose(game, state, 0, Rng(0)) in weighed


@pytest.mark.parametrize("seed", range(3))
def test_rb12_the_paired_search_plays_its_last_card_out_though_its_policy_is_random(seed):
    game = games.get("russian-bank")
    bot = PairedSearchBot(RandomBot, rb_evaluate, moves=rb_plays, iterations=60, depth=1)
    assert bot.choose(game, last_card(), 0, Rng(seed)) == {
        "type": "move",
        "from": "stock:0",
        "to": "stock:1",
    }


def test_the_paired_search_overrules_its_prior_only_on_a_steady_gain():
    """A move gaining the same in every world is sure; one lucky world among even ones, or
    a gain within the margin, is not."""
    bot = PairedSearchBot(RandomBot, rb_evaluate, margin=0.02, confidence=2.0)
    assert bot.sure([0.1, 0.12, 0.11, 0.1])
    assert not bot.sure([0.0, 0.0, 0.0, 0.9])
    assert not bot.sure([0.01] * 10)
    assert not bot.sure([0.5])  # one world proves nothing
