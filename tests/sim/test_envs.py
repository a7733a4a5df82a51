"""The PettingZoo and Gymnasium environments (`cardtable.sim.envs`): PettingZoo's own API and
seed tests for every game, masks that are exactly `legal`, seeding, observations built from a
seat's view alone, rewards, the order simultaneous seats are asked in, waiting, timeouts."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from cardtable import games
from cardtable.decks import Call, Deck, Response
from cardtable.engine import OMNISCIENT, Game, Rng, everyone
from cardtable.engine.result import Result
from cardtable.sim.envs import ENCODERS, CardTableEnv, make, make_seat, place_rewards
from cardtable.sim.envs.encoding import WAIT, ActionSpace, Encoder

GAME_IDS = sorted(ENCODERS)


def test_every_game_has_an_environment():
    assert set(games.ids()) <= set(GAME_IDS)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_api_test(game_id):
    api_test(make(game_id, render_mode="ansi"), num_cycles=15)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_seed_test(game_id):
    seed_test(lambda: make(game_id), num_cycles=15)


def random_steps(env: CardTableEnv, seed: int, steps: int, check=None) -> None:
    """Play `steps` random masked actions from `reset(seed)`, calling `check(env)` before each."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if env.result is not None or any(env.truncations.values()):
            return
        if check is not None:
            check(env)
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(rng.choice(list(np.flatnonzero(mask))))


def assert_mask_is_legal(env: CardTableEnv) -> None:
    seat = env.seat
    mask = env.observe(env.agent_selection)["action_mask"]
    legal = env.game.legal(env.state, seat)
    keys = env.encoder.action_keys(env.game.view(env.state, seat), legal)
    numbers = {env.encoder.actions.number(key) for key in keys}
    masked = set(np.flatnonzero(mask).tolist())
    wait = {env.encoder.actions.number(WAIT)} if WAIT in env.encoder.actions else set()
    assert numbers <= masked, "a legal action is missing from the mask"
    assert masked - numbers <= wait, "the mask marks an action that is not legal"
    for number in numbers:
        assert env.action_of(number) in legal
    for agent in env.agents:
        if agent != env.agent_selection:
            assert not env.observe(agent)["action_mask"].any()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_mask_marks_exactly_the_legal_actions(game_id):
    game = games.get(game_id)
    seats = max(3, game.min_seats) if game.max_seats >= 3 else 2
    random_steps(make(game_id, seats=seats), 1, 80, assert_mask_is_legal)


def observations(env: CardTableEnv) -> list[np.ndarray]:
    return [env.observe(agent)["observation"] for agent in env.possible_agents]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_seed_replays_the_same_game(game_id):
    first, second = make(game_id), make(game_id)
    seen = []
    for env in (first, second):
        trace: list = []
        random_steps(env, 5, 60, lambda e, trace=trace: trace.append(observations(e)))
        seen.append(trace)
    assert len(seen[0]) == len(seen[1])
    for a, b in zip(seen[0], seen[1], strict=True):
        assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    other: list = []
    random_steps(make(game_id), 6, 60, lambda e: other.append(observations(e)))
    assert any(
        not np.array_equal(x, y)
        for a, b in zip(seen[0], other, strict=False)
        for x, y in zip(a, b, strict=True)
    ), "another seed played the same game"


def hidden_twin(game: Game, state, seat: int):
    """A state that `seat` cannot tell from `state` though hidden cards moved, or None when
    the game cannot make one now: the game's own `determinize` where it has one, else (CAH,
    the example game) another seat's first hand card swapped with the deck's first card."""
    if game.id not in ("cah", "example"):
        try:
            return game.determinize(state, seat, Rng(99))
        except NotImplementedError:
            return None  # a phase the game cannot sample
    twin = game.clone(state)
    deck = twin.white_deck if game.id == "cah" else twin.deck
    other = next((s for s, hand in enumerate(twin.hands) if s != seat and hand), None)
    if other is None or not deck:
        return None
    twin.hands[other][0], deck[0] = deck[0], twin.hands[other][0]
    return twin


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_observations_come_from_the_view_alone(game_id):
    """Two states that one seat's view cannot tell apart give that seat the same observation
    and mask, though their hidden cards differ."""
    env = make(game_id)
    differed = []

    def check(env: CardTableEnv) -> None:
        seat = env.seat
        agent = env.agent_selection
        before = env.observe(agent)
        spectator = env.game.view(env.state, None)
        real = env.state
        twin = hidden_twin(env.game, real, seat)
        if twin is None:
            return
        assert env.game.view(twin, seat) == env.game.view(real, seat)
        assert env.game.view(twin, None) == spectator
        secret = env.game.view(twin, OMNISCIENT)["secret"]
        differed.append(secret != env.game.view(real, OMNISCIENT)["secret"])
        env.state = twin
        env._views.clear()
        env._select()
        after = env.observe(agent)
        env.state = real
        env._views.clear()
        env._select()
        assert np.array_equal(before["observation"], after["observation"])
        assert np.array_equal(before["action_mask"], after["action_mask"])

    random_steps(env, 3, 25, check)
    assert any(differed), "no state with other hidden cards was tried"


