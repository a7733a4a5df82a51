"""The CSH bots: they play whole games, see only their own view, and the heuristic one beats
random play and counts the turns it has to come by its place in the turn order."""

from __future__ import annotations

import pytest

from cardtable import bots
from cardtable.bots.csh import HeuristicBot, _Table
from cardtable.engine import Choose, Ending, Rng, play_out
from cardtable.games.csh import GAME
from cardtable.games.csh.deck import ELECTION_DEPTH
from cardtable.sim.runner import play_game
from csh_table import Table


class _Blindfold:
    """Gives a bot only `sight` (a part of its view, as tests/game_contract.py checks) and
    `legal` of the real state; the state it gets is a stand-in, so any look at hidden parts
    would fail."""

    def __init__(self, state):
        self.state = state

    def sight(self, _, seat):
        return GAME.sight(self.state, seat)

    def legal(self, _, seat):
        return GAME.legal(self.state, seat)


def _blindfolded(bot: HeuristicBot, rng: Rng) -> Choose:
    """A `Choose`: the first seat `to_act` yields moves as `bot` says, blindfolded."""

    def choose(state, acting: frozenset[int]) -> tuple[int, dict]:
        seat = next(iter(acting))
        return seat, bot.choose(_Blindfold(state), object(), seat, rng)

    return choose


def test_the_heuristic_bot_decides_from_its_view_and_legal_actions_only():
    for seed in range(3):
        state = GAME.new({}, seats=4, seed=seed)
        choose = _blindfolded(HeuristicBot(), Rng(seed))
        outcome = play_out(GAME, state, choose, max_steps=5000, clock=None)
        assert outcome.ending is Ending.FINISHED


def test_the_bots_are_registered_for_csh():
    assert bots.names("csh") == ("random", "easy", "hard", "heuristic", "normal")


def test_the_heuristic_bot_beats_random_players():
    players = [bots.get("heuristic", "csh")] + [bots.get("random", "csh")] * 3
    wins = sum(
        0 in play_game(GAME, {"draft": "random"}, 4, seed, players).result.winners
        for seed in range(80)
    )
    assert wins >= 44  # a fair share would be 20; over many games it wins about 68%


def test_the_heuristic_bot_answers_a_window_asked_of_everyone_at_once():
    """CSH-10: every seat is asked together; the bot holding a Cancel stops a big play by the
    leader, the others pass, and none of them turns auto-pass on (it is not a legal move)."""
    table = Table(
        seats=3, hands={0: ["F1", "B3"], 1: ["B2", "B3"], 2: ["B3"]}, archives={0: [["E5"]]}
    )
    table.play(0, "F1")  # Financial Director: an extra turn
    bot, rng = HeuristicBot(), Rng(1)
    answers = {seat: bot.choose(GAME, table.state, seat, rng) for seat in sorted(table.to_act())}
    assert answers[0] == answers[2] == {"type": "pass"}
    assert answers[1]["type"] == "react" and table.kind(answers[1]["card"]) == "B2"


def _expected_actions(state, seat: int) -> float:
    return _Table(GAME.sight(state, seat), seat).actions_left


def test_the_heuristic_expects_fewer_turns_early_in_the_order_than_late():
    """CSH-16: the game ends with the round in which the Election is drawn, so with the same
    deck the starting player on his turn has fewer turns to come than the last player on his
    (whose turn is always a round's last): 2 * (seats - 1) / seats actions fewer."""
    for seats in (3, 5, 8):
        state = GAME.new({"draft": "random"}, seats=seats, seed=seats)
        starting = _expected_actions(state, state.start)
        state.current = last = (state.start - 1) % seats
        assert _expected_actions(state, last) - starting == pytest.approx(2 * (seats - 1) / seats)


def test_the_heuristic_counts_no_catch_up_card_as_drawn_in_play():
    """CSH-31's catch-up cards come from the deck before play; on the first turn, with no card
    drawn in play yet, the estimate assumes one card a turn at every count."""
    for seats in (2, 5, 7):
        state = GAME.new({"draft": "random"}, seats=seats, seed=seats)
        turns = len(state.deck) - ELECTION_DEPTH  # one card a turn down to the Election's cards
        rounds = turns / seats - (seats - 1) / (2 * seats)
        assert _expected_actions(state, state.start) == pytest.approx(2 + 2 * rounds)
