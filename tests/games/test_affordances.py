"""The affordances contract, over random games of every registered game and preset: a seat's
view carries what it may do now (`you.can`, `Game.affordances`), and expanding it from the
view alone (`Game.expand_affordances`) gives exactly `legal` (as a set of canonical JSON), for
every seat at every step. `can` is in the seat's own part only, and holds nothing hidden: each
card id it names is in the seat's view already, and where the game can deal a state the seat
cannot tell from the real one (`Game.determinize`), that state affords the same."""

from __future__ import annotations

import json

import pytest

from cardtable import games
from cardtable.engine import Game, Rng, play_out, random_moves
from game_contract import card_ids

#: Random games per (game, preset), each with its seat count: the fewest, and two more (CAH's
#: 20 seats would only repeat the same checks), and the steps each plays at most (a Russian
#: Bank match runs to thousands; its first hundreds cover every kind of play).
SEEDS = {1: 0, 2: 2}
MAX_STEPS = 200


def canonical(actions: list[dict]) -> set[str]:
    return {json.dumps(action, sort_keys=True) for action in actions}


def named_cards(can) -> set:
    """The card ids `can` names: the ints under keys named `card` or ending in `cards`/`Cards`
    (the naming every game's affordances keep to), however deeply nested."""
    found: set = set()

    def ints(value) -> None:
        if type(value) is int:
            found.add(value)
        elif type(value) is list:
            for item in value:
                ints(item)

    stack = [can]
    while stack:
        item = stack.pop()
        if type(item) is dict:
            for key, value in item.items():
                if key == "card" or key.endswith(("cards", "Cards")):
                    ints(value)
                else:
                    stack.append(value)
        elif type(item) is list:
            stack.extend(item)
    return found


def determinized(game: Game, state, seat: int, rng: Rng):
    """A state `seat` cannot tell from `state`, or None where the game samples none."""
    try:
        return game.determinize(state, seat, rng)
    except NotImplementedError:
        return None


def check_affordances(game: Game, state, rng: Rng) -> None:
    assert "you" not in game.view(state, None)
    for seat in range(game.seat_count(state)):
        view = game.view(state, seat)
        can = view["you"]["can"]
        assert "can" not in view["public"], "affordances are a seat's own, never public"
        assert can == game.affordances(state, seat)
        assert json.loads(json.dumps(can)) == can, "affordances must be plain JSON"
        expanded = game.expand_affordances(view)
        assert canonical(expanded) == canonical(game.legal(state, seat)), (
            f"{game.id}: seat {seat}'s `can` does not expand to its legal actions: {can}"
        )
        seen = card_ids({"public": view["public"], "you": {**view["you"], "can": None}})
        hidden = named_cards(can) - seen
        assert not hidden, f"{game.id}: seat {seat}'s `can` names cards it cannot see: {hidden}"
        sample = determinized(game, state, seat, rng)
        if sample is not None:
            assert game.affordances(sample, seat) == can, (
                f"{game.id}: seat {seat}'s `can` depends on hidden information"
            )


CASES = [
    (game_id, preset, seed)
    for game_id in games.ids(unlisted=True)
    for preset in games.get(game_id).presets
    for seed in SEEDS
]


@pytest.mark.parametrize(
    ("game_id", "preset", "seed"), CASES, ids=[f"{g}-{p}-{s}" for g, p, s in CASES]
)
def test_affordances_expand_to_exactly_the_legal_actions(game_id, preset, seed):
    game = games.get(game_id)
    low, high = game.seat_range(game.options(preset))
    seats = min(high, low + SEEDS[seed])
    state = game.new(preset, seats=seats, seed=seed)
    rng = Rng(seed)
    check_affordances(game, state, rng)
    play_out(
        game,
        state,
        random_moves(game, rng),
        max_steps=MAX_STEPS,
        on_step=lambda _: check_affordances(game, state, rng),
    )


def test_a_finished_game_affords_nothing():
    for game_id in games.ids(unlisted=True):
        game = games.get(game_id)
        state = game.new(None, seed=3)
        outcome = play_out(game, state, random_moves(game, Rng(3)), max_steps=100_000)
        assert outcome.result is not None
        for seat in range(game.seat_count(state)):
            assert game.expand_affordances(game.view(state, seat)) == []
