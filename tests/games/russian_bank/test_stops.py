"""RB-13 and D14: the law of stops (S1 to S4), the window, and a stop's exact effect; D7 (only
order-of-play errors are stopped). Classic mode, the default."""

from __future__ import annotations

import pytest

from cardtable.games.russian_bank.position import card, cards, position

from .helpers import GAME, ids, move, move_action, refused, top, turn

STOP = {"type": "stop"}


def s1_position(**changes):
    """Seat 0 on turn with the ace of diamonds waiting for the centre."""
    piles = {
        "layout": [["9S"], ["8H"], ["AD"], ["QC"]],
        "stock": [["KC.1", "5S"], ["KD.1", "2H.1"]],
        "hand": [["2C", "7D", "JH"], ["2D.1", "3D.1"]],
    }
    piles.update(changes)
    return position(**piles)


def test_rb13_s1_stop_during_the_offenders_turn_undoes_the_move_and_ends_his_turn():
    state = s1_position()
    move(state, 0, "layout:1", "layout:0")  # S1: the ace could go to the centre
    assert state.window.rule == "S1" and GAME.to_act(state) == {0, 1}
    assert GAME.view(state, 1)["you"]["stop"] == "S1"
    assert GAME.view(state, 0)["you"]["stop"] is None
    events = GAME.apply(state, 1, STOP)
    assert [e.type for e in events] == ["stopped", "turn-started"]
    assert events[0].data == {"by": 1, "offender": 0, "rule": "S1"}
    assert ids(state, "layout:0") == cards(["9S"]) and ids(state, "layout:1") == cards(["8H"])
    assert state.turn == 1 and state.window is None and GAME.to_act(state) == {1}
    move(state, 1, "layout:2", "centre:0")  # RB-13: the caller makes the missed play himself


def test_rb13_everything_after_the_error_is_undone_and_a_turned_card_is_discarded():
    state = s1_position(layout=[["9S"], ["8H"], [], ["QC"]], hand=[["2C", "7D", "AH"], ["2D"]])
    turn(state, 0, "hand:0")  # the ace of hearts: it must go to the centre
    move(state, 0, "layout:1", "layout:0")  # S1
    move(state, 0, "turned:0", "centre:0")
    turn(state, 0, "hand:0")
    move(state, 0, "turned:0", "discard:0")  # the turn ends; the window stays open
    assert state.turn == 1 and STOP in GAME.legal(state, 1)
    GAME.apply(state, 1, STOP)
    assert ids(state, "layout:0") == cards(["9S"]) and ids(state, "centre:0") == []
    assert ids(state, "hand:0") == cards(["2C", "7D"])  # 7D goes back face down
    assert ids(state, "discard:0") == cards(["AH"])  # the card turned before the error
    assert state.turn == 1


def test_rb13_s1_the_caller_may_require_the_offenders_own_card_to_go_to_the_centre():
    state = s1_position(layout=[["9S"], ["8H"], [], ["QC"]], hand=[["2C", "7D", "AH"], ["2D"]])
    turn(state, 0, "hand:0")
    move(state, 0, "layout:1", "layout:0")
    stops = [a for a in GAME.legal(state, 1) if a["type"] == "stop"]
    assert stops == [STOP] + [
        {"type": "stop", "from": "turned:0", "to": f"centre:{i}"} for i in range(8)
    ]
    GAME.apply(state, 1, stops[1])
    assert ids(state, "centre:0") == cards(["AH"]) and ids(state, "discard:0") == []
    assert state.turn == 1


def test_rb13_window_lapses_at_the_callers_first_move():
    state = s1_position()
    move(state, 0, "layout:1", "layout:0")
    turn(state, 0, "hand:0")
    move(state, 0, "turned:0", "discard:0")
    move(state, 1, "layout:2", "centre:0")  # his own first move: the stop lapses
    assert state.window is None
    assert refused(state, 1, STOP) == "no-stop"
    assert ids(state, "layout:0") == cards(["9S", "8H"])  # the erroneous move stands


def test_rb13_the_window_covers_a_wrong_final_discard():
    state = s1_position(layout=[["9S"], ["8H"], [], ["QC"]], hand=[["2C", "7D", "AH"], ["2D"]])
    turn(state, 0, "hand:0")
    move(state, 0, "turned:0", "discard:0")  # S1: the ace had to go to the centre
    assert state.turn == 1 and state.window.rule == "S1"
    GAME.apply(state, 1, {"type": "stop", "from": "turned:0", "to": "centre:2"})
    assert ids(state, "centre:2") == cards(["AH"]) and ids(state, "discard:0") == []
    assert state.turn == 1 and GAME.to_act(state) == {1}


