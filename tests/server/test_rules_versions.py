"""A game's rules version (`Game.rules`), stamped on each start in the log: a server updated to
other rules of a game ends a game its log holds from the old ones, without a result, rather
than replaying it wrong, and the table carries on: it loads, its history reads, and its next
game starts under the new rules."""

from __future__ import annotations

from tinygame import TinyGame


def _start_action(server, code: str) -> dict:
    entries = server.on_loop(lambda: server.site.store.entries(code))
    return [e.action for e in entries if e.kind == "lobby" and e.action["type"] == "start"][-1]


def _two_playing(server):
    host = server.create()
    code = host["code"]
    bob = server.join(code, "Bob", client="bob-client")
    clients = [server.client(code, host["token"]), server.client(code, bob["token"])]
    assert clients[0].table({"type": "start"})["type"] == "update"
    return code, host["token"], clients


def test_a_start_is_logged_with_the_rules_it_is_played_under(server):
    code, _, clients = _two_playing(server)
    assert _start_action(server, code)["rules"] == TinyGame.rules
    for client in clients:
        client.close()


def test_a_game_logged_under_other_rules_ends_when_the_log_is_replayed(server, monkeypatch):
    code, token, clients = _two_playing(server)
    assert clients[0].play({"type": "pick", "n": 3})["type"] == "update"
    assert clients[1].play({"type": "pick", "n": 2})["type"] == "update"  # a round scored
    assert clients[0].play({"type": "pick", "n": 1})["type"] == "update"
    logged = server.read(code, lambda s: s.seq)
    for client in clients:
        client.close()

    monkeypatch.setattr(TinyGame, "rules", "2")  # the server is updated to new rules
    server.evict(code)
    status, state, seq, result = server.read(
        code, lambda s: (s.status, s.game_state, s.seq, s.results[-1])
    )
    assert (status, state, seq) == ("ended", None, logged)  # every entry passed, none replayed
    assert result["reason"] == "rules-changed" and result["places"] is None
    assert result["winners"] == [] and result["game_number"] == 1
    history = server.history(code, token)
    assert history["status"] == "ended" and history["steps"][-1]["seq"] == logged

    ann = server.client(code, token)
    # What the replay passes over, the live table refuses: a claim, a move
    refused = ann.table({"type": "claim", "outcome": "win"})
    assert refused["type"] == "error" and refused["code"] == "no-claim", refused
    assert ann.play({"type": "pick", "n": 2})["type"] == "error"
    assert ann.table({"type": "start"})["type"] == "update"
    assert server.read(code, lambda s: (s.status, s.game_number)) == ("playing", 2)
    assert _start_action(server, code)["rules"] == "2"
    assert ann.play({"type": "pick", "n": 2})["type"] == "update"
    ann.close()
