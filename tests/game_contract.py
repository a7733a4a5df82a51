"""Checks every game must pass, on real games played by random choices.

`play_checked` plays one game to its end (`engine.play_out`) and, along the way, checks the
engine contract of DESIGN.md: views are exactly public + own part, no card id leaks from the
secret part or from another seat, illegal actions raise and change nothing, every legal action
is accepted, mutating a clone never changes the original, every deadline can pass (the game's
timeout actions apply, or seats are to act for the table's autopilot), and replaying (seed,
actions) reproduces the final state.
"""

from __future__ import annotations

import json
import pickle

from cardtable.engine import (
    OMNISCIENT,
    Ending,
    Game,
    IllegalAction,
    Rng,
    Step,
    draw_seat,
    play_out,
    random_moves,
)

GARBAGE_ACTIONS = (
    {"type": "no-such-action"},
    {"type": 7},
    {"kind": "play"},
    {"type": "play", "cards": "not-a-list"},
    {"type": "submit", "cards": [10**9]},
)
#: Random steps a clone plays on after its first action, to reach what that action left shared.
CLONE_PLAYS_ON = 3


def card_ids(value) -> set:
    """Every value held under an "id" key anywhere in a view."""
    found = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if type(item) is dict:
            if "id" in item and isinstance(item["id"], int | str):
                found.add(item["id"])
            stack.extend(item.values())
        elif type(item) is list or type(item) is tuple:
            stack.extend(item)
    return found


def omniscient_text(game: Game, state) -> str:
    """The omniscient view, serialised: equal texts, equal games as far as any viewer knows."""
    return json.dumps(game.view(state, OMNISCIENT), sort_keys=True)


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
        view = {"public": omni["public"], "you": omni["seats"][str(seat)]}
        assert game.view(state, seat) == view
        _check_part_of(game.sight(state, seat), view)
        leaked = secret_ids & (public_ids | seat_ids[seat])
        assert not leaked, f"secret card ids {sorted(leaked)[:5]} visible to seat {seat}"
        if not allow_shared:
            for other in range(seats):
                if other != seat:
                    shared = (seat_ids[seat] & seat_ids[other]) - public_ids
                    assert not shared, f"seats {seat} and {other} both hold private {shared}"
    return omni


def _check_part_of(sight: dict, view: dict) -> None:
    """A bot's sight holds some of the view's parts and, of each, some keys, unchanged."""
    assert set(sight) <= set(view), f"a sight holds parts {set(sight) - set(view)} no view has"
    for part, items in sight.items():
        for key, value in items.items():
            assert view[part].get(key, ...) == value, f"the sight's {part}.{key} is not the view's"


def check_deadline_can_pass(game: Game, state, now: float) -> None:
    """A set deadline can pass: the game's timeout actions apply at it (to a clone), or, where
    it names none, seats are to act for the table's autopilot to move."""
    deadline = game.deadline(state)
    if deadline is None:
        return
    pairs = game.timeout_actions(state)
    if not pairs:
        assert game.to_act(state), "a deadline with no timeout action and nobody to act"
        return
    twin = game.clone(state)
    for seat, action in pairs:
        game.apply(twin, seat, action, max(now, deadline))


def snapshot(state) -> bytes:
    return pickle.dumps(state)


def check_illegal_refused(game: Game, state, seat: int, acting: frozenset) -> None:
    """Garbage and out-of-turn actions raise IllegalAction (the caller checks that they changed
    nothing)."""
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


def check_clones_accept_legal_actions(
    game: Game, state, seat: int, rng: Rng, now: float, sample: int = 8
) -> None:
    """A sample of the legal actions each apply cleanly to a clone of their own; the first
    clone then plays on a few random steps (the caller checks the original is unchanged)."""
    legal = game.legal(state, seat)
    for index, action in enumerate(rng.sample(legal, min(sample, len(legal)))):
        twin = game.clone(state)
        game.apply(twin, seat, action, now)
        if index == 0:
            play_out(game, twin, random_moves(game, rng), max_steps=CLONE_PLAYS_ON, clock=now)


def check_move(game: Game, state, seat: int, acting: frozenset, rng: Rng, now: float) -> None:
    """Before `seat` moves: illegal actions are refused, legal ones accepted by clones, and
    neither changes the state; mutating clones leaves the omniscient view (serialised) as it
    was."""
    before, seen = snapshot(state), omniscient_text(game, state)
    check_illegal_refused(game, state, seat, acting)
    check_clones_accept_legal_actions(game, state, seat, rng, now)
    assert omniscient_text(game, state) == seen, (
        "mutating a clone (or an illegal action) changed the original's omniscient view"
    )
    assert snapshot(state) == before, "an illegal action (or mutating a clone) changed the state"


def play_checked(
    game: Game,
    options,
    seats: int,
    seed: int,
    max_steps: int = 20_000,
    check_every: int = 1,
    allow_shared: bool | None = None,
    use_random_action: bool = False,
    thin_out_after: int | None = None,
):
    """Play one random game with every contract check, at every `check_every`-th step; return
    (result, state, log). `allow_shared`: whether two seats may hold the same private card
    (None: as the game declares, `Game.shared_private_cards`). `thin_out_after`: past this
    many steps, checks come twice as far apart each time the game doubles its length, so a
    long game (a Russian Bank match) costs little more to check than a short one."""
    if allow_shared is None:
        allow_shared = game.shared_private_cards

    def due(step: int) -> bool:
        spacing = check_every
        if thin_out_after is not None:
            spacing <<= (step // thin_out_after).bit_length()
        return step % spacing == 0

    state = game.new(options, seats=seats, seed=seed)
    rng = Rng(seed + 1)
    log: list[tuple] = []
    now, steps = 0.0, 0

    def check_state(state) -> None:
        check_views(game, state, allow_shared)
        check_deadline_can_pass(game, state, now)

    def decide(state, seat: int) -> dict:
        if due(steps):
            check_move(game, state, seat, game.to_act(state), rng, now)
        if use_random_action:
            return game.random_action(state, seat, rng)
        legal = game.legal(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        return rng.choice(legal)

    def after(step: Step) -> None:
        nonlocal now, steps
        now, steps = step.at, steps + 1
        log.extend((seat, action, step.at) for seat, action in step.actions)
        if due(steps):
            check_state(state)

    check_state(state)
    played = play_out(game, state, draw_seat(decide, rng), max_steps=max_steps, on_step=after)
    assert played.ending is Ending.FINISHED, f"{game.id} did not end within {max_steps} steps"
    check_views(game, state, allow_shared)
    replayed = game.new(options, seats=seats, seed=seed)
    for seat, action, at in log:
        game.apply(replayed, seat, action, at)
    assert game.view(replayed, OMNISCIENT) == game.view(state, OMNISCIENT), "replay differs"
    assert game.result(replayed) == game.result(state)
    for seat in range(seats):
        assert game.legal(state, seat) == [], "a finished game has no legal actions"
    return played.result, state, log
