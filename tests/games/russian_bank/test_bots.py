"""The Russian Bank bots: `heuristic` plays the centre first, loads the opponent, makes room
for its stock, calls Stop (RB-13), keeps the order of play, sees only its own view, and beats
`random`."""

from __future__ import annotations

from cardtable import bots
from cardtable.engine import Rng
from cardtable.games.russian_bank.piles import HAND
from cardtable.games.russian_bank.position import position
from cardtable.sim import play_game

from .helpers import GAME, move

HEURISTIC = bots.get("heuristic", "russian-bank")
FULL_LAYOUT = [["10D"], ["KS"], ["KH"], ["QS"], ["QH"], ["JS"], ["JH.1"], ["5C"]]


def choice(state, seat: int = 0) -> dict:
    return HEURISTIC.choose(GAME, state, seat, Rng(0))


def test_both_bots_are_registered():
    assert bots.names("russian-bank") == ("random", "easy", "hard", "heuristic", "normal")


def test_heuristic_plays_to_the_centre_first_own_cards_before_layout_cards():
    state = position(
        layout=[["AD"], *FULL_LAYOUT[1:]],
        stock=[["KC.1", "AS"], ["KD.1"]],
        hand=[["2C"], ["2D"]],
    )
    assert choice(state) == {"type": "move", "from": "stock:0", "to": "centre:0"}


def test_heuristic_loads_the_opponent_with_its_own_cards():
    state = position(
        layout=FULL_LAYOUT,
        stock=[["KC.1", "4S"], ["KD.1"]],
        hand=[["2C"], ["2D"]],
        discard=[[], ["3S"]],
    )
    assert choice(state) == {"type": "move", "from": "stock:0", "to": "discard:1"}


def test_heuristic_empties_a_pile_to_make_room_for_its_stock_card():
    layout = [["10H"], ["9S"], ["KH"], ["KD"], ["KS"], ["KC"], ["KH.1"], ["KD.1"]]
    state = position(layout=layout, stock=[["KC.1", "8C"], ["KS.1"]], hand=[["2C"], ["2D"]])
    assert choice(state) == {"type": "move", "from": "layout:1", "to": "layout:0"}
    move(state, 0, "layout:1", "layout:0")
    assert choice(state) == {"type": "move", "from": "stock:0", "to": "layout:1"}


def test_heuristic_declares_done_with_only_its_stock_left():
    layout = [["10H"], ["5C"], ["KH"], ["KD"], ["KS"], ["KC"], ["KH.1"], ["KD.1"]]
    state = position(layout=layout, stock=[["KC.1", "2S"], ["KS.1"]], hand=[[], ["2D"]])
    assert choice(state) == {"type": "end-turn"}


def test_heuristic_calls_stop_when_the_opponent_errs():
    state = position(
        layout=[["9S"], ["8H"], ["AD"], *FULL_LAYOUT[3:]],
        stock=[["KC.1"], ["KD.1"]],
        hand=[["2C"], ["2D"]],
    )
    move(state, 0, "layout:1", "layout:0")  # S1: the ace of diamonds was waiting
    assert choice(state, seat=1) == {"type": "stop"}


def test_heuristic_sees_only_its_own_view():
    state = GAME.new(None, 2, seed=8)
    twin = GAME.clone(state)
    for seat in (0, 1):
        Rng(seat).shuffle(twin.piles[HAND[seat]])  # the hidden hands differ
    assert GAME.view(state, state.turn) == GAME.view(twin, state.turn)
    rng = Rng(1)
    while GAME.result(state) is None and state.turn == twin.turn:
        seat = state.turn
        action = HEURISTIC.choose(GAME, state, seat, rng)
        assert action == HEURISTIC.choose(GAME, twin, seat, rng)
        if action["type"] == "turn" and action["pile"].startswith("hand"):
            break  # the turned cards differ from here on
        GAME.apply(state, seat, action)
        GAME.apply(twin, seat, action)


def test_heuristic_keeps_the_order_of_play_in_classic_mode():
    for seed in range(6):
        state = GAME.new({"stockFillsSpaces": True, "ownWasteAvailable": True}, 2, seed=seed)
        players, rng = [HEURISTIC, bots.get("random", "russian-bank")], Rng(seed)
        while GAME.result(state) is None:
            seat = rng.choice(sorted(GAME.to_act(state)))
            GAME.apply(state, seat, players[seat].choose(GAME, state, seat, rng))
            assert state.window is None or state.window.offender == 1


def test_heuristic_beats_random():
    players = [HEURISTIC, bots.get("random", "russian-bank")]
    options = GAME.options(None)
    wins = sum(
        play_game(GAME, options, 2, seed, players).result.winners == (0,) for seed in range(20)
    )
    assert wins >= 16


def test_two_heuristics_finish_their_games():
    options = GAME.options("assisted")
    for seed in range(5):
        played = play_game(GAME, options, 2, seed, [HEURISTIC, HEURISTIC])
        assert played.result.reason in ("win", "draw") and played.steps < 5_000
