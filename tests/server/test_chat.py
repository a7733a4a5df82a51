"""Chat at a table over WebSocket: kept with the history, length and rate limits, and the
host's `chat` setting (everyone, players only, or off)."""

from __future__ import annotations


def _table(server, spectator=True):
    """Ann (host), Bob (player) and, if asked, Eve (spectator), each with an open socket."""
    host = server.create()
    code = host["code"]
    ann = server.client(code, host["token"])
    bob = server.client(code, server.join(code, "Bob", client="bob-client-1")["token"])
    eve = None
    if spectator:
        watcher = server.join(code, "Eve", client="eve-client-1", spectate=True)
        eve = server.client(code, watcher["token"])
    return code, ann, bob, eve


def _steps(server, code, member):
    """The table's public history, read with `member`'s (a Client's) token."""
    return server.history(code, member.token)["steps"]


def test_chat_lines_reach_everyone_and_are_kept_in_the_history(server):
    code, ann, bob, eve = _table(server)
    said = bob.table({"type": "chat", "text": "  hello <b>all</b>\nsecond line "})
    assert said["type"] == "update"
    eve.until(lambda c: c.table_doc["chat"])
    line = eve.table_doc["chat"][-1]
    assert line == {"member": 1, "name": "Bob", "text": "hello <b>all</b>\nsecond line", "seq": 4}
    assert eve.table({"type": "chat", "text": "watching"})["type"] == "update"
    ann.until(lambda c: len(c.table_doc["chat"]) == 2)
    chats = [e for step in _steps(server, code, ann) for e in step["events"] if e["type"] == "chat"]
    assert [(c["name"], c["text"], c["seq"]) for c in chats] == [
        ("Bob", "hello <b>all</b>\nsecond line", 4),
        ("Eve", "watching", 5),
    ]


def test_chat_length_is_limited_and_refused_lines_are_not_logged(server):
    code, ann, _, _ = _table(server, spectator=False)
    before = len(_steps(server, code, ann))
    assert ann.table({"type": "chat", "text": "x" * 501})["code"] == "bad-chat"
    assert ann.table({"type": "chat", "text": "   "})["code"] == "bad-chat"
    assert ann.table({"type": "chat", "text": "bell\x07"})["code"] == "bad-chat"
    assert ann.table({"type": "chat", "text": "x" * 500})["type"] == "update"
    assert len(_steps(server, code, ann)) == before + 1


def test_chat_rate_is_limited_per_member(server):
    host = server.create()
    code = host["code"]
    ann = server.client(code, host["token"])
    bob = server.client(code, server.join(code, "Bob", client="bob-client-1")["token"])
    burst = server.settings.chat_burst
    for n in range(burst):
        assert ann.table({"type": "chat", "text": f"line {n}"})["type"] == "update"
    refused = ann.table({"type": "chat", "text": "one too many"})
    assert refused["code"] == "rate-limited"
    # a second tab of the same member shares the limit; another member has their own
    again = server.client(code, host["token"])
    assert again.table({"type": "chat", "text": "other tab"})["code"] == "rate-limited"
    assert bob.table({"type": "chat", "text": "my turn"})["type"] == "update"
    texts = [line["text"] for line in bob.table_doc["chat"]]
    assert "one too many" not in texts and "other tab" not in texts and "my turn" in texts


def test_host_mutes_spectators_or_turns_chat_off(server):
    code, ann, bob, eve = _table(server)
    assert ann.table_doc["chat_mode"] == "on"
    assert bob.table({"type": "settings", "chat": "off"})["code"] == "not-host"
    assert ann.table({"type": "settings", "chat": "players"})["type"] == "update"
    eve.until(lambda c: c.table_doc["chat_mode"] == "players")
    seq = eve.seq
    assert eve.table({"type": "chat", "text": "let me talk"})["code"] == "muted"
    assert bob.table({"type": "chat", "text": "players may"})["type"] == "update"
    assert ann.table({"type": "settings", "chat": "off"})["type"] == "update"
    for member in (ann, bob, eve):
        assert member.table({"type": "chat", "text": "anyone?"})["code"] == "chat-off"
    server.catch_up(ann, code)
    assert [line["text"] for line in ann.table_doc["chat"]] == ["players may"]
    assert eve.seq == seq + 2  # the players' line and the setting; refusals logged nothing
    ann.send({"type": "table", "id": "x", "action": {"type": "settings", "chat": "spectators"}})
    assert ann.recv()["code"] == "bad-message"
    assert ann.table({"type": "settings", "chat": "on"})["type"] == "update"
    assert eve.table({"type": "chat", "text": "back again"})["type"] == "update"


def test_chat_setting_changes_during_a_game_but_nothing_else_does(server):
    code, ann, _, eve = _table(server)
    assert ann.table({"type": "start"})["type"] == "update"
    assert ann.table({"type": "settings", "chat": "players"})["type"] == "update"
    assert eve.table({"type": "chat", "text": "psst"})["code"] == "muted"
    refused = ann.table({"type": "settings", "chat": "on", "name": "Renamed"})
    assert refused["code"] == "game-running"
    assert ann.table({"type": "settings", "public": False})["code"] == "game-running"
    assert ann.table({"type": "settings", "password": None})["code"] == "game-running"
    server.catch_up(ann, code)
    assert ann.table_doc["chat_mode"] == "players" and ann.table_doc["name"] == "Ann's table"
    history = server.history(code, ann.token)
    modes = [
        op["value"]
        for step in history["steps"]
        for op in step["patch"]
        if op["path"] == "/table/chat_mode"
    ]
    assert modes == ["players"]
