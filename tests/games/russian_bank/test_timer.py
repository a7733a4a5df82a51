"""The time per move: a deadline on every wait of a running match, restarted by each action
but spreading and squaring (never a move, RB-16 and F4), with no timeout action of the game's
own (the table's autopilot moves), shown in the public view."""

from __future__ import annotations

import pytest

from .helpers import GAME, move, refused
from .test_stops import STOP, s1_position


def deadline_shown(state):
    return GAME.view(state, None)["public"]["deadline"]


@pytest.mark.parametrize("preset", ["default", "assisted", "match"])
def test_every_preset_has_a_minute_per_move(preset):
    assert GAME.options(preset)["turnSeconds"] == 60
    state = GAME.new(preset, 2, seed=1, now=100.0)
    assert GAME.deadline(state) == 160.0 == deadline_shown(state)
    assert GAME.timeout_actions(state) == []


def test_the_time_per_move_is_bounded_and_may_be_left_empty():
    for bad in (9, 3601, True):
        with pytest.raises(ValueError):
            GAME.options({"turnSeconds": bad})
    state = GAME.new({"turnSeconds": None}, 2, seed=1)
    assert GAME.deadline(state) is None and deadline_shown(state) is None


def test_each_action_restarts_the_clock_but_spreading_and_squaring_do_not():
    state = s1_position(discard=[["4C"], []])
    GAME.apply(state, 0, {"type": "turn", "pile": "hand:0"}, now=30.0)
    assert GAME.deadline(state) == 90.0
    GAME.apply(state, 0, {"type": "spread"}, now=50.0)
    GAME.apply(state, 0, {"type": "square"}, now=55.0)
    assert GAME.deadline(state) == 90.0
    assert refused(state, 0, {"type": "turn", "pile": "hand:0"}) == "card-turned"
    assert GAME.deadline(state) == 90.0


def test_a_stop_restarts_the_clock_for_the_caller_and_clones_keep_their_own():
    state = s1_position()
    GAME.apply(state, 0, {"type": "move", "from": "layout:1", "to": "layout:0"}, now=10.0)
    twin = GAME.clone(state)
    GAME.apply(state, 1, STOP, now=20.0)  # RB-13: the offender's turn ends
    assert GAME.to_act(state) == {1} and GAME.deadline(state) == 80.0
    assert GAME.deadline(twin) == 70.0
    move(twin, 0, "layout:2", "centre:0")  # no time given: the clock stands
    assert GAME.deadline(twin) == 70.0


def test_a_finished_match_has_no_deadline():
    state = GAME.new(None, 2, seed=1)
    GAME.apply(state, 0, {"type": "resign"}, now=5.0)
    assert GAME.result(state) is not None
    assert GAME.deadline(state) is None and deadline_shown(state) is None
