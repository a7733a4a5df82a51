"""RB-21 and F10 to F12: the compulsions against stalling, after two and three passes; RB-8
(before that, plays other than to the centre are optional)."""

from __future__ import annotations

import pytest

from cardtable.games.russian_bank.position import cards, position

from .helpers import GAME, ids, move, move_action, refused, turn

TURN_HAND = {"type": "turn", "pile": "hand:0"}
DISCARD = move_action("turned:0", "discard:0")
# Eight layout piles, none of which takes a black nine or the hearts below.
LAYOUT = [["10D"], ["KS"], ["KH"], ["QS"], ["QH"], ["JS"], ["JH.1"], ["5C"]]


def compel_position(passes, mode="assisted", **changes):
    piles = {
        "layout": LAYOUT,
        "stock": [["KC.1", "9C"], ["KD.1"]],
        "hand": [["2C", "3H"], ["2D"]],
    }
    piles.update(changes)
    return position(mode, passes=passes, **piles)


@pytest.mark.parametrize("passes", [0, 1])
def test_rb8_f12_before_two_passes_the_stock_card_may_wait(passes):
    state = compel_position((passes, 0))
    turn(state, 0, "hand:0")
    move(state, 0, "turned:0", "discard:0")
    assert state.turn == 1


def test_rb21_f12_after_two_passes_a_playable_stock_card_must_be_played():
    state = compel_position((2, 0))
    assert refused(state, 0, TURN_HAND) == "compelled"
    move(state, 0, "stock:0", "layout:0")
    turn(state, 0, "hand:0")


def test_rb21_f12_after_two_passes_before_declaring_done_too():
    state = compel_position((2, 0), hand=[[], ["2D"]])
    assert refused(state, 0, {"type": "end-turn"}) == "compelled"
    move(state, 0, "stock:0", "layout:0")
    GAME.apply(state, 0, {"type": "end-turn"})
    assert state.turn == 1 and state.passes[0] == 3  # RB-7.6: done counts as a pass


def test_rb21_after_two_passes_an_unplayable_stock_card_does_not_hold_him():
    state = compel_position((2, 0), stock=[["KC.1", "9H"], ["KD.1"]])
    turn(state, 0, "hand:0")


def test_rb21_after_two_passes_the_hand_card_may_still_be_discarded():
    state = compel_position((2, 0), stock=[["KC.1", "9H"], ["KD.1"]], hand=[["2C", "4S"], []])
    turn(state, 0, "hand:0")
    assert move_action("turned:0", "layout:5") not in GAME.legal(state, 0)
    state = compel_position((2, 0), stock=[["KC.1", "9H"], ["KD.1"]], hand=[["2C", "10S"], []])
    turn(state, 0, "hand:0")
    move(state, 0, "turned:0", "discard:0")  # 10S could go on JH: optional after two passes


def test_rb21_f11_after_three_passes_the_turned_card_must_be_played():
    state = compel_position((3, 0), stock=[["KC.1", "9H"], ["KD.1"]], hand=[["2C", "10S"], []])
    turn(state, 0, "hand:0")
    assert refused(state, 0, DISCARD) == "compelled"
    move(state, 0, "turned:0", "layout:6")
    assert ids(state, "layout:6") == cards(["JH.1", "10S"])


def test_rb21_f10_after_three_passes_an_exposed_discard_top_must_be_played_d8():
    options = {"mode": "assisted", "ownWasteAvailable": True}
    state = compel_position(
        (3, 0),
        mode=options,
        stock=[["KC.1", "8S"], ["KD.1"]],
        discard=[["10S"], []],
    )
    assert refused(state, 0, TURN_HAND) == "compelled"
    move(state, 0, "discard:0", "layout:6")
    turn(state, 0, "hand:0")


def test_rb21_layout_cards_are_never_compelled():
    state = compel_position(
        (3, 3),
        layout=[*LAYOUT[:7], ["9C.1"]],
        stock=[["KC.1", "9H"], ["KD.1"]],
    )
    assert move_action("layout:7", "layout:0") in GAME.legal(state, 0)
    turn(state, 0, "hand:0")


def test_rb21_classic_a_refused_compulsion_is_stop_s4_and_the_card_is_then_played():
    state = compel_position(
        (3, 0), mode="default", stock=[["KC.1", "9H"], ["KD.1"]], hand=[["2C", "10S"], []]
    )
    turn(state, 0, "hand:0")
    move(state, 0, "turned:0", "discard:0")
    assert state.window.rule == "S4" and state.turn == 1
    stops = [a for a in GAME.legal(state, 1) if a["type"] == "stop"]
    assert stops == [{"type": "stop", "from": "turned:0", "to": "layout:6"}]
    GAME.apply(state, 1, stops[0])
    assert ids(state, "layout:6") == cards(["JH.1", "10S"]) and ids(state, "discard:0") == []
