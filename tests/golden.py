"""Golden playthroughs: every seat's view at every step of a seeded game, checked in as JSON.

A golden file is regenerated with CARDTABLE_UPDATE_GOLDEN=1; otherwise a run compares the
recorded steps with a fresh playthrough and fails on the first difference.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from cardtable import bots, games
from cardtable.engine import Rng

GOLDEN_DIR = Path(__file__).parent / "golden"


def record(game_id: str, options, seats: int, seed: int, bot_names=None, max_steps=400) -> dict:
    """Play a seeded game between bots; record the action and every seat's view per step."""
    game = games.get(game_id)
    players = [bots.get(name, game_id) for name in (bot_names or ["random"] * seats)]
    state = game.new(options, seats=seats, seed=seed)
    chooser = Rng(seed ^ 0x60D)
    steps = []
    now = 0.0
    while game.result(state) is None and len(steps) < max_steps:
        now += 1.0
        acting = game.to_act(state)
        if acting:
            seat = chooser.choice(sorted(acting))
            pending = [(seat, players[seat].choose(game, state, seat, chooser))]
        else:
            pending = game.timeout_actions(state)
            now = max(now, game.deadline(state) or now)
        for seat, action in pending:
            events = game.apply(state, seat, action, now)
            steps.append(
                {
                    "seat": seat,
                    "action": action,
                    "events": [
                        {"to": None if e.to is None else sorted(e.to), **e.to_json()}
                        for e in events
                    ],
                    "views": {str(s): game.view(state, s) for s in range(game.seat_count(state))},
                    "spectator": game.view(state, None),
                }
            )
    result = game.result(state)
    return {
        "game": game_id,
        "options": options,
        "seats": seats,
        "seed": seed,
        "steps": steps,
        "result": None if result is None else result.to_json(),
    }


def check_golden(name: str, game_id: str, options, seats: int, seed: int, **kwargs) -> None:
    """Compare a fresh playthrough with `golden/<name>.json` (write it when updating)."""
    fresh = json.loads(json.dumps(record(game_id, options, seats, seed, **kwargs)))
    path = GOLDEN_DIR / f"{name}.json"
    if os.environ.get("CARDTABLE_UPDATE_GOLDEN") == "1" or not path.exists():
        if os.environ.get("CI") == "true":
            raise AssertionError(f"golden file {path.name} is missing in CI")
        path.write_text(json.dumps(fresh, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        return
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["result"] == fresh["result"], f"{name}: the result changed"
    assert len(stored["steps"]) == len(fresh["steps"]), f"{name}: the number of steps changed"
    for index, (old, new) in enumerate(zip(stored["steps"], fresh["steps"], strict=True)):
        assert old == new, f"{name}: step {index} differs (seat {new['seat']}, {new['action']})"