def test_rb13_no_stop_without_an_error_nor_by_the_offender():
    state = s1_position(layout=[["9S"], ["8H"]])
    assert refused(state, 1, STOP) == "no-stop"
    move(state, 0, "layout:1", "layout:0")
    assert refused(state, 1, STOP) == "no-stop"
    state = s1_position()
    move(state, 0, "layout:1", "layout:0")
    assert refused(state, 0, STOP) == "no-stop"
    assert refused(state, 1, {"type": "stop", "from": "stock:0", "to": "centre:0"}) == "bad-stop"
    assert refused(state, 1, {"type": "stop", "pile": "x"}) == "bad-action"


def test_rb13_later_errors_in_the_turn_are_covered_by_the_first_window():
    state = s1_position()
    move(state, 0, "layout:1", "layout:0")
    first = state.window
    move(state, 0, "layout:3", "layout:1")  # another S1
    assert state.window is first
    GAME.apply(state, 1, STOP)
    assert ids(state, "layout:3") == cards(["QC"]) and ids(state, "layout:1") == cards(["8H"])


def test_rb13_a_stock_card_turned_stays_face_up():
    state = s1_position(stock=[["KC.1", "5S"], ["KD.1"]], stock_up=(False, False))
    turn(state, 0, "stock:0")  # S1: the ace first
    GAME.apply(state, 1, STOP)
    assert state.stock_up[0] and state.stock_top(0) == card("5S") and state.turn == 1


def test_rb13_s2_playing_the_looked_card_before_the_stock():
    state = s1_position(
        layout=[["9S"], ["KC"]],
        stock=[["KC.1", "5S"], ["KD.1"]],
        stock_up=(False, False),
        hand=[["2C", "QH"], ["2D"]],
    )
    turn(state, 0, "hand:0")  # the look: no error
    assert state.window is None
    move(state, 0, "turned:0", "layout:1")  # S2: the stock is still face down
    assert state.window.rule == "S2"
    assert [a for a in GAME.legal(state, 1) if a["type"] == "stop"] == [STOP]
    GAME.apply(state, 1, STOP)
    assert ids(state, "layout:1") == cards(["KC"]) and ids(state, "discard:0") == cards(["QH"])


def test_rb13_s3_changing_the_tableau_after_turning_both():
    state = s1_position(
        layout=[["9S"], ["8H"]],
        stock=[["KC.1", "5S"], ["KD.1"]],
        stock_up=(False, False),
    )
    turn(state, 0, "stock:0")
    turn(state, 0, "hand:0")
    assert state.window is None
    move(state, 0, "layout:1", "layout:0")
    assert state.window.rule == "S3"
    GAME.apply(state, 1, STOP)
    assert ids(state, "layout:0") == cards(["9S"]) and state.stock_up[0]
    assert ids(state, "hand:0") == cards(["2C", "7D"]) and ids(state, "discard:0") == cards(["JH"])


def test_rb13_s4_the_caller_must_have_the_compelled_stock_card_played():
    layout = [["9S"], ["10D"], ["KS"], ["KH"], ["QS"], ["QH"], ["JS"], ["JH.1"]]
    state = s1_position(layout=layout, stock=[["KC.1", "9C"], ["KD.1"]], passes=(2, 0))
    turn(state, 0, "hand:0")  # S4: after two passes the playable stock card must be played
    assert state.window.rule == "S4"
    stops = [a for a in GAME.legal(state, 1) if a["type"] == "stop"]
    assert stops == [{"type": "stop", "from": "stock:0", "to": "layout:1"}]
    assert refused(state, 1, STOP) == "bad-stop"
    GAME.apply(state, 1, stops[0])
    assert ids(state, "layout:1") == cards(["10D", "9C"]) and state.turn == 1
    assert ids(state, "hand:0") == cards(["2C", "7D", "JH"])


def test_d7_peeking_is_impossible_and_building_errors_open_no_window():
    state = s1_position(layout=[["9S"], ["9H"]])
    assert refused(state, 0, move_action("layout:1", "layout:0")) == "bad-build"
    assert refused(state, 0, {"type": "turn", "pile": "stock:1"}) == "bad-pile"
    assert state.window is None


@pytest.mark.parametrize("answer", ["stop", "accept-draw"])
def test_rb13_a_stop_or_an_answer_while_a_draw_is_offered(answer):
    state = s1_position()
    move(state, 0, "layout:1", "layout:0")
    GAME.apply(state, 0, {"type": "offer-draw"})
    assert GAME.to_act(state) == {1}
    assert {"type": "accept-draw"} in GAME.legal(state, 1) and STOP in GAME.legal(state, 1)
    GAME.apply(state, 1, {"type": answer})
    if answer == "stop":
        assert state.turn == 1 and state.draw_offer is None and GAME.result(state) is None
    else:
        assert GAME.result(state).reason == "draw"


def test_rb13_the_stop_button_shows_only_to_the_caller_while_open():
    state = s1_position()
    for seat in (0, 1):
        assert GAME.view(state, seat)["you"]["stop"] is None
    move(state, 0, "layout:1", "layout:0")
    turn(state, 0, "hand:0")
    assert top(state, "turned:0") == card("JH")
    assert GAME.view(state, 1)["you"]["stop"] == "S1"
