"""The engine contract (tests/game_contract.py) over every registered game, unlisted ones too,
and each of its presets: a game added to `cardtable.games` is tested here with no edit.

Random games at drawn seat counts, choosing uniformly among the legal actions or by the game's
own `random_action`; presets that resolve to the same options (CAH's default and online) play
once. A game's own property tests add its rules' invariants and drawn option sets.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import games
from game_contract import play_checked

CONTRACT = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def distinct_presets(game_id: str) -> list[str]:
    """The game's presets, the first of any that resolve to the same options only."""
    game = games.get(game_id)
    kept: dict[str, str] = {}
    for preset in game.presets:
        resolved = {k: v for k, v in game.options(preset).items() if k != "preset"}
        kept.setdefault(repr(sorted(resolved.items())), preset)
    return list(kept.values())


CASES = [
    (game_id, preset)
    for game_id in games.ids(unlisted=True)
    for preset in distinct_presets(game_id)
]


@pytest.mark.parametrize(("game_id", "preset"), CASES, ids=[f"{g}-{p}" for g, p in CASES])
@CONTRACT
@given(seed=st.integers(0, 2**31), data=st.data(), use_random_action=st.booleans())
def test_random_games_of_every_preset_keep_the_engine_contract(
    game_id, preset, seed, data, use_random_action
):
    game = games.get(game_id)
    low, high = game.seat_range(game.options(preset))
    seats = data.draw(st.integers(low, high), label="seats")
    result, _, _ = play_checked(
        game,
        preset,
        seats,
        seed,
        check_every=4,
        use_random_action=use_random_action,
        thin_out_after=256,
        # Random Russian Bank deals run to thousands of moves (RB-20's draw waits for full
        # passes without progress), so a match of four can pass play_checked's 20,000.
        max_steps=100_000,
    )
    assert isinstance(result.reason, str) and result.reason
    assert len(result.places) == seats and min(result.places) == 1
    assert all(1 <= place <= seats for place in result.places)


def test_every_listed_game_is_also_among_the_unlisted_ones():
    """The lobby's games are a subset of those tested here, and the example is not offered."""
    assert set(games.ids()) < set(games.ids(unlisted=True))
    assert "example" not in games.ids()
