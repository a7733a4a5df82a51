"""No table waits for ever: the default time limits and late joins of every preset (K3, K21,
K24), a seat away that the table stops waiting for (`skip-seat`, K25 for an away Czar), and a
late joiner's view saying they play from the next round (K24)."""

from __future__ import annotations

import pickle

import pytest
from cah_helpers import GAME, SCHOOL, assert_conserved, new, submit_all

from cardtable.engine import IllegalAction
from cardtable.games.cah import position

PRESETS = ("online", "official", "digipen")


def skip(state, seat):
    action = GAME.skip_action(state, seat)
    assert action == {"type": "skip-seat", "seat": seat}
    return GAME.apply(state, None, action)


@pytest.mark.parametrize("preset", PRESETS)
def test_k3_k21_k24_every_preset_has_time_limits_late_joins_and_ten_seats(preset):
    options = GAME.options(preset)
    assert options["submitTimerSec"] == 60 and options["judgeTimerSec"] == 45
    assert options["allowLateJoin"] is True and options["maxPlayers"] == 10
    state = new(preset, seats=4, now=100.0)
    assert GAME.deadline(state) == 160.0
    assert GAME.join_action(state) == {"type": "join-seat"}
    submit_all(state)
    assert GAME.deadline(state) == 145.0  # the judging timer, from the last submission at 100
    off = new({"preset": preset, "submitTimerSec": None, "judgeTimerSec": None})
    assert GAME.deadline(off) is None and GAME.timeout_actions(off) == []


def test_an_away_player_sits_the_round_out_keeps_their_cards_and_plays_on():
    state = new({"decks": SCHOOL}, seats=4)
    away = min(state.waiting)
    hand = list(state.hands[away])
    events = skip(state, away)
    assert [(e.type, e.data) for e in events] == [
        ("player-skipped", {"seat": away, "reason": "away"})
    ]
    assert away not in GAME.to_act(state) and state.hands[away] == hand
    assert state.active[away] and GAME.skip_action(state, away) is None
    submit_all(state)
    assert away not in state.authors
    GAME.apply(state, state.czar, {"type": "pick", "answer": 0})
    assert away in GAME.to_act(state) or away == state.czar  # back in from the next round
    assert_conserved(state)


def test_skipping_the_last_player_due_closes_the_submissions():
    state = new({"decks": SCHOOL}, seats=4)
    last, *others = sorted(state.waiting, reverse=True)
    for seat in others:
        GAME.apply(state, seat, {"type": "submit", "cards": state.hands[seat][:1]})
    events = skip(state, last)
    assert [e.type for e in events] == ["player-skipped", "all-submitted"]
    assert GAME.to_act(state) == {state.czar} and len(state.answers) == 2


@pytest.mark.parametrize("submitted", [False, True])
def test_k25_an_away_czar_voids_the_round_and_the_next_czar_starts_a_new_one(submitted):
    state = new({"decks": SCHOOL, "firstCzar": "hostPick", "firstCzarSeat": 1}, seats=4)
    black, round_before = state.black, state.round
    if submitted:
        submit_all(state)  # the Czar is now due to pick
        assert GAME.to_act(state) == {1}
    events = skip(state, 1)
    void = [e.data for e in events if e.type == "round-void"]
    assert void == [{"round": round_before, "reason": "czar-away"}]
    assert black in state.black_used and sum(state.scores) == 0
    assert state.czar == 2 and state.round == round_before + 1
    assert state.active[1] and 1 in state.waiting  # not removed: plays on when back
    assert_conserved(state)


def test_k25_an_away_czar_revealing_one_by_one_voids_the_round_too():
    state = new("digipen", seats=4)
    submit_all(state)
    czar = state.czar
    assert GAME.view(state, None)["public"]["phase"] == "reveal"
    events = skip(state, czar)
    assert [e.data["reason"] for e in events if e.type == "round-void"] == ["czar-away"]
    assert state.czar != czar and state.active[czar]


def test_k18_an_away_voter_is_not_waited_for():
    state = new({"decks": SCHOOL, "judging": "godIsDead"}, seats=4)
    submit_all(state)
    first, second, *rest = sorted(GAME.to_act(state))
    skip(state, first)
    assert first not in GAME.to_act(state) and state.votes[first] == -1
    for seat in [second, *rest]:
        answer = next(a for a, author in enumerate(state.authors) if author != seat)
        GAME.apply(state, seat, {"type": "vote", "answer": answer})
    assert GAME.view(state, None)["public"]["round"] == 2


def test_k20_an_away_eliminator_loses_the_turn_to_the_next_seat():
    state = position({"decks": SCHOOL, "judging": "survival"}, seats=5, pick=1)
    submit_all(state)
    czar = state.czar
    (first,) = GAME.to_act(state)
    assert first == (czar + 1) % 5
    skip(state, first)
    assert GAME.to_act(state) == {(czar + 2) % 5} and state.eliminated == []
    GAME.apply(state, (czar + 2) % 5, {"type": "eliminate", "answer": 0})
    assert GAME.to_act(state) == {(czar + 3) % 5}
    GAME.apply(state, None, {"type": "leave-seat", "seat": (czar + 4) % 5})
    assert GAME.to_act(state) == {(czar + 3) % 5}  # someone else leaving keeps the turn
    GAME.apply(state, (czar + 3) % 5, {"type": "eliminate", "answer": 1})
    assert GAME.to_act(state) == {czar}


def test_a_seat_not_waited_for_is_not_skipped_and_nothing_changes():
    state = new({"decks": SCHOOL}, seats=4)
    done = min(state.waiting)
    GAME.apply(state, done, {"type": "submit", "cards": state.hands[done][:1]})
    assert GAME.skip_action(state, done) is None
    before = pickle.dumps(state)
    for action, code in (
        ({"type": "skip-seat", "seat": done}, "not-awaited"),
        ({"type": "skip-seat", "seat": 9}, "bad-seat"),
        ({"type": "skip-seat"}, "bad-seat"),
    ):
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, None, action)
        assert refused.value.code == code
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, done, {"type": "skip-seat", "seat": done})
    assert refused.value.code == "table-only"
    assert pickle.dumps(state) == before
    GAME.apply(state, None, {"type": "leave-seat", "seat": done})
    assert GAME.skip_action(state, done) is None  # a seat that left is waited for no more


def test_k24_a_late_joiner_is_told_they_play_from_the_next_round():
    state = new({"decks": SCHOOL}, seats=3)
    GAME.apply(state, None, GAME.join_action(state))
    assert GAME.view(state, 3)["you"]["next_round"] is True
    assert [GAME.view(state, seat)["you"]["next_round"] for seat in range(3)] == [False] * 3
    assert GAME.skip_action(state, 3) is None  # nothing waits for them this round
    submit_all(state)
    GAME.apply(state, state.czar, {"type": "pick", "answer": 0})
    assert GAME.view(state, 3)["you"]["next_round"] is False and 3 in state.waiting


@pytest.mark.parametrize("judging", ["godIsDead", "survival"])
def test_k24_a_late_joiner_neither_votes_nor_eliminates_in_the_round_they_joined(judging):
    state = position({"decks": SCHOOL, "judging": judging}, seats=4, pick=1)
    GAME.apply(state, None, {"type": "join-seat"})
    submit_all(state)
    assert 4 not in GAME.to_act(state) and 4 not in state.turn_order
    assert GAME.view(state, 4)["you"]["next_round"] is True
