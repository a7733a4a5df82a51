"""The CSH bots: they play whole games, see only their own view, and the heuristic one beats
random play."""

from __future__ import annotations

from cardtable import bots
from cardtable.bots.csh import HeuristicBot
from cardtable.engine import Rng
from cardtable.games.csh import GAME
from cardtable.sim.runner import play_game


class _Blindfold:
    """Gives a bot only `view` and `legal` of the real state; the state it gets is a stand-in,
    so any look at hidden parts would fail."""

    def __init__(self, state):
        self.state = state

    def view(self, _, seat):
        return GAME.view(self.state, seat)

    def legal(self, _, seat):
        return GAME.legal(self.state, seat)


def test_the_heuristic_bot_decides_from_its_view_and_legal_actions_only():
    for seed in range(3):
        state = GAME.new({}, seats=4, seed=seed)
        bot, rng = HeuristicBot(), Rng(seed)
        while GAME.result(state) is None:
            seat = next(iter(GAME.to_act(state)))
            action = bot.choose(_Blindfold(state), object(), seat, rng)
            GAME.apply(state, seat, action)


def test_the_bots_are_registered_for_csh():
    assert bots.names("csh") == ("random", "heuristic")


def test_the_heuristic_bot_beats_random_players():
    players = [bots.get("heuristic", "csh")] + [bots.get("random", "csh")] * 3
    wins = sum(
        0 in play_game(GAME, {"draft": "random"}, 4, seed, players).result.winners
        for seed in range(40)
    )
    assert wins >= 24  # a fair share would be 10
