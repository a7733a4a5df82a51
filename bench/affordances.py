"""What a seat's `can` (the game's affordances) costs a view: for every listed game, states from
random games, and the time of a seat's own part (`seat_view`, which carries `can`), of `can`
alone and of the public part. The server builds every seat's part after every step, so `can`
is paid once per seat per step.

    uv run python bench/affordances.py
"""

from __future__ import annotations

import time

from cardtable import games
from cardtable.engine import Rng, play_out, random_moves

SEEDS = (1, 2, 3)
MAX_STEPS = 300


def sampled_states(game) -> list:
    states: list = []
    low, high = game.seat_range(game.options(None))
    for seed in SEEDS:
        state = game.new(None, seats=min(high, low + 2), seed=seed)
        play_out(
            game,
            state,
            random_moves(game, Rng(seed)),
            max_steps=MAX_STEPS,
            on_step=lambda _, state=state: states.append(game.clone(state)),
        )
    return states


def per_call(call, calls: list) -> float:
    """CPU microseconds per call of `call` on each argument tuple of `calls`."""
    start = time.process_time()
    for args in calls:
        call(*args)
    return 1e6 * (time.process_time() - start) / len(calls)


def main() -> None:
    for game_id in games.ids():
        game = games.get(game_id)
        states = sampled_states(game)
        seats = [(s, seat) for s in states for seat in range(game.seat_count(s))]
        own = per_call(game.seat_view, seats)
        can = per_call(game.affordances, seats)
        public = per_call(game.public_view, [(s,) for s in states])
        print(
            f"{game_id:13} {len(seats):5} seat views: own part {own:6.1f} us, of which can "
            f"{can:6.1f} us; public part {public:6.1f} us"
        )


if __name__ == "__main__":
    main()
