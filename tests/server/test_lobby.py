"""The lobby over HTTP and WebSocket: joining, names, host powers, bans, bots, teams, late join."""

from __future__ import annotations

import pytest
from harness import bearer


def _codes(message):
    return message.get("code")


def test_create_and_join_return_tokens_and_codes(server):
    host = server.create(options="quick")
    assert len(host["code"]) == 6 and host["token"] and host["member"] == 0
    joined = server.join(host["code"].lower(), "Bob", client="bob-client-1")
    assert joined["member"] == 1 and joined["token"] != host["token"]
    summary = server.summary(host["code"], host["token"])
    assert summary["players"] == 2 and summary["status"] == "lobby"
    assert summary["host_name"] == "Ann"
    assert summary["late_join"] is True and summary["public"] is False


def test_tables_are_private_unless_listing_is_chosen(server):
    """Issue 20: a new table is unlisted; listing it under public tables is an opt-in."""
    unlisted = server.create()
    listed = server.create(public=True)
    codes = [t["code"] for t in server.http.get("/api/tables").json()]
    assert listed["code"] in codes and unlisted["code"] not in codes


def test_private_tables_are_not_listed_and_passwords_are_checked(server):
    host = server.create(public=True, password="sesame")
    assert host["code"] in [t["code"] for t in server.http.get("/api/tables").json()]
    host = server.create(public=False, password="sesame")
    assert host["code"] not in [t["code"] for t in server.http.get("/api/tables").json()]
    wrong = server.join(host["code"], "Bob", password="nope", expect=404)
    assert wrong == server.join("ZZZZZZ", "Bob", expect=404)  # tells no code apart
    bob = server.join(host["code"], "Bob", password="sesame")
    assert bob["member"] == 1
    assert server.summary(host["code"], bob["token"])["locked"] is True


def test_names_are_unique_per_table_and_cleaned(server):
    host = server.create()
    taken = server.join(host["code"], "  ann ", expect=409)
    assert taken["error"]["code"] == "name-taken"
    control = server.join(host["code"], "Bo\x00b", expect=400)
    assert control["error"]["code"] == "bad-name"
    assert server.join(host["code"], "Ann 2")["member"] == 1


def test_unknown_table_and_game(server):
    assert server.join("ZZZZZZ", "Bob", expect=404)["error"]["code"] == "not-found"
    answer = server.http.post("/api/tables", json={"game": "nope", "name": "A", "client": "x" * 8})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "unknown-game"
    answer = server.http.post(
        "/api/tables", json={"game": "tiny", "name": "A", "client": "x" * 8, "options": {"zap": 1}}
    )
    assert answer.json()["error"]["code"] == "bad-options"


def test_only_the_host_starts_and_the_minimum_is_enforced(server):
    host = server.create()
    ann = server.client(host["code"], host["token"])
    assert ann.table({"type": "start"})["code"] == "seat-count"
    bob = server.client(
        host["code"], server.join(host["code"], "Bob", client="bob-client-1")["token"]
    )
    assert bob.table({"type": "start"})["code"] == "not-host"
    assert ann.table({"type": "start"})["type"] == "update"
    bob.until(lambda c: c.table_doc["status"] == "playing")
    secrets = server.read(host["code"], lambda state: list(state.game_state.secrets))
    assert [ann.game["you"]["secret"], bob.game["you"]["secret"]] == secrets  # each its own
    assert "secret" not in bob.game["public"]


def test_host_changes_settings_between_games(server):
    host = server.create()
    ann = server.client(host["code"], host["token"])
    answer = ann.table({"type": "settings", "options": {"target": 3}, "name": "Fun <b>table</b>"})
    assert answer["type"] == "update"
    assert ann.table_doc["options"]["target"] == 3
    assert ann.table_doc["name"] == "Fun <b>table</b>"
    assert ann.table({"type": "settings", "options": {"target": 0}})["code"] == "bad-options"
    assert ann.table({"type": "settings", "password": "pw"})["type"] == "update"
    assert ann.table_doc["password"] is True
    assert server.join(host["code"], "Bob", expect=404)["error"]["code"] == "not-found"


def test_kick_and_ban_survive_a_new_name_from_the_same_client(server):
    host = server.create()
    code = host["code"]
    ann = server.client(code, host["token"])
    bob_join = server.join(code, "Bob", client="bob-client-1", address="10.0.0.2")
    bob = server.client(code, bob_join["token"])
    answer = ann.table({"type": "kick", "member": bob_join["member"], "ban": True})
    assert answer["type"] == "update"
    assert [m["name"] for m in ann.table_doc["members"]] == ["Ann"]
    with pytest.raises(Exception):  # noqa: B017 - the kicked tab is closed by the server
        bob.until(lambda c: False, timeout=5)
    again = server.join(code, "Robert", client="bob-client-1", address="10.0.0.9", expect=403)
    assert again["error"]["code"] == "banned"
    carol = server.join(code, "Carol", client="carol-client", address="10.0.0.3")["member"]
    # a kicked (not banned) player may come back
    assert ann.table({"type": "kick", "member": carol})["type"] == "update"
    assert server.join(code, "Carol", client="carol-client", address="10.0.0.3")["member"] == 3


