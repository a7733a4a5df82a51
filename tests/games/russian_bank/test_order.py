"""The order of play: RB-7 (centre, look, tableau, stock, hand), RB-8 (optional stock plays),
RB-9 and F5 (the single look), RB-17 (how a turn passes). Assisted mode refuses errors, so its
refusal codes name the rule; classic mode allows them and opens a stop window (RB-13)."""

from __future__ import annotations

from cardtable.games.russian_bank.position import card, position

from .helpers import GAME, ids, move, move_action, refused, top, turn

ASSISTED = "assisted"
TURN_HAND = {"type": "turn", "pile": "hand:0"}
TURN_STOCK = {"type": "turn", "pile": "stock:0"}
DISCARD = move_action("turned:0", "discard:0")


def plays(state, seat=0) -> list[dict]:
    return [a for a in GAME.legal(state, seat) if a["type"] in ("move", "turn", "end-turn")]


def test_rb7_1_centre_first_in_assisted_mode():
    state = position(
        ASSISTED,
        layout=[["AD"], ["9S"], ["8H"]],
        stock=[["KC.1"], ["KD.1"]],
        hand=[["2C.1"], ["2D.1"]],
    )
    assert plays(state) == [move_action("layout:0", f"centre:{i}") for i in range(8)]
    assert refused(state, 0, TURN_HAND) == "centre-first"
    assert refused(state, 0, move_action("layout:2", "layout:1")) == "centre-first"
    move(state, 0, "layout:0", "centre:3")
    assert TURN_HAND in plays(state)


def test_rb7_1_centre_first_covers_turning_the_stock():
    state = position(
        ASSISTED,
        layout=[["AD"]],
        stock=[["KC.1"], ["KD.1"]],
        stock_up=(False, True),
        hand=[["2C.1"], ["2D.1"]],
    )
    assert refused(state, 0, TURN_STOCK) == "centre-first"


def test_rb7_1_the_player_orders_his_centre_plays_freely():
    state = position(
        ASSISTED,
        layout=[["2H"]],
        centre=[["AH"], ["AS"]],
        stock=[["2S", "KC.1"], ["KD.1"]],
        hand=[["2C.1"], ["2D.1"]],
    )
    move(state, 0, "layout:0", "centre:0")  # before the stock's card: no stop (D5 is off)
    assert ids(state, "centre:0") == [card("AH"), card("2H")]


def test_rb7_4_the_next_stock_card_is_turned_up_at_once_and_stays_up():
    state = position(layout=[["10H"]], stock=[["KC.1", "9S"], ["KD.1"]], hand=[["2C"], ["2D"]])
    move(state, 0, "stock:0", "layout:0")
    assert GAME.view(state, 1)["public"]["players"][0]["stock"]["top"]["id"] == card("KC.1")
    turn(state, 0, "hand:0")
    move(state, 0, "turned:0", "discard:0")
    assert state.turn == 1 and state.stock_top(0) == card("KC.1")


def test_rb7_5_a_played_hand_card_lets_the_player_go_on_then_a_discard_ends_the_turn():
    state = position(layout=[["10H"]], stock=[["KC.1"], ["KD.1"]], hand=[["2C", "3C", "9S"], []])
    turn(state, 0, "hand:0")
    move(state, 0, "turned:0", "layout:0")
    turn(state, 0, "hand:0")
    assert state.turn == 0 and top(state, "turned:0") == card("3C")
    events = move(state, 0, "turned:0", "discard:0")
    assert state.turn == 1 and top(state, "discard:0") == card("3C")
    assert [e.type for e in events] == ["moved", "turn-started"]


def test_rb7_5_only_one_hand_card_is_out_at_a_time():
    state = position(stock=[["KC.1"], ["KD.1"]], hand=[["2C", "3C"], []])
    turn(state, 0, "hand:0")
    assert refused(state, 0, TURN_HAND) == "card-turned"


def test_rb7_6_end_turn_only_with_no_hand_and_no_discards():
    state = position(stock=[["KC.1", "QC"], ["KD.1"]], hand=[["2C"], ["2D"]])
    assert refused(state, 0, {"type": "end-turn"}) == "cards-left"
    state = position(stock=[["KC.1", "QC"], ["KD.1"]], hand=[[], ["2D"]])
    assert {"type": "end-turn"} in plays(state)
    GAME.apply(state, 0, {"type": "end-turn"})
    assert state.turn == 1


def test_rb8_stock_plays_other_than_to_the_centre_are_optional():
    state = position(
        ASSISTED,
        layout=[["10H"]],
        stock=[["KC.1", "9S"], ["KD.1"]],
        hand=[["2C"], ["2D"]],
    )
    assert move_action("stock:0", "layout:0") in plays(state)
    turn(state, 0, "hand:0")  # no refusal: the stock card may wait
    move(state, 0, "turned:0", "discard:0")
    assert state.turn == 1


