"""Timers on a player's own choices and what a timeout picks: CS-69; the time per move on
every other wait, which the table's autopilot ends."""

import pytest
from cs_table import Table

from cardtable.games.cunt_soul import GAME
from cardtable.games.cunt_soul.timers import CHOICE_SECONDS

TIMEOUT = {"type": "timeout"}


def expire(table):
    """Apply what the table's timer applies, at the deadline."""
    limit = table.game.deadline(table.state)
    assert limit is not None
    for seat, action in table.game.timeout_actions(table.state):
        table.act(seat, action, now=limit)


def test_cs69_a_7_defaults_to_higher():
    table = Table(hands={0: ["7", "4"], 1: ["8", "6"]})
    table.act(0, {"type": "play", "cards": table.cards_of(0, "7")}, now=10.0)
    assert table.game.deadline(table.state) == 10.0 + CHOICE_SECONDS
    expire(table)
    assert table.state.pile[-1].direction == "higher" and table.playable(1) == ["8"]


def test_cs69_a_7_field_direction_defaults_to_higher():
    table = Table(hands={0: ["5", "4"], 1: ["6", "3"]}, fields={2: "7"})
    table.play(0, "5")
    expire(table)
    assert table.state.pile[-1].field_direction == "higher"


def test_cs69_a_j_and_the_j_field_default_to_the_next_player():
    table = Table(seats=4, hands={0: ["J", "4"]})
    table.play(0, "J")
    expire(table)
    assert table.current == 1
    table = Table(seats=4, hands={0: ["9", "4"]}, fields={3: "J"}, direction=-1)
    table.play(0, "9")
    expire(table)
    assert table.current == 3


def test_cs69_the_5_swap_defaults_to_declining():
    table = Table(hands={0: ["5", "K"]}, face_up={0: ["A"]})
    table.play(0, "5")
    expire(table)
    assert table.hand(0) == ["K"] and table.current == 1


def test_cs69_a_face_down_choice_defaults_to_a_random_slot():
    table = Table(face_down={0: ["9", "9", "9"]}, hands={1: ["2"]})
    expire(table)
    assert sum(card is None for card in table.state.face_down[0]) == 1
    assert table.top == ("9", "9")


def test_cs69_playing_from_the_hand_has_no_default_so_the_autopilot_plays_at_the_deadline():
    table = Table(hands={0: ["9", "4"], 1: ["K", "5"]})
    assert table.game.deadline(table.state) == 60.0  # the time per move, from 0
    assert table.game.timeout_actions(table.state) == []
    assert table.refused(None, TIMEOUT, now=60.0) == "no-timeout"
    table.act(0, {"type": "play", "cards": table.cards_of(0, "4")}, now=25.0)
    assert table.current == 1 and table.game.deadline(table.state) == 85.0
    assert table.game.view(table.state, None)["public"]["turn"]["deadline"] == 85.0


def test_no_time_per_move_means_no_deadline_outside_the_timed_choices():
    table = Table(hands={0: ["9", "4"]}, options={"turnSeconds": None})
    assert table.game.deadline(table.state) is None
    assert table.game.timeout_actions(table.state) == []


@pytest.mark.parametrize("seconds", [10, 3600])
def test_cs69_the_choice_timer_wins_over_the_time_per_move(seconds):
    table = Table(hands={0: ["7", "4"], 1: ["8", "6"]}, options={"turnSeconds": seconds})
    table.act(0, {"type": "play", "cards": table.cards_of(0, "7")}, now=10.0)
    assert table.game.deadline(table.state) == 10.0 + CHOICE_SECONDS
    assert table.game.timeout_actions(table.state) == [(None, TIMEOUT)]


def test_the_opening_selection_has_the_time_per_move_and_no_default():
    state = GAME.new(None, seats=3, seed=1, now=5.0)
    assert GAME.options(None)["turnSeconds"] == 60
    assert GAME.deadline(state) == 65.0 and GAME.timeout_actions(state) == []
    for bad in (9, 3601, "60"):
        with pytest.raises(ValueError):
            GAME.options({"turnSeconds": bad})


def test_cs69_the_table_may_only_time_out_and_only_at_the_deadline():
    table = Table(hands={0: ["7", "4"]})
    table.act(0, {"type": "play", "cards": table.cards_of(0, "7")}, now=10.0)
    assert table.refused(None, {"type": "direction", "direction": "lower"}) == "not-a-table-action"
    assert table.refused(None, TIMEOUT, now=11.0) == "too-early"
    assert table.state.pile[-1].direction is None