def test_a_table_ban_follows_the_address_across_client_strings(server):
    """Issue 23 (7): a banned player who clears their browser's storage (a new `client`)
    is still kept out from the address they were banned at."""
    host = server.create()
    code = host["code"]
    ann = server.client(code, host["token"])
    bob = server.join(code, "Bob", client="bob-client-1", address="10.0.0.2")
    assert ann.table({"type": "kick", "member": bob["member"], "ban": True})["type"] == "update"
    again = server.join(code, "Bobby", client="fresh-client-2", address="10.0.0.2", expect=403)
    assert again["error"] == {
        "code": "banned",
        "message": "the host has banned you from this table",
    }
    # other tables, and other addresses, are not affected
    assert server.join(code, "Dee", client="dee-client-1", address="10.0.0.4")["member"] == 2
    other = server.create()["code"]
    assert server.join(other, "Bob", client="fresh-client-2", address="10.0.0.2")["member"] == 1


def test_host_passes_to_the_longest_seated_player(server):
    host = server.create()
    code = host["code"]
    bob = server.join(code, "Bob", client="bob-client-1")
    server.join(code, "Carol", client="carol-client")
    ann = server.client(code, host["token"])
    bob_ws = server.client(code, bob["token"])
    ann.table({"type": "leave"})
    bob_ws.until(lambda c: c.table_doc["host"] == bob["member"])
    assert "host-changed" in [e["type"] for e in bob_ws.events]


def test_spectators_watch_the_public_view_only(server):
    host = server.create()
    code = host["code"]
    bob = server.join(code, "Bob", client="bob-client-1")
    watcher = server.join(code, "Eve", client="eve-client", spectate=True)
    assert watcher["spectate"] is True
    ann = server.client(code, host["token"])
    eve = server.client(code, watcher["token"])
    ann.table({"type": "start"})
    eve.until(lambda c: c.game is not None)
    assert set(eve.game) == {"public"}
    assert eve.play({"type": "pick", "n": 1})["code"] == "not-a-player"
    bob_ws = server.client(code, bob["token"])
    bob_ws.play({"type": "pick", "n": 2})
    eve.until(lambda c: c.game["public"]["picked"] == [1])
    assert all(e["type"] != "you-picked" for e in eve.events)
    assert any(e["type"] == "you-picked" for e in bob_ws.events)


def test_bots_fill_seats_and_play(server):
    host = server.create(options={"target": 3})
    ann = server.client(host["code"], host["token"])
    assert ann.table({"type": "add-bot"})["type"] == "update"
    assert ann.table({"type": "add-bot", "bot": "nope"})["code"] == "unknown-bot"
    ann.table({"type": "start"})
    while ann.table_doc["status"] == "playing":
        ann.play({"type": "pick", "n": 1})
        ann.until(
            lambda c: c.table_doc["status"] != "playing" or 0 not in c.game["public"]["picked"]
        )
    assert ann.table_doc["status"] == "ended"
    assert ann.table_doc["members"][1]["bot"] == "random"


def test_late_join_where_the_game_allows_it(server):
    closed = server.create()
    server.join(closed["code"], "Bob", client="bob-client-1")
    server.client(closed["code"], closed["token"]).table({"type": "start"})
    assert server.join(closed["code"], "Carol", client="c" * 8, expect=409)["error"]["code"] == (
        "game-running"
    )
    assert server.join(closed["code"], "Carol", client="c" * 8, spectate=True)["spectate"]

    host = server.create(options={"lateJoin": True})
    server.join(host["code"], "Bob", client="bob-client-1")
    ann = server.client(host["code"], host["token"])
    ann.table({"type": "start"})
    carol = server.client(host["code"], server.join(host["code"], "Carol", client="c" * 8)["token"])
    assert carol.game["you"] is not None and len(carol.game["public"]["scores"]) == 3
    ann.until(lambda c: len(c.game["public"]["scores"]) == 3)


