"""`engine.play_out`, the one loop that plays a game on: it stops at the end, at the step
limit or when told to and says which, applies timeouts at their deadlines when nobody is to
act, and reports each step; and the default `Game.timeout_actions`."""

from __future__ import annotations

import pytest

from cardtable.engine import (
    OMNISCIENT,
    Ending,
    Game,
    Result,
    Rng,
    Stalled,
    draw_seat,
    everyone,
    play_out,
    random_moves,
)
from cardtable.games import get

HIGH_CARD = get("example")


class Clockwork(Game):
    """Nobody ever acts: every `period` seconds the default timeout moves a hand on; it ends
    after `ticks` timeouts. With no period, it stalls."""

    id = "clockwork"
    min_seats = max_seats = 1

    def __init__(self, period: float | None = 10.0, ticks: int = 3):
        self.period, self.ticks = period, ticks

    def setup(self, options, seats, rng, now, decks):
        return {"ticks": 0, "since": now}

    def seat_count(self, state):
        return 1

    def to_act(self, state):
        return frozenset()

    def legal(self, state, seat):
        return []

    def deadline(self, state):
        if self.period is None or state["ticks"] == self.ticks:
            return None
        return state["since"] + self.period

    def play(self, state, seat, action, now):
        state["ticks"] += 1
        state["since"] = now
        return [everyone("tick", at=now)]

    def result(self, state):
        return Result("stopped", (1,)) if state["ticks"] == self.ticks else None


def test_a_game_plays_to_its_result_and_every_step_is_reported():
    state = HIGH_CARD.new("quick", seats=3, seed=4)
    steps = []
    played = play_out(
        HIGH_CARD, state, random_moves(HIGH_CARD, Rng(4)), max_steps=100, on_step=steps.append
    )
    assert played.ending is Ending.FINISHED
    assert played.result == HIGH_CARD.result(state) and played.result is not None
    assert played.steps == played.moves == len(steps) == 9  # three rounds of three cards
    assert [step.at for step in steps] == [float(n) for n in range(1, 10)]
    assert played.clock == 9.0 and not any(step.timeout for step in steps)
    replayed = HIGH_CARD.new("quick", seats=3, seed=4)
    for step in steps:
        ((seat, action),) = step.actions
        assert HIGH_CARD.apply(replayed, seat, action, step.at) == step.events[0]
    assert HIGH_CARD.view(replayed, OMNISCIENT) == HIGH_CARD.view(state, OMNISCIENT)


def test_the_step_limit_stops_a_game_without_a_result():
    state = HIGH_CARD.new("default", seats=2, seed=1)
    played = play_out(HIGH_CARD, state, random_moves(HIGH_CARD, Rng(1)), max_steps=3)
    assert (played.ending, played.result, played.steps) == (Ending.STEP_LIMIT, None, 3)
    assert HIGH_CARD.result(state) is None and HIGH_CARD.view(state, None)["public"]["round"] == 2


def test_choose_stops_a_play_out_before_the_move_it_declines():
    state = HIGH_CARD.new("default", seats=2, seed=1)
    moves = random_moves(HIGH_CARD, Rng(1))
    seen = []

    def two_moves(state, acting):
        seen.append(acting)
        return moves(state, acting) if len(seen) <= 2 else None

    played = play_out(HIGH_CARD, state, two_moves, max_steps=100)
    assert (played.ending, played.steps, played.moves, played.clock) == (
        Ending.STOPPED,
        2,
        2,
        2.0,
    )
    assert seen[0] == {0, 1}


def test_timeouts_apply_at_their_deadline_when_nobody_is_to_act():
    game = Clockwork(period=10.0)
    state = game.new(seed=0, now=5.0)
    steps = []
    played = play_out(game, state, pytest.fail, max_steps=10, clock=5.0, on_step=steps.append)
    assert played.ending is Ending.FINISHED and (played.steps, played.moves) == (3, 0)
    assert [step.at for step in steps] == [15.0, 25.0, 35.0]
    assert all(step.timeout for step in steps)
    assert steps[0].actions == ((None, {"type": "timeout"}),)
    assert [event.data for event in steps[0].events[0]] == [{"at": 15.0}]


def test_a_timeout_comes_a_tick_after_the_last_step_when_its_deadline_is_already_past():
    steps = []
    game = Clockwork(period=0.5, ticks=2)
    play_out(game, game.new(seed=0), pytest.fail, max_steps=10, tick=2.0, on_step=steps.append)
    assert [step.at for step in steps] == [2.0, 4.0]


def test_without_a_clock_every_action_is_applied_with_no_time():
    game = Clockwork(period=10.0, ticks=1)
    steps = []
    played = play_out(
        game, game.new(seed=0), pytest.fail, max_steps=5, clock=None, on_step=steps.append
    )
    assert played.clock is None and [step.at for step in steps] == [None]
    assert steps[0].events[0][0].data == {"at": None}


def test_nobody_to_act_and_no_timeout_is_a_stalled_game():
    game = Clockwork(period=None)
    with pytest.raises(Stalled, match="clockwork"):
        play_out(game, game.new(seed=0), pytest.fail, max_steps=10)


def test_the_default_timeout_is_the_timeout_table_action_while_a_deadline_is_set():
    game = Clockwork(period=10.0, ticks=1)
    state = game.new(seed=0)
    assert game.timeout_actions(state) == [(None, {"type": "timeout"})]
    game.apply(state, None, {"type": "timeout"}, 10.0)
    assert game.deadline(state) is None and game.timeout_actions(state) == []


def test_draw_seat_draws_among_the_sorted_seats_so_a_seed_replays():
    def draws(seed):
        choose = draw_seat(lambda state, seat: {"seat": seat}, Rng(seed))
        return [choose(None, frozenset({3, 1, 2}))[0] for _ in range(20)]

    assert draws(7) == draws(7)
    assert set(draws(7)) == {1, 2, 3}
    seat, action = draw_seat(lambda state, seat: {"seat": seat}, Rng(0))(None, frozenset({5}))
    assert (seat, action) == (5, {"seat": 5})
