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
    rng = Rng(1)

    def look(state):
        """The step the table is at, the host's view there, and a move if it waits on her."""
        if state.status != "playing":
            return state.seq, None, None
        game_state = state.game_state
        move = game.random_action(game_state, 0, rng) if 0 in game.to_act(game_state) else None
        return state.seq, game.view(game_state, 0), move

    for _ in range(60):
        seq, view, move = server.read(code, look)
        ann.until(lambda c, seq=seq: c.seq >= seq)
        if ann.table_doc["status"] != "playing":
            break
        if ann.seq != seq:
            continue  # a bot or a timer moved since: look again
        assert ann.game == view
        if move is None:
            ann.until(lambda c, seq=seq: c.seq > seq)  # a bot's move, or the game's timeout
        else:
            answer = ann.play(move)
            assert answer["type"] == "update", answer
    history = server.history(code, host["token"])
    assert history["steps"] and history["game"] == game_id