def test_team_seats_hold_two_people(server, tiny_game, monkeypatch):
    monkeypatch.setattr(type(tiny_game), "seat_capacity", lambda self, options: 2, raising=False)
    host = server.create()
    code = host["code"]
    ann = server.client(code, host["token"])
    partner = server.join(code, "Bob", client="bob-client-1", team_with=0)
    ann.until(lambda c: _member(c, partner["member"]).get("asks") == 0)
    assert _answer(ann, partner["member"], True)["type"] == "update"
    third = server.join(code, "Cid", client="cid-client", team_with=0, expect=409)
    assert third["error"]["code"] == "team-full"
    server.join(code, "Dee", client="dee-client")
    bob = server.client(code, partner["token"])
    ann.table({"type": "start"})
    bob.until(lambda c: c.game is not None)
    assert bob.game["you"] == ann.game["you"]
    assert len(ann.game["public"]["scores"]) == 2
    bob.play({"type": "pick", "n": 3})
    assert ann.play({"type": "pick", "n": 1})["code"] == "not-your-turn"


def _member(client, member: int) -> dict:
    """The member as `client`'s document shows them ({} until it does)."""
    return next((m for m in client.table_doc["members"] if m["id"] == member), {})


def _team_fields(member: dict) -> tuple:
    return member["role"], member["team"], member["asks"]


def _answer(client, member: int, accept: bool) -> dict:
    return client.table({"type": "answer-team", "member": member, "accept": accept})


def test_a_partner_joins_a_seat_only_once_its_player_accepts(server, tiny_game, monkeypatch):
    """Issue 23 (6): asking to share a seat (`team_with`) makes a spectator who sees nothing
    of that hand until the player accepts; the player (or the host) may decline."""
    monkeypatch.setattr(type(tiny_game), "seat_capacity", lambda self, options: 2, raising=False)
    host = server.create()
    code = host["code"]
    ann = server.client(code, host["token"])
    bob_join = server.join(code, "Bob", client="bob-client-1")
    bob = server.client(code, bob_join["token"])
    eve_join = server.join(code, "Eve", client="eve-client-1", team_with=bob_join["member"])
    assert eve_join["spectate"] is True
    eve = server.client(code, eve_join["token"])
    assert _team_fields(_member(eve, eve_join["member"])) == ("spectator", None, 1)
    # Only the player asked, or the host, may answer; Eve cannot accept herself.
    assert _answer(eve, eve_join["member"], True)["code"] == "not-asked"
    assert _answer(bob, bob_join["member"], True)["code"] == "no-team-request"
    assert _answer(bob, eve_join["member"], False)["type"] == "update"
    assert _member(bob, eve_join["member"])["asks"] is None
    assert _answer(bob, eve_join["member"], True)["code"] == "no-team-request"
    # Started now, Eve watches: the public view only, nothing of Bob's hand.
    ann.table({"type": "start"})
    eve.until(lambda c: c.game is not None)
    assert "you" not in eve.game and len(eve.game["public"]["scores"]) == 2
    # Asked again between games, the host may accept for the player.
    ann.table({"type": "host-action", "action": {"type": "end"}})
    ann.until(lambda c: c.table_doc["status"] == "ended")
    zed = server.join(code, "Zed", client="zed-client-1", team_with=bob_join["member"])
    ann.until(lambda c: _member(c, zed["member"]).get("asks") == bob_join["member"])
    assert _answer(ann, zed["member"], True)["type"] == "update"
    assert _team_fields(_member(ann, zed["member"])) == ("player", 1, None)


def test_rematch_after_the_game(server):
    host = server.create(options={"target": 1})
    code = host["code"]
    bob = server.client(code, server.join(code, "Bob", client="bob-client-1")["token"])
    ann = server.client(code, host["token"])
    ann.table({"type": "start"})
    ann.play({"type": "pick", "n": 1})
    bob.play({"type": "pick", "n": 2})
    ann.until(lambda c: c.table_doc["status"] == "ended")
    assert ann.table_doc["results"][0]["winners"] == [1]
    assert ann.table({"type": "start"})["type"] == "update"
    assert ann.table_doc["game_number"] == 2 and ann.game["public"]["round"] == 1
    history = server.history(code, host["token"])
    assert history["results"][0]["winners"] == [1]


def test_chat_and_names_are_data_not_markup(server):
    host = server.create(name="<img src=x onerror=f()>")
    ann = server.client(host["code"], host["token"])
    text = "<script>alert('hi')</script> & \"quotes\""
    assert ann.table({"type": "chat", "text": text})["type"] == "update"
    assert ann.table_doc["chat"][-1]["text"] == text
    assert ann.table_doc["members"][0]["name"] == "<img src=x onerror=f()>"
    summary = server.http.get(f"/api/tables/{host['code']}", headers=bearer(host["token"]))
    assert summary.headers["content-type"].startswith("application/json")
    assert summary.json()["host_name"] == "<img src=x onerror=f()>"
    assert ann.table({"type": "chat", "text": "x" * 501})["code"] == "bad-chat"
