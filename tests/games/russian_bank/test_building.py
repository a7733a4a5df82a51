"""RB-5 (available cards), RB-6 (building), RB-10 (spaces), RB-14 and F1 (building errors are
refused, never stopped), F6 and D13 (loading the opponent from any available card)."""

from __future__ import annotations

import pytest

from cardtable.games.russian_bank.position import card, cards, position

from .helpers import GAME, ids, move, move_action, refused, top


def simple(options=None, **piles):
    """Seat 0 on turn, both stocks face up, a hand each so that nobody wins by accident."""
    piles.setdefault("stock", [["KC.1"], ["KD.1"]])
    piles.setdefault("hand", [["2C.1"], ["2D.1"]])
    return position(options, **piles)


def test_rb5_any_layout_top_may_move_whoever_dealt_it():
    state = simple(layout=[["8S"], [], [], [], ["7H"]])
    move(state, 0, "layout:4", "layout:0")  # a card from seat 1's half of the layout
    assert ids(state, "layout:0") == [card("8S"), card("7H")]


def test_rb5_only_top_cards_of_available_piles_move():
    state = simple(layout=[["KS", "QH"], []], centre=[["AC"]], discard=[["3C"], ["4C"]])
    assert refused(state, 0, move_action("centre:0", "layout:1")) == "not-available"
    assert refused(state, 0, move_action("stock:1", "layout:1")) == "not-available"
    assert refused(state, 0, move_action("discard:1", "layout:1")) == "not-available"
    assert refused(state, 0, move_action("hand:0", "layout:1")) == "not-available"
    assert refused(state, 0, move_action("turned:1", "layout:1")) == "not-available"
    assert refused(state, 0, move_action("turned:0", "layout:1")) == "empty-pile"


def test_rb5_d8_own_discard_top_is_not_available_by_default():
    state = simple(layout=[[]], discard=[["3C"], []])
    assert refused(state, 0, move_action("discard:0", "layout:0")) == "not-available"


def test_rb5_stock_top_moves_only_once_face_up():
    state = simple(layout=[["10H"]], stock=[["9C", "9S"], ["9D"]], stock_up=(False, True))
    assert refused(state, 0, move_action("stock:0", "layout:0")) == "not-available"


@pytest.mark.parametrize(
    ("foundation", "played", "fits"),
    [
        ([], "AS", True),
        ([], "2S", False),
        (["AS"], "2S", True),
        (["AS"], "2C", False),
        (["AS", "2S"], "2S.1", False),
        (["AS"], "3S", False),
    ],
)
def test_rb6_centre_starts_with_an_ace_and_builds_up_in_suit(foundation, played, fits):
    state = simple(layout=[[played]], centre=[foundation])
    if fits:
        move(state, 0, "layout:0", "centre:0")
        assert top(state, "centre:0") == card(played)
    else:
        assert refused(state, 0, move_action("layout:0", "centre:0")) == "bad-centre"


def test_rb6_a_completed_foundation_is_closed():
    spades = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    state = simple(layout=[["AS.1"]], centre=[spades])
    assert refused(state, 0, move_action("layout:0", "centre:0")) == "bad-centre"


@pytest.mark.parametrize(
    ("under", "played", "fits"),
    [
        ("9H", "8S", True),
        ("9H", "8C", True),
        ("9H", "8D", False),
        ("9S", "8H", True),
        ("9S", "7H", False),
        ("9S", "10H", False),
    ],
)
def test_rb6_layout_builds_down_in_alternate_colours(under, played, fits):
    state = simple(layout=[[under], [played]])
    if fits:
        move(state, 0, "layout:1", "layout:0")
    else:
        assert refused(state, 0, move_action("layout:1", "layout:0")) == "bad-build"


def test_rb10_any_available_card_fills_a_space():
    state = simple(layout=[["KS", "QH"], [], []], stock=[["9C"], ["9D"]])
    move(state, 0, "layout:0", "layout:1")
    move(state, 0, "stock:0", "layout:2")
    assert ids(state, "layout:1") == [card("QH")] and ids(state, "layout:2") == [card("9C")]


def test_rb6_f6_loading_same_suit_one_up_or_down_changing_direction_freely():
    state = simple(layout=[["8C"], ["7C.1"]], stock=[["5H", "7C"], ["2S", "8C.1"]])
    move(state, 0, "stock:0", "stock:1")  # ♣7 on ♣8: descending on his stock
    move(state, 0, "layout:0", "stock:1")  # ♣8 on ♣7: the direction changes freely
    move(state, 0, "layout:1", "stock:1")  # ♣7 again
    assert ids(state, "stock:1")[-3:] == [card("7C"), card("8C"), card("7C.1")]


def test_f6_loading_the_opponents_discard_pile():
    state = simple(layout=[["10D"], ["8D"]], discard=[[], ["9D"]])
    move(state, 0, "layout:0", "discard:1")  # ascending
    assert refused(state, 0, move_action("layout:1", "discard:1")) == "bad-load"
    assert ids(state, "discard:1") == [card("9D"), card("10D")]


@pytest.mark.parametrize(
    ("target_top", "played"),
    [("KS", "AS"), ("AS", "KS"), ("5S", "5S.1"), ("5S", "6H")],
)
def test_rb6_loads_are_exactly_one_rank_apart_in_suit_without_wrapping(target_top, played):
    state = simple(layout=[[played]], discard=[[], [target_top]])
    assert refused(state, 0, move_action("layout:0", "discard:1")) == "bad-load"


def test_rb6_no_load_on_a_face_down_stock_or_an_empty_discard_pile():
    state = simple(layout=[["8D"]], stock=[["9C"], ["9D"]], stock_up=(True, False))
    assert refused(state, 0, move_action("layout:0", "stock:1")) == "bad-load"
    assert refused(state, 0, move_action("layout:0", "discard:1")) == "bad-load"


def test_rb6_no_loading_of_ones_own_piles():
    state = simple(layout=[["10C"], ["8C"]], stock=[["9C"], ["9D"]], discard=[["9C.1"], []])
    assert refused(state, 0, move_action("layout:0", "stock:0")) == "own-pile"
    assert refused(state, 0, move_action("layout:1", "discard:0")) == "bad-discard"


def test_d13_loading_from_stock_turned_card_and_layout():
    state = simple(
        layout=[["2S"]],
        stock=[["3S"], ["4S"]],
        turned=("6S", None),
        discard=[[], ["5S.1"]],
    )
    for source, target in [("stock:0", "stock:1"), ("turned:0", "discard:1")]:
        move(state, 0, source, target)
    move(state, 0, "layout:0", "stock:1")
    assert ids(state, "stock:1") == cards(["4S", "3S", "2S"])
    assert ids(state, "discard:1") == cards(["5S.1", "6S"])


def test_rb14_f1_building_errors_are_refused_in_classic_mode_with_no_stop():
    state = simple(layout=[["9H"], ["8H"]])
    assert refused(state, 0, move_action("layout:1", "layout:0")) == "bad-build"
    assert state.window is None and GAME.to_act(state) == {0}


def test_rb14_unknown_piles_and_malformed_moves_are_refused():
    state = simple(layout=[["9H"]])
    assert refused(state, 0, move_action("layout:9", "layout:0")) == "bad-pile"
    assert refused(state, 0, move_action("layout:0", "layout:0")) == "bad-target"
    assert refused(state, 0, move_action("layout:0", "hand:1")) == "bad-target"
    assert refused(state, 0, {"type": "move", "from": "layout:0"}) == "bad-action"
    assert refused(state, 0, {"type": "move", "from": 3, "to": "centre:0"}) == "bad-pile"
