"""The table's own actions and clocks: K21 (Speed CAH, judging timers, Team CAH), the time
limit and manual end of K5, seats leaving, and actions sent by the wrong party."""

from __future__ import annotations

import pickle

import pytest
from cah_helpers import GAME, SCHOOL, answer_by, assert_conserved, new, submit_all

from cardtable.engine import IllegalAction

SPEED = {"decks": SCHOOL, "submitTimerSec": 30, "judgeTimerSec": 60}


def test_k21_speed_cah_skips_who_has_not_submitted_after_30_seconds():
    state = new(SPEED, seats=4, now=100.0)
    assert GAME.deadline(state) == 130.0
    assert GAME.timeout_actions(state) == [(None, {"type": "timeout"})]
    early, *late = sorted(state.waiting)
    GAME.apply(state, early, {"type": "submit", "cards": state.hands[early][:1]}, now=110.0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, None, {"type": "timeout"}, now=129.0)
    assert refused.value.code == "too-early"
    assert state.clock == 110.0  # a refused action does not move the clock on
    events = GAME.apply(state, None, {"type": "timeout"}, now=130.0)
    skipped = [e.data["seat"] for e in events if e.type == "player-skipped"]
    assert skipped == late
    assert state.authors == [early] and len(state.hands[late[0]]) == 10
    assert GAME.deadline(state) == 190.0  # the judging timer


def test_k21_judging_timeout_voids_the_round():
    state = new(SPEED, seats=4)
    submit_all(state)
    czar, black = state.czar, state.black
    events = GAME.apply(state, None, {"type": "timeout"}, now=GAME.deadline(state))
    assert [e.data.get("reason") for e in events if e.type == "round-void"] == ["judge-timeout"]
    assert black in state.black_used and sum(state.scores) == 0
    assert state.czar == (czar + 1) % 4


def test_k21_vote_timeout_counts_the_votes_cast():
    state = new({**SPEED, "judging": "godIsDead"}, seats=4)
    submit_all(state)
    GAME.apply(state, 0, {"type": "vote", "answer": answer_by(state, 3)})
    GAME.apply(state, None, {"type": "timeout"}, now=GAME.deadline(state))
    assert state.scores == [0, 0, 0, 1]


def test_k21_team_cah_seat_is_a_team():
    state = new({"decks": SCHOOL, "teams": True, "pointsTarget": 1}, seats=3)
    assert GAME.view(state, None)["public"]["teams"] is True
    submit_all(state)
    GAME.apply(state, state.czar, {"type": "pick", "answer": 0})
    assert GAME.result(state).detail == {"teams": True}


def test_k5_time_limit_ends_by_timeout_and_by_a_late_action():
    state = new({"decks": SCHOOL, "timeMinutes": 1}, seats=3, now=0.0)
    assert GAME.deadline(state) == 60.0
    GAME.apply(state, None, {"type": "timeout"}, now=60.0)
    assert GAME.result(state).reason == "time-limit"
    state = new({"decks": SCHOOL, "timeMinutes": 1}, seats=3, now=0.0)
    seat = min(state.waiting)
    GAME.apply(state, seat, {"type": "submit", "cards": state.hands[seat][:1]}, now=75.0)
    assert GAME.result(state).reason == "time-limit"
    assert state.scores == [0, 0, 0]


def test_k5_manual_end_only_when_allowed():
    state = new({"decks": SCHOOL})
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, None, {"type": "end-game"})
    assert refused.value.code == "no-manual-end"
    state = new("digipen")
    events = GAME.apply(state, None, {"type": "end-game"})
    assert events[-1].type == "game-ended" and GAME.result(state).reason == "host-ended"
    assert GAME.legal(state, 0) == [] and GAME.to_act(state) == frozenset()


def test_a_leaving_player_is_skipped_and_their_submission_discarded():
    state = new({"decks": SCHOOL}, seats=5)
    leaver = min(state.waiting)
    card = state.hands[leaver][0]
    GAME.apply(state, leaver, {"type": "submit", "cards": [card]})
    GAME.apply(state, None, {"type": "leave-seat", "seat": leaver})
    assert card in state.white_discard and state.hands[leaver] == []
    submit_all(state)
    assert leaver not in state.authors and len(state.answers) == 3
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, leaver, {"type": "discard", "card": 0})
    assert refused.value.code == "left-game"
    assert_conserved(state)


def test_too_few_players_left_ends_the_game():
    state = new({"decks": SCHOOL}, seats=3)
    GAME.apply(state, None, {"type": "leave-seat", "seat": 0})
    assert GAME.result(state).reason == "too-few-players"
    assert GAME.result(state).places[0] == 3  # who left ranks last


def test_late_join_is_bounded_by_max_players():
    state = new({"decks": SCHOOL, "allowLateJoin": True, "maxPlayers": 4}, seats=4)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, None, {"type": "join-seat"})
    assert refused.value.code == "table-full"


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        (None, {"type": "submit", "cards": []}, "needs-seat"),
        (0, {"type": "end-game"}, "table-only"),
        (None, {"type": "leave-seat", "seat": 9}, "bad-seat"),
        (None, {"type": "timeout"}, "no-timer"),
        (None, {"type": "dance"}, "unknown-action"),
    ],
)
def test_wrong_party_or_bad_table_actions_change_nothing(seat, action, code):
    state = new({"decks": SCHOOL, "submitTimerSec": None})
    before = pickle.dumps(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, action, now=5.0)
    assert refused.value.code == code
    assert pickle.dumps(state) == before


def test_k24_k25_the_table_hooks_name_the_join_and_leave_actions():
    """What the server asks the game: late join only when allowed (K24); a leaving seat goes
    through leave-seat, so a leaving Czar voids the round (K25); Team CAH seats hold two."""
    closed = new({"allowLateJoin": False})
    assert GAME.join_action(closed) is None
    state = new()
    join = GAME.join_action(state)
    assert join == {"type": "join-seat"}
    GAME.apply(state, None, join)
    assert GAME.seat_count(state) == 5
    czar = state.czar
    black = state.black
    GAME.apply(state, None, GAME.leave_action(state, czar))
    assert state.czar != czar and state.black != black
    assert GAME.host_actions == {"end-game"}
    assert GAME.seat_capacity(GAME.options({"teams": True})) == 2
    assert GAME.seat_capacity(GAME.options("online")) == 1
