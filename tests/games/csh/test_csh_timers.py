"""Clocks: every wait has a deadline in game time, and a timeout applies its default action
(a Draw Action, a pass, the first option, the first directorship left)."""

from __future__ import annotations

import pytest

from cardtable.engine import IllegalAction
from cardtable.games.csh import GAME
from cardtable.games.csh.state import Phase
from csh_table import Table

TIMEOUT = {"type": "timeout"}


def test_a_turn_times_out_into_a_draw_action_once_its_deadline_has_passed():
    table = Table(seats=2, hands={0: ["B3"]}, deck=["E1", "E2"])
    table.act(0, {"type": "draw"}, now=10.0)
    assert GAME.deadline(table.state) == 70.0
    assert GAME.timeout_actions(table.state) == [(None, TIMEOUT)]
    with pytest.raises(IllegalAction) as early:
        table.act(None, TIMEOUT, now=69.0)
    assert early.value.code == "too-early" and table.hand(0) == ["B3", "E1"]
    table.act(None, TIMEOUT, now=70.0)
    assert table.hand(0) == ["B3", "E1", "E2"] and table.waiting() == 1


def test_a_reaction_window_times_out_into_everyone_passing_on_its_shorter_clock():
    """CSH-10: the window lasts reactionSeconds (5 by default) from when it opened."""
    table = Table(seats=2, hands={0: ["E1", "B3"], 1: ["B2"]})
    table.act(0, {"type": "play", "cards": [table.card(0, "E1")], "place": "new"}, now=5.0)
    assert table.state.phase is Phase.WINDOW and GAME.deadline(table.state) == 10.0
    table.act(None, TIMEOUT, now=10.0)
    assert table.archive(0) == [["E1"]] and table.hand(1) == ["B2"]
    assert table.types("window-timed-out") and not table.types("timed-out")
    assert GAME.deadline(table.state) == 70.0  # the turn's clock starts when the window closed


def test_a_choice_times_out_into_its_first_option():
    table = Table(seats=3, hands={0: ["F2"]})
    table.act(0, {"type": "play", "cards": [table.card(0, "F2")], "place": "new"}, now=1.0)
    assert table.legal(0)[0] == {"type": "choose-seat", "seat": 1}
    table.act(None, TIMEOUT, now=91.0)
    assert table.state.skips == [0, 1, 0]


def test_the_draft_times_out_into_the_first_directorship_left():
    state = GAME.new({}, seats=2, seed=1)
    GAME.apply(state, 0, {"type": "choose-directorship", "directorship": "evals"}, now=3.0)
    GAME.apply(state, None, TIMEOUT, now=93.0)
    assert state.directorships == ["evals", "socials"]


def test_without_a_clock_nothing_times_out():
    table = Table(seats=2, hands={0: ["B3"]}, options={"turnSeconds": None})
    assert GAME.deadline(table.state) is None and GAME.timeout_actions(table.state) == []
    with pytest.raises(IllegalAction) as raised:
        table.act(None, TIMEOUT, now=10**6)
    assert raised.value.code == "no-timer"


def test_the_table_applies_only_timeouts():
    table = Table(seats=2, hands={0: ["B3"]})
    for action in ({"type": "draw"}, {"type": "timeout", "extra": 1}):
        with pytest.raises(IllegalAction):
            table.act(None, action, now=10**6)
