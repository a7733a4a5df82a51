"""Every registered game plays at a table: the host against bots, over the real protocol, and
what each connection receives is exactly that seat's view."""

from __future__ import annotations

import pytest

from cardtable import games
from cardtable.engine import Rng

REAL_GAMES = [g for g in games.ids() if g != "tiny"]


@pytest.mark.parametrize(
    "game_id",
    REAL_GAMES
    or [pytest.param("none", marks=pytest.mark.skip(reason="no game is registered yet"))],
)
@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_host_plays_against_bots(server, game_id):
    game = games.get(game_id)
    host = server.create(game=game_id)
    code = host["code"]
    ann = server.client(code, host["token"])
    low = game.seat_range(game.options(None))[0]
    for _ in range(low - 1):
        assert ann.table({"type": "add-bot"})["type"] == "update"
    assert ann.table({"type": "start"})["type"] == "update", ann.messages[-1]
    live = server.hub.tables[code]
    rng = Rng(1)
    for _ in range(60):
        ann.drain(0.1)
        if ann.table_doc["status"] != "playing":
            break
        state = live.state.game_state
        if ann.seq != live.state.seq:
            continue  # a bot or a timer moved since: look again
        assert ann.game == game.view(state, 0)
        if 0 in game.to_act(state):
            answer = ann.play(game.random_action(state, 0, rng))
            assert answer["type"] == "update", answer
    history = server.history(code, host["token"])
    assert history["steps"] and history["game"] == game_id
