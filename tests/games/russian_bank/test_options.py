"""The option flags the rulings name (D5, D6, D8), the modes of RB-22, the match of RB-18 and
D12, and option validation."""

from __future__ import annotations

import pytest

from cardtable.games.russian_bank.position import cards, position

from .helpers import GAME, ids, move, move_action, refused, turn

TURN_HAND = {"type": "turn", "pile": "hand:0"}


def test_d5_strict_stock_to_centre_first():
    piles = {
        "layout": [["2H"]],
        "centre": [["AH"], ["AS"]],
        "stock": [["KC.1", "2S"], ["KD.1"]],
        "hand": [["2C.1"], ["2D.1"]],
    }
    loose = position("assisted", **piles)
    move(loose, 0, "layout:0", "centre:0")
    strict = position({"mode": "assisted", "strictStockToCentreFirst": True}, **piles)
    assert refused(strict, 0, move_action("layout:0", "centre:0")) == "centre-first"
    move(strict, 0, "stock:0", "centre:1")
    move(strict, 0, "layout:0", "centre:0")


def test_d5_classic_a_centre_play_before_the_stock_is_stopped():
    strict = position(
        {"strictStockToCentreFirst": True},
        layout=[["2H"]],
        centre=[["AH"], ["AS"]],
        stock=[["KC.1", "2S"], ["KD.1"]],
        hand=[["2C.1"], ["2D.1"]],
    )
    move(strict, 0, "layout:0", "centre:0")
    assert strict.window.rule == "S1"
    stops = [a for a in GAME.legal(strict, 1) if a["type"] == "stop"]
    assert {"type": "stop", "from": "stock:0", "to": "centre:1"} in stops


def test_d6_stock_fills_spaces_before_the_hand():
    layout = [["10D"], [], ["KS"], ["KH"], ["QS"], ["QH"], ["JS"], ["JH.1"]]
    piles = {"layout": layout, "stock": [["KC.1", "4S"], ["KD.1"]], "hand": [["2C", "3H"], ["2D"]]}
    loose = position("assisted", **piles)
    turn(loose, 0, "hand:0")  # RB-10: filling a space is never compulsory by default
    strict = position({"mode": "assisted", "stockFillsSpaces": True}, **piles)
    assert refused(strict, 0, TURN_HAND) == "stock-first"
    move(strict, 0, "stock:0", "layout:1")
    turn(strict, 0, "hand:0")


def test_d8_own_waste_available():
    piles = {
        "layout": [["10D"]],
        "stock": [["KC.1"], ["KD.1"]],
        "hand": [["2C"], ["2D"]],
        "discard": [["9S"], []],
    }
    state = position({"ownWasteAvailable": True}, **piles)
    move(state, 0, "discard:0", "layout:0")
    assert ids(state, "layout:0") == cards(["10D", "9S"]) and ids(state, "discard:0") == []


def test_rb22_mode_choices_and_presets():
    assert GAME.presets == ("default", "assisted", "match")
    assert GAME.options(None)["mode"] == "classic"
    assert GAME.options("assisted")["mode"] == "assisted"
    with pytest.raises(ValueError):
        GAME.options({"mode": "lenient"})


def test_d12_a_target_needs_several_deals():
    with pytest.raises(ValueError, match="target"):
        GAME.options({"target": 300})
    assert GAME.options({"target": 300, "deals": 20})["target"] == 300


def test_rb18_a_match_is_several_deals_in_one_state_for_so_much_a_point():
    state = GAME.new("match", 2, seed=5)
    for number in range(1, 5):
        assert state.deal_no == number and GAME.result(state) is None
        events = GAME.apply(state, 1, {"type": "resign"})
    assert [e.type for e in events][-2:] == ["deal-ended", "game-ended"]
    result = GAME.result(state)
    assert result.reason == "match" and result.winners == (0,)
    assert [d["reason"] for d in result.detail["deals"]] == ["resignation"] * 4
    assert result.scores[0] == sum(d["points"][0] for d in result.detail["deals"])
    assert GAME.view(state, 0)["public"]["points"] == list(result.scores)


def test_d12_the_match_ends_when_a_player_reaches_the_target():
    state = GAME.new({"deals": 10, "target": 100}, 2, seed=5)
    GAME.apply(state, 1, {"type": "resign"})  # 50 + 2 * 12 + 36 = 110 at once
    result = GAME.result(state)
    assert result.reason == "match" and result.scores == (110, 0)
    assert len(result.detail["deals"]) == 1


def test_rb18_a_new_deal_starts_clean_after_one_ends():
    state = GAME.new("match", 2, seed=6)
    events = GAME.apply(state, 0, {"type": "resign"})
    assert [e.type for e in events] == ["resigned", "deal-ended", "deal-started"]
    assert state.deal_no == 2 and state.passes == [0, 0] and state.window is None
    public = GAME.view(state, 0)["public"]
    assert public["points"] == [0, 110] and public["history"][0]["winner"] == 1
    assert all(p["stock"] == {"count": 12, "top": None} for p in public["players"])
