"""How a deal ends: RB-18 and F7 (scoring a win), RB-19 and F8 (resignation with the forfeit),
RB-20 and F9 (the draw, detected or agreed; D10 stalemate scoring), and our no-progress limit."""

from __future__ import annotations

import pytest

from cardtable.games.russian_bank.position import position
from cardtable.games.russian_bank.watch import STALE_TURNS

from .helpers import GAME, move, refused, turn

# Eight layout piles that take none of the cards below, nor each other.
LAYOUT = [["10D"], ["KS"], ["KH"], ["QS"], ["QH"], ["JS"], ["JH.1"], ["5C"]]


def test_rb18_f7_winner_scores_30_plus_2_per_stock_card_plus_1_per_hand_and_discard_card():
    state = position(
        layout=LAYOUT,
        centre=[["AS", "2S"]],
        stock=[["3S"], ["KC.1", "QD.1", "8C"]],
        stock_up=(True, False),  # face up or not
        hand=[[], ["2D", "3D", "4D", "6D"]],
        discard=[[], ["7S", "8S"]],
    )
    move(state, 0, "stock:0", "centre:0")
    result = GAME.result(state)
    assert result.reason == "win" and result.winners == (0,)
    assert result.scores == (30 + 2 * 3 + 4 + 2, 0)
    assert GAME.public_view(state)["history"][0]["points"] == [42, 0]


@pytest.mark.parametrize("resigner", [0, 1])
def test_rb19_f8_resigning_pays_the_forfeit_of_20_on_top_of_a_lost_game(resigner):
    state = position(
        layout=LAYOUT,
        stock=[["3S", "4S"], ["KC.1", "QD.1", "8C"]],
        hand=[["2C"], ["2D", "3D", "4D", "6D"]],
        discard=[["9C"], ["7S", "8S"]],
    )
    owed = {0: 2 * 2 + 1 + 1, 1: 2 * 3 + 4 + 2}[resigner]
    events = GAME.apply(state, resigner, {"type": "resign"})  # on turn or not: any time
    result = GAME.result(state)
    assert events[0].type == "resigned"
    assert result.reason == "resignation" and result.winners == (1 - resigner,)
    assert result.scores[1 - resigner] == 20 + 30 + owed and result.scores[resigner] == 0


def stalemate(options=None, *, layout=LAYOUT, stock=(("KC.1", "9H"), ("KD.1", "8S")), **rest):
    """Neither player can play anything: each only turns and discards his one hand card."""
    rest.setdefault("passes", (3, 3))
    return position(options, layout=layout, stock=stock, hand=[["3C"], ["4C"]], **rest)


SEAT_0_STOCKS_MORE = (("AC", "KC.1", "9H"), ("KD.1", "8S"))


def turn_and_discard(state, seat: int) -> list:
    turn(state, seat, f"hand:{seat}")
    return move(state, seat, f"turned:{seat}", f"discard:{seat}")


def play_to_stalemate(state) -> None:
    for seat in (0, 1):
        turn_and_discard(state, seat)  # these passes began before the watch: they don't count
    assert state.done == [False, False]
    turn_and_discard(state, 0)
    assert GAME.result(state) is None and state.done == [True, False]
    turn(state, 1, "hand:1")


def test_rb20_f9_a_draw_after_one_further_pass_each_without_progress():
    state = stalemate()
    play_to_stalemate(state)
    result = GAME.result(state)
    assert result.reason == "draw" and result.detail == {"how": "stalemate"}
    assert result.scores == (0, 0) and result.places == (1, 1)
    assert result.draw and result.winners == ()  # a draw, not a win for both


def test_rb20_progress_restarts_the_watch():
    state = stalemate(layout=[[], *LAYOUT[1:]])  # a space: a new low of cards held is progress
    for seat in (0, 1):
        turn_and_discard(state, seat)
    turn(state, 0, "hand:0")
    move(state, 0, "turned:0", "layout:0")  # 3C into the space
    assert state.done == [False, False]


def test_rb20_the_watch_waits_for_three_passes_each():
    state = stalemate(passes=(3, 2))
    for _ in range(2):
        for seat in (0, 1):
            turn_and_discard(state, seat)
    assert GAME.result(state) is None and state.passes == [5, 4] and state.done == [False, True]
    turn(state, 0, "hand:0")
    assert GAME.result(state).reason == "draw"


def test_d10_stalemate_difference_scoring():
    # seat 0 holds one more stock card (ace of clubs): 2 more
    state = stalemate({"stalemateDifferenceScoring": True}, stock=SEAT_0_STOCKS_MORE)
    play_to_stalemate(state)
    assert GAME.result(state).reason == "draw" and GAME.result(state).scores == (0, 2)


def test_rb20_draw_by_agreement_scores_nothing():
    state = stalemate({"stalemateDifferenceScoring": True}, stock=SEAT_0_STOCKS_MORE)
    assert refused(state, 1, {"type": "offer-draw"}) == "not-your-turn"
    assert refused(state, 1, {"type": "accept-draw"}) == "no-offer"
    GAME.apply(state, 0, {"type": "offer-draw"})
    assert GAME.to_act(state) == {1}
    assert refused(state, 0, {"type": "turn", "pile": "hand:0"}) == "draw-offered"
    assert refused(state, 0, {"type": "accept-draw"}) == "no-offer"
    GAME.apply(state, 1, {"type": "decline-draw"})
    assert refused(state, 0, {"type": "offer-draw"}) == "already-offered"
    turn_and_discard(state, 0)
    GAME.apply(state, 1, {"type": "offer-draw"})
    GAME.apply(state, 0, {"type": "accept-draw"})
    result = GAME.result(state)
    assert result.reason == "draw" and result.detail == {"how": "agreement"}
    assert result.scores == (0, 0)


def test_ruling_no_progress_limit_draws_the_deal():
    state = stalemate(passes=(0, 0), stale=STALE_TURNS - 1)
    events = turn_and_discard(state, 0)
    assert events[-1].type == "game-ended"
    assert GAME.result(state).reason == "draw"
    assert GAME.result(state).detail == {"how": "no-progress"}
