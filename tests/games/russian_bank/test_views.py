"""RB-15 and F2 (face-down cards are hidden even from their owner), RB-16, F3 and F4 (your own
discards are yours to look through; the opponent sees their top card unless you spread them;
spreading is never a move)."""

from __future__ import annotations

import json

from cardtable.engine import OMNISCIENT
from cardtable.games.russian_bank.position import card, cards, position
from game_contract import card_ids

from .helpers import GAME, all_cards, move, refused, turn


def discards_position():
    return position(
        layout=[["AD"], ["9S"], ["8H"]],
        stock=[["KC.1", "5S", "6S"], ["KD.1", "2H.1"]],
        stock_up=(True, False),
        hand=[["2C", "7D"], ["2D.1", "3D.1"]],
        discard=[["4C", "9C", "JD"], ["5D", "6H"]],
    )


def test_rb15_f2_face_down_cards_are_in_nobodys_view():
    state = GAME.new(None, 2, seed=3)
    secret = card_ids(GAME.view(state, OMNISCIENT)["secret"])
    assert len(secret) == 2 * 48
    for seat in (0, 1, None):
        assert not secret & card_ids(GAME.view(state, seat))


def test_rb15_stock_shows_its_count_and_top_only_when_face_up():
    state = discards_position()
    players = GAME.view(state, None)["public"]["players"]
    assert players[0]["stock"]["count"] == 3 and players[0]["stock"]["top"]["id"] == card("6S")
    assert players[1]["stock"] == {"count": 2, "top": None}
    assert card_ids(GAME.view(state, OMNISCIENT)["secret"]["stock"]) == set(
        cards(["KC.1", "5S", "KD.1", "2H.1"])
    )


def test_rb15_layout_and_centre_are_fully_visible():
    state = position(layout=[["KS", "QH", "JC"]], centre=[["AH", "2H"]], stock=[["5C"], ["5D"]])
    public = GAME.view(state, 1)["public"]
    assert [c["id"] for c in public["layout"][0]] == cards(["KS", "QH", "JC"])
    assert [c["id"] for c in public["centre"][0]] == cards(["AH", "2H"])


def test_rb16_f3_own_discards_in_order_opponent_sees_top_and_count():
    state = discards_position()
    mine = GAME.view(state, 0)
    assert [c["id"] for c in mine["you"]["discard"]] == cards(["4C", "9C", "JD"])
    theirs = GAME.view(state, 1)
    assert card("9C") not in card_ids(theirs) and card("4C") not in card_ids(theirs)
    pile = theirs["public"]["players"][0]["discard"]
    assert pile["count"] == 3 and pile["top"]["id"] == card("JD") and pile["spread"] is None


def test_rb16_f3_spreading_shows_the_discards_to_both_until_squared():
    state = discards_position()
    GAME.apply(state, 1, {"type": "spread"})  # off turn: spreading is not a move
    spread = GAME.view(state, 0)["public"]["players"][1]["discard"]["spread"]
    assert [c["id"] for c in spread] == cards(["5D", "6H"])
    assert refused(state, 1, {"type": "spread"}) == "already-spread"
    GAME.apply(state, 1, {"type": "square"})
    assert card("5D") not in card_ids(GAME.view(state, 0))
    assert refused(state, 1, {"type": "square"}) == "not-spread"


def test_f4_spreading_is_never_a_move_even_with_a_centre_play_pending():
    state = discards_position()
    GAME.apply(state, 0, {"type": "spread"})
    assert state.window is None and state.turn == 0 and state.t_turned == 0
    move(state, 0, "layout:2", "layout:1")  # an error: now the window is open
    GAME.apply(state, 1, {"type": "spread"})  # the opponent spreads: the window stays open
    assert state.window is not None and state.window.offender == 0


def test_rb16_nothing_to_spread_and_a_renewed_hand_is_no_longer_spread():
    state = position(stock=[["KC.1"], ["KD.1"]], hand=[[], ["2D"]], discard=[["5C", "9H"], []])
    assert refused(state, 1, {"type": "spread"}) == "empty-pile"
    GAME.apply(state, 0, {"type": "spread"})
    turn(state, 0, "hand:0")
    assert not state.spread[0]
    assert GAME.view(state, 1)["public"]["players"][0]["discard"]["spread"] is None


def test_views_are_plain_json_and_hold_every_card_once():
    state = discards_position()
    omni = GAME.view(state, OMNISCIENT)
    assert json.loads(json.dumps(omni)) == omni
    ids = [c["id"] for c in all_cards(omni)]
    assert len(ids) == len(set(ids)) == sum(len(pile) for pile in state.piles)
