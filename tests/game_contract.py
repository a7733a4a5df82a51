"""Checks every game must pass, on real games played by random choices.

`play_checked` plays one game to its end and, along the way, checks the engine contract of
DESIGN.md: views are exactly public + own part, no card id leaks from the secret part or from
another seat, illegal actions raise and change nothing, every legal action is accepted, clones
are independent, and replaying (seed, actions) reproduces the final state.
"""

from __future__ import annotations

import json
import pickle

from cardtable.engine import OMNISCIENT, Game, IllegalAction, Rng

GARBAGE_ACTIONS = (
    {"type": "no-such-action"},
    {"type": 7},
    {"kind": "play"},
    {"type": "play", "cards": "not-a-list"},
    {"type": "submit", "cards": [10**9]},
)


def card_ids(value) -> set:
    """Every value held under an "id" key anywhere in a view."""
    found = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "id" in item and isinstance(item["id"], int | str):
                found.add(item["id"])
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def check_views(game: Game, state, allow_shared: bool = False) -> dict:
    """Views compose from the omniscient parts, are JSON, and leak no hidden card id."""
    omni = game.view(state, OMNISCIENT)
    assert set(omni) == {"public", "seats", "secret"}
    assert json.loads(json.dumps(omni)) == omni, "views must be plain JSON"
    seats = game.seat_count(state)
    assert set(omni["seats"]) == {str(s) for s in range(seats)}
    assert game.view(state, None) == {"public": omni["public"]}
    public_ids = card_ids(omni["public"])
    seat_ids = {s: card_ids(omni["seats"][str(s)]) for s in range(seats)}
    secret_ids = card_ids(omni["secret"])
    for seat in range(seats):
        assert game.view(state, seat) == {"public": omni["public"], "you": omni["seats"][str(seat)]}
        leaked = secret_ids & (public_ids | seat_ids[seat])
        assert not leaked, f"secret card ids {sorted(leaked)[:5]} visible to seat {seat}"
        if not allow_shared:
            for other in range(seats):
                if other != seat:
                    shared = (seat_ids[seat] & seat_ids[other]) - public_ids
                    assert not shared, f"seats {seat} and {other} both hold private {shared}"
    return omni


def snapshot(state) -> bytes:
    return pickle.dumps(state)


def check_illegal_changes_nothing(game: Game, state, seat: int, acting: frozenset) -> None:
    """Garbage and out-of-turn actions raise IllegalAction and leave the state as it was."""
    before = snapshot(state)
    attempts = list(GARBAGE_ACTIONS)
    for other in range(game.seat_count(state)):
        if other not in acting and other != seat:
            attempts.append(("seat", other))
            break
    for attempt in attempts:
        try:
            if isinstance(attempt, tuple):
                legal = game.legal(state, seat)
                game.apply(state, attempt[1], legal[0] if legal else {"type": "pass"})
            else:
                game.apply(state, seat, attempt)
        except IllegalAction as error:
            assert isinstance(error.code, str) and error.code
        else:
            raise AssertionError(f"{attempt!r} was accepted")
        assert snapshot(state) == before, f"{attempt!r} changed the state"


def check_legal_all_accepted(game: Game, state, seat: int, rng: Rng, sample: int = 8) -> None:
    """A sample of the legal actions each apply cleanly to a clone; the original is untouched."""
    before = snapshot(state)
    legal = game.legal(state, seat)
    for action in rng.sample(legal, min(sample, len(legal))):
        twin = game.clone(state)
        game.apply(twin, seat, action)
    assert snapshot(state) == before, "applying to a clone changed the original"


def play_checked(
    game: Game,
    options,
    seats: int,
    seed: int,
    max_steps: int = 20_000,
    check_every: int = 1,
    allow_shared: bool = False,
    use_random_action: bool = False,
):
    """Play one random game with every contract check; return (result, state, log)."""
    state = game.new(options, seats=seats, seed=seed)
    rng = Rng(seed + 1)
    log: list[tuple] = []
    now = 0.0
    steps = 0
    while game.result(state) is None:
        assert steps < max_steps, f"{game.id} did not end within {max_steps} steps"
        now += 1.0
        acting = game.to_act(state)
        check = steps % check_every == 0
        if check:
            check_views(game, state, allow_shared)
        if acting:
            seat = rng.choice(sorted(acting))
            if check:
                check_illegal_changes_nothing(game, state, seat, acting)
                check_legal_all_accepted(game, state, seat, rng)
            if use_random_action:
                action = game.random_action(state, seat, rng)
            else:
                legal = game.legal(state, seat)
                assert legal, f"seat {seat} must act but has no legal action"
                action = rng.choice(legal)
            pending = [(seat, action)]
        else:
            pending = game.timeout_actions(state)
            assert pending, "nobody can act and no timeout is pending"
            deadline = game.deadline(state)
            now = max(now, deadline if deadline is not None else now)
        for seat, action in pending:
            game.apply(state, seat, action, now)
            log.append((seat, action, now))
        steps += 1
    check_views(game, state, allow_shared)
    replayed = game.new(options, seats=seats, seed=seed)
    for seat, action, at in log:
        game.apply(replayed, seat, action, at)
    assert game.view(replayed, OMNISCIENT) == game.view(state, OMNISCIENT), "replay differs"
    assert game.result(replayed) == game.result(state)
    for seat in range(seats):
        assert game.legal(state, seat) == [], "a finished game has no legal actions"
    return game.result(state), state, log
