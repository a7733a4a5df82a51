"""The position builder (`russian_bank.position`) and the state it builds: what it names is what
the state holds, positions no deal can reach are refused, and a clone shares nothing mutable."""

from __future__ import annotations

from dataclasses import fields

import pytest

from cardtable.engine import OMNISCIENT
from cardtable.games.russian_bank.position import card, cards, position
from cardtable.games.russian_bank.state import Phase

from .helpers import GAME, all_cards, ids, top


def test_cards_are_written_rank_then_suit_with_the_pack_after_a_dot():
    assert card("AC") == 0 and card("KS") == 51 and card("10H") == 2 * 13 + 9
    assert card("AC.1") == 52 and cards(["2D", "QS.1"]) == [13 + 1, 52 + 39 + 11]
    for wrong in ("", "C", "1C", "14C", "0H", "7X", "AC.2", "AC.", "A", "JJ", "7H.x"):
        with pytest.raises(ValueError, match="not a card"):
            card(wrong)


def test_a_position_holds_exactly_the_cards_named_where_they_are_named():
    state = position(
        "assisted",
        turn=1,
        layout=[["KS", "QH"], [], ["9C"]],
        centre=[[], ["AD", "2D"]],
        stock=[["3S", "4S"], ["KC.1"]],
        stock_up=(False, True),
        hand=[["2C"], ["2H", "3H"]],
        turned=(None, "5C"),
        discard=[["9H"], ["7S", "8S"]],
        passes=(1, 2),
    )
    assert ids(state, "layout:0") == cards(["KS", "QH"]) and ids(state, "layout:1") == []
    assert top(state, "centre:1") == card("2D") and top(state, "turned:1") == card("5C")
    assert state.stock_top(0) is None and state.stock_top(1) == card("KC.1")
    assert state.turn == 1 and state.passes == [1, 2] and state.phase is Phase.PLAYING
    assert not state.classic and GAME.to_act(state) == {1}
    named = ["KS", "QH", "9C", "AD", "2D", "3S", "4S", "KC.1", "2C", "2H", "3H", "5C", "9H"]
    named += ["7S", "8S"]
    held = sorted(c["id"] for c in all_cards(GAME.view(state, OMNISCIENT)))
    assert held == sorted(cards(named))


@pytest.mark.parametrize(
    ("description", "message"),
    [
        ({"layout": [["7H"]], "hand": [["7H"], []]}, "named twice"),
        ({"stock": [["QD.1"], ["QD.1"]]}, "named twice"),
        ({"layout": [["9S", "9H"]]}, "layout pile builds down"),
        ({"layout": [["9S", "8S"]]}, "layout pile builds down"),
        ({"centre": [["2S"]]}, "foundation builds up"),
        ({"centre": [["AS", "2H"]]}, "foundation builds up"),
        ({"layout": [["KS"]] * 9}, "eight layout piles"),
        ({"turn": 2}, "seat on turn"),
        ({"hand": [["1S"], []]}, "not a card"),
    ],
)
def test_a_position_no_deal_can_reach_is_refused(description, message):
    with pytest.raises(ValueError, match=message):
        position(**description)


def test_options_are_checked_as_a_new_game_checks_them():
    with pytest.raises(ValueError):
        position({"target": 300})  # a target needs a match of several deals
    assert position({"deals": 3, "target": 300}).options["target"] == 300


def test_a_clone_shares_no_mutable_field_with_its_original():
    state = position(
        layout=[["KS"]], stock=[["3S"], ["KC.1"]], hand=[["2C"], ["2H"]], discard=[["9H"], []]
    )
    twin = state.clone()
    for field in fields(state):
        value = getattr(state, field.name)
        if isinstance(value, list | dict) and field.name != "options":  # options: never changed
            assert getattr(twin, field.name) is not value, field.name
    assert all(a is not b for a, b in zip(twin.piles, state.piles, strict=True))
    assert GAME.view(twin, OMNISCIENT) == GAME.view(state, OMNISCIENT)