def test_rb7_4_rb9_first_turn_stock_then_hand():
    state = position(
        ASSISTED,
        layout=[["10H"], ["QH"]],
        stock=[["KC.1", "9S"], ["KD.1"]],
        stock_up=(False, False),
        hand=[["2C", "JS"], ["2D"]],
    )
    turn(state, 0, "stock:0")
    move(state, 0, "stock:0", "layout:0")
    turn(state, 0, "hand:0")
    move(state, 0, "turned:0", "layout:1")
    assert ids(state, "layout:1") == [card("QH"), card("JS")]


def test_rb9_f5_the_look_at_the_hand_before_the_stock():
    state = position(
        ASSISTED,
        layout=[["10H"], ["QD"], ["JS.1"]],
        stock=[["KC.1", "9S"], ["KD.1"]],
        stock_up=(False, False),
        hand=[["2C", "JS"], ["2D"]],
    )
    turn(state, 0, "hand:0")  # the single look, though the stock is face down
    assert refused(state, 0, move_action("turned:0", "layout:1")) == "stock-first"
    assert refused(state, 0, DISCARD) == "stock-first"
    move(state, 0, "layout:2", "layout:1")  # a tableau change after the look
    turn(state, 0, "stock:0")
    move(state, 0, "layout:1", "layout:2")  # one look, then a change: more changes are fine
    move(state, 0, "turned:0", "layout:1")  # the stock is dealt with: the hand card may play
    assert state.t_looks == 0


def test_rb9_f5_not_both_before_changing_the_tableau():
    state = position(
        ASSISTED,
        layout=[["10H"], ["QD"], ["JS.1"]],
        stock=[["KC.1", "9S"], ["KD.1"]],
        stock_up=(False, False),
        hand=[["2C", "3C"], ["2D"]],
    )
    turn(state, 0, "stock:0")
    turn(state, 0, "hand:0")  # both cards seen, the tableau untouched
    assert refused(state, 0, move_action("layout:2", "layout:1")) == "one-look"
    move(state, 0, "stock:0", "layout:0")  # his stock and hand cards still play
    move(state, 0, "turned:0", "discard:0")


def test_rb9_a_second_look_at_the_hand_is_stock_first():
    state = position(
        ASSISTED,
        layout=[["10H"]],
        centre=[["AC"]],
        stock=[["KC.1", "9S"], ["KD.1"]],
        stock_up=(False, False),
        hand=[["2D", "2C"], ["2D.1"]],
    )
    turn(state, 0, "hand:0")
    move(state, 0, "turned:0", "centre:0")  # a looked card fitting the centre goes there
    assert refused(state, 0, TURN_HAND) == "stock-first"


def test_rb9_a_looked_card_that_fits_the_centre_must_go_there():
    state = position(
        ASSISTED,
        layout=[["10H"], ["QD"], ["JS.1"]],
        stock=[["KC.1", "9S"], ["KD.1"]],
        stock_up=(False, False),
        hand=[["2C", "AS"], ["2D"]],
    )
    turn(state, 0, "hand:0")
    assert plays(state) == [move_action("turned:0", f"centre:{i}") for i in range(8)]


def test_rb9_no_look_after_a_tableau_change():
    state = position(
        ASSISTED,
        layout=[["QD"], ["JS"]],
        stock=[["KC.1", "9S"], ["KD.1"]],
        stock_up=(False, False),
        hand=[["2C"], ["2D"]],
    )
    move(state, 0, "layout:1", "layout:0")
    assert refused(state, 0, TURN_HAND) == "stock-first"


def test_rb17_moves_do_not_pass_the_turn():
    state = position(
        layout=[["10D"], ["9S"], []],
        stock=[["KC.1", "8H"], ["KD.1"]],
        hand=[["2C"], ["2D"]],
    )
    move(state, 0, "layout:1", "layout:0")
    move(state, 0, "stock:0", "layout:0")
    move(state, 0, "layout:0", "layout:2")
    assert state.turn == 0 and GAME.to_act(state) == {0}
    assert refused(state, 1, TURN_HAND | {"pile": "hand:1"}) == "not-your-turn"


def test_rb22_classic_allows_order_errors_and_opens_a_stop_window():
    state = position(layout=[["AD"], ["9S"]], stock=[["KC.1"], ["KD.1"]], hand=[["2C"], ["2D"]])
    assert TURN_HAND in plays(state)
    turn(state, 0, "hand:0")
    assert state.window.rule == "S1" and GAME.to_act(state) == {0, 1}
    assert GAME.legal(state, 1)[0] == {"type": "stop"}
