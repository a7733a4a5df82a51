"""RB-11 and F11 (the discards become the hand again, unshuffled, and passes are counted),
RB-4 and RB-12 (winning the moment stock, hand and discards are empty, mid-turn)."""

from __future__ import annotations

from cardtable.games.russian_bank.position import cards, position

from .helpers import GAME, ids, move, refused, top, turn

TURN_HAND = {"type": "turn", "pile": "hand:0"}


def discard_hand_card(state, seat: int) -> None:
    turn(state, seat, f"hand:{seat}")
    move(state, seat, f"turned:{seat}", f"discard:{seat}")


def test_rb11_f11_discards_turn_over_unshuffled_first_discard_on_top():
    state = position(
        stock=[["KC.1"], ["KD.1"]], hand=[[], ["2D"]], discard=[["5C", "9H", "3S"], []]
    )
    events = turn(state, 0, "hand:0")
    assert events[0].type == "hand-renewed"
    assert top(state, "turned:0") == cards(["5C"])[0]  # the first card discarded comes first
    assert ids(state, "hand:0") == cards(["3S", "9H"])
    assert ids(state, "discard:0") == []


def test_rb11_the_discards_are_not_turned_over_before_a_hand_card_is_needed():
    state = position(stock=[["KC.1"], ["KD.1"]], hand=[["2C"], ["2D"]], discard=[["5C"], []])
    turn(state, 0, "hand:0")
    assert ids(state, "discard:0") == cards(["5C"]) and ids(state, "hand:0") == []


def test_rb11_a_pass_is_complete_when_the_hand_is_exhausted():
    state = position(stock=[["KC.1"], ["KD.1"]], hand=[["2C", "3C"], ["2D", "3D", "4D"]])
    discard_hand_card(state, 0)
    discard_hand_card(state, 1)
    assert state.passes == [0, 0]
    turn(state, 0, "hand:0")
    assert state.passes == [1, 0]
    assert GAME.view(state, 1)["public"]["players"][0]["passes"] == 1
    move(state, 0, "turned:0", "discard:0")
    discard_hand_card(state, 1)
    discard_hand_card(state, 0)  # the renewed hand of two cards: its first card
    discard_hand_card(state, 1)
    assert state.passes == [1, 1]
    discard_hand_card(state, 0)
    assert state.passes == [2, 1]


def test_rb11_no_cards_to_turn_when_hand_and_discards_are_empty():
    state = position(stock=[["KC.1"], ["KD.1"]], hand=[[], ["2D"]])
    assert refused(state, 0, TURN_HAND) == "no-cards"


def test_rb12_rb4_a_player_wins_mid_turn_with_his_own_layout_cards_still_out():
    state = position(
        layout=[["10H"], ["KC"], ["QC"]],
        centre=[["AS", "2S"]],
        stock=[["3S"], ["KD.1", "QS.1"]],
        hand=[[], ["2D.1"]],
    )
    events = move(state, 0, "stock:0", "centre:0")
    assert GAME.result(state) is not None and GAME.result(state).winners == (0,)
    assert state.turn == 0  # the turn never ended
    assert [e.type for e in events][-2:] == ["deal-ended", "game-ended"]
    assert GAME.to_act(state) == frozenset() and GAME.legal(state, 0) == []
    assert refused(state, 1, {"type": "resign"}) == "game-over"


def test_rb12_the_turned_hand_card_is_still_a_card_to_get_rid_of():
    state = position(layout=[["10H"]], stock=[[], ["KD.1"]], hand=[["9S", "2C"], ["2D.1"]])
    turn(state, 0, "hand:0")
    move(state, 0, "turned:0", "discard:0")
    assert GAME.result(state) is None
    state = position(layout=[["10H"]], stock=[[], ["KD.1"]], hand=[["9S"], ["2D.1"]])
    turn(state, 0, "hand:0")
    assert GAME.result(state) is None
    move(state, 0, "turned:0", "layout:0")
    assert GAME.result(state).winners == (0,)