def test_ansi_renders_the_view_of_the_seat_to_act():
    env = make("example", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text.startswith(f"{env.agent_selection}\n  public:\n")
    assert "  you:\n    hand: [" in text
    assert make("example").render() is None


def test_rewards_follow_places():
    assert place_rewards(Result("x", (1, 2))) == [1.0, -1.0]
    assert place_rewards(Result("x", (2, 1))) == [-1.0, 1.0]
    assert place_rewards(Result("x", (1, 1))) == [0.0, 0.0]
    assert place_rewards(Result("x", (1, 2, 3))) == [1.0, 0.0, -1.0]
    assert place_rewards(Result("x", (1, 1, 3))) == [1.0, 1.0, -1.0]
    assert place_rewards(Result("x", (3, 1, 2, 3))) == [-1.0, 1.0, 0.0, -1.0]


def test_a_finished_game_pays_each_seat_its_reward():
    env = make("example", handSize=1)
    random_steps(env, 1, 50)
    assert env.result is not None
    expected = dict(zip(env.possible_agents, place_rewards(env.result), strict=True))
    assert env._cumulative_rewards == expected
    assert all(env.terminations.values())


def test_simultaneous_seats_are_asked_in_turn_from_the_last_one_to_act():
    """CAH: every player but the Czar submits at once; the env asks them one after another,
    each once, rotating from the seat after the last one that acted."""
    env = make("cah", seats=4)
    env.reset(seed=7)
    czar = env.game.view(env.state, None)["public"]["czar"]
    asked = []
    while env.game.view(env.state, None)["public"]["phase"] == "submit":
        seat = env.seat
        assert seat in env.game.to_act(env.state)
        asked.append(seat)
        submit = next(i for i in env.legal_indices() if env.action_of(i)["type"] == "submit")
        env.step(submit)
    players = [s for s in range(4) if s != czar]
    assert sorted(asked) == players
    assert asked == sorted(players, key=lambda s: (s - 3) % 4)  # reset counts from seat 3


def test_the_seat_not_on_turn_may_wait_through_a_stop_window():
    """Russian Bank (RB-13): while the offender may play on, the other seat may call stop or
    wait; waiting changes nothing and asks the offender."""
    env = make("russian-bank")
    rng = random.Random(0)
    for seed in range(40):
        env.reset(seed=seed)
        while env.result is None and not any(env.truncations.values()):
            wait = env.encoder.actions.number(WAIT)
            if wait in env.legal_indices():
                waiting = env.seat
                view = env.game.view(env.state, None)
                moves = env.moves
                assert len(env.game.to_act(env.state)) == 2
                assert view["public"]["turn"] != waiting
                env.step(wait)
                assert env.moves == moves and env.game.view(env.state, None) == view
                assert env.seat == 1 - waiting
                assert wait not in env.legal_indices()
                return
            plays = [i for i in env.legal_indices() if env.action_of(i)["type"] != "resign"]
            env.step(rng.choice(plays or env.legal_indices()))
    pytest.fail("no stop window in 40 random games")


# -- timeouts: applied only when nobody is to act ---------------------------------------------


class PauseGame(Game):
    """Two seats each say a number; then nobody acts until the pause's deadline times out."""

    id = "pause-test"
    min_seats = max_seats = 2
    listed = False

    def setup(self, options, seats, rng, now, decks):
        return {"said": [], "paused_until": None, "rounds": 0}

    def seat_count(self, state):
        return 2

    def to_act(self, state):
        if state["paused_until"] is not None or state["rounds"] == 2:
            return frozenset()
        return frozenset({len(state["said"]) % 2})

    def legal(self, state, seat):
        return [{"type": "say", "n": n} for n in (1, 2)] if seat in self.to_act(state) else []

    def play(self, state, seat, action, now):
        if seat is None:
            state["paused_until"] = None
            state["rounds"] += 1
            return [everyone("resumed", at=now)]
        state["said"].append(action["n"])
        if len(state["said"]) % 2 == 0:
            state["paused_until"] = now + 30.0
        return []

    def deadline(self, state):
        return state["paused_until"]

    def public_view(self, state):
        return {"said": list(state["said"]), "rounds": state["rounds"]}

    def seat_view(self, state, seat):
        return {}

    def secret_view(self, state):
        return {}

    def result(self, state):
        if state["rounds"] < 2:
            return None
        return Result.from_scores("said", [sum(state["said"][0::2]), sum(state["said"][1::2])])

    def clone(self, state):
        return {**state, "said": list(state["said"])}


class PauseEncoder(Encoder):
    game_id = "pause-test"

    def __init__(self, options, seats):
        super().__init__(options, seats)
        self.actions = ActionSpace([("say", 1), ("say", 2)])
        self.observation_size = 1

    def observe(self, view, seat):
        return np.array([view["public"]["rounds"]], dtype=np.float32)

    def action_key(self, view, action, lookup):
        return ("say", action["n"])


def test_timeouts_apply_only_when_nobody_is_to_act():
    with games.registered(PauseGame()) as game:
        env = CardTableEnv(game.id, PauseEncoder({}, 2), game.options(None), 2)
        env.reset(seed=0)
        env.step(1)  # seat 0 says 2 at t=1
        assert env.clock == 1.0
        env.step(0)  # seat 1 says 1 at t=2; the pause times out at t=32
        assert env.clock == 32.0 and env.state["rounds"] == 1
        assert env.agent_selection == "seat_0"
        env.step(1)
        env.step(1)
        assert env.result is not None and env.result.places == (1, 2)
        assert env._cumulative_rewards == {"seat_0": 1.0, "seat_1": -1.0}


def test_a_game_that_runs_past_the_step_limit_is_truncated():
    env = make("cunt-soul", max_steps=10)
    random_steps(env, 1, 40)
    assert env.moves == 10 and env.result is None
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert not env.observe(env.agent_selection)["action_mask"].any()


# -- one seat against bots (Gymnasium) ---------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_seat_plays_a_whole_game_against_bots(game_id):
    env = make_seat(game_id, seat=1, opponents="random", max_steps=400)
    rng = random.Random(0)
    observation, info = env.reset(seed=1)
    done = False
    while not done:
        assert env.env.agent_selection == "seat_1"
        assert env.observation_space.contains(observation)
        assert np.array_equal(info["action_mask"], observation["action_mask"])
        action = rng.choice(list(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    if terminated:
        assert reward == place_rewards(env.env.result)[1]
    else:
        assert reward == 0.0


def test_a_seat_against_bots_replays_from_its_seed():
    traces = []
    for _ in range(2):
        env = make_seat("cunt-soul", opponents="random", seats=3)
        observation, _ = env.reset(seed=4)
        trace = [observation["observation"]]
        for _ in range(8):
            action = int(np.flatnonzero(observation["action_mask"])[0])
            observation, _, terminated, truncated, _ = env.step(action)
            trace.append(observation["observation"])
            if terminated or truncated:
                break
        traces.append(trace)
    assert all(np.array_equal(a, b) for a, b in zip(*traces, strict=True))


def test_a_cah_environment_deals_from_the_decks_it_is_given():
    """`deal_from`: the decks its games deal from (not an option: `decks` names them)."""
    calls = tuple(Call(((f"Env call {n}: ", {}),), 1) for n in range(4))
    answers = tuple(Response(f"Env answer {n}.") for n in range(40))
    given = {"env-deck": Deck("env-deck", "Env deck", calls, answers)}
    with pytest.raises(ValueError, match="unknown deck 'env-deck'"):
        make("cah", decks=["env-deck"])
    env = make_seat("cah", seats=3, deal_from=given, decks=["env-deck"], pointsTarget=2)
    env.reset(seed=2)
    state = env.env.state
    assert all(card["text"].startswith("Env") for card in state.pool.white_json)


def test_unknown_games_seats_and_opponents_are_refused():
    with pytest.raises(KeyError, match="no environment"):
        make("chess")
    with pytest.raises(ValueError, match="seats"):
        make("russian-bank", seats=3)
    with pytest.raises(ValueError, match="opponents"):
        make_seat("cah", seats=4, opponents=["random"])
    with pytest.raises(ValueError, match="unknown bot"):
        make_seat("example", opponents="nobody")
