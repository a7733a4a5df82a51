"""Presence, reconnects, several tabs, resync, timers and away marks, and restarts."""

from __future__ import annotations

import threading
import time

from harness import RunningServer, settings_for


def _two_player_table(server, **options):
    host = server.create(options=options)
    bob = server.join(host["code"], "Bob", client="bob-client-1")
    return host["code"], host["token"], bob["token"]


def test_presence_shows_who_is_online(server):
    code, ann_token, bob_token = _two_player_table(server)
    ann = server.client(code, ann_token)
    online = lambda c, i: next(m["online"] for m in c.table_doc["members"] if m["id"] == i)  # noqa: E731
    assert online(ann, 0) and not online(ann, 1)
    bob = server.client(code, bob_token)
    ann.until(lambda c: online(c, 1))
    bob.close()
    ann.until(lambda c: not online(c, 1))


def test_every_tab_of_a_player_stays_in_sync_and_reconnects_restore_everything(server):
    code, ann_token, _bob_token = _two_player_table(server)
    tab1 = server.client(code, ann_token)
    tab2 = server.client(code, ann_token)
    tab1.table({"type": "start"})
    answer = tab1.play({"type": "pick", "n": 2})
    assert answer["ack"]
    tab2.until(lambda c: c.seq == tab1.seq)
    assert tab2.document == tab1.document
    assert all("ack" not in m for m in tab2.messages)
    tab2.close()
    again = server.client(code, ann_token)
    assert again.document == tab1.document and again.seq == tab1.seq
    again.send({"type": "resync"})
    again.until(lambda c: c.messages and c.messages[-1]["type"] == "welcome")
    assert again.document == tab1.document


def test_acks_come_after_storage_and_errors_carry_stable_codes(server):
    code, ann_token, _ = _two_player_table(server)
    ann = server.client(code, ann_token)
    ann.table({"type": "start"})
    answer = ann.play({"type": "pick", "n": 9})
    assert answer["type"] == "error" and answer["code"] == "bad-pick" and answer["seq"] == ann.seq
    ack = ann.play({"type": "pick", "n": 1})
    stored = server.http.get(f"/api/tables/{code}/history").json()["steps"]
    assert stored[-1]["seq"] == ack["seq"]
    assert ann.play({"type": "pick", "n": 1})["code"] == "not-your-turn"
    ann.send({"type": "ping"})
    assert ann.recv()["type"] == "pong"


def test_steps_stored_together_reach_each_tab_together(server):
    """Protocol 2: steps written to the database together reach a tab in one `update` with
    `steps` (events and patches of all of them, in order), cut after the step it acknowledges."""
    code, ann_token, bob_token = _two_player_table(server)
    ann, bob = server.client(code, ann_token), server.client(code, bob_token)
    ann.table({"type": "start"})
    bob.until(lambda c: c.seq == ann.seq)
    before = ann.seq
    # Hold the server's event loop while both picks arrive: it then reads and applies both in
    # one turn, and stores them in one write.
    held = threading.Event()

    def hold() -> None:
        held.set()
        time.sleep(0.5)

    server.server.servers[0].get_loop().call_soon_threadsafe(hold)
    assert held.wait(5)
    ann.send({"type": "play", "id": "ann-1", "action": {"type": "pick", "n": 1}})
    bob.send({"type": "play", "id": "bob-1", "action": {"type": "pick", "n": 2}})

    updates = {}
    for tab in (ann, bob):
        tab.until(lambda c: c.seq == before + 2)
        updates[tab] = [m for m in tab.messages if m["type"] == "update" and m["seq"] > before]
    # The one who picked second hears both picks in one update, acknowledging the second; the
    # first hears its own pick (an update ends at the step it acknowledges), then the other.
    second, first = sorted((ann, bob), key=lambda tab: len(updates[tab]))
    (both,) = updates[second]
    assert both["steps"] == 2 and both["seq"] == before + 2 and "ack" in both
    own, other = updates[first]
    assert "steps" not in own and own["seq"] == before + 1 and "ack" in own
    assert "steps" not in other and "ack" not in other
    assert [e["type"] for e in both["events"] if e["type"] != "you-picked"] == [
        "picked",
        "picked",
        "round-over",
    ]
    stored = server.http.get(f"/api/tables/{code}/history").json()["steps"]
    assert {s["seq"]: s["seat"] for s in stored[-2:]} == {
        own["seq"]: 0 if first is ann else 1,
        both["seq"]: 0 if second is ann else 1,
    }
    # The patches, applied in order, give the document the server holds for each.
    for tab in (ann, bob):
        patched = tab.document
        tab.send({"type": "resync"})
        tab.until(lambda c: c.messages[-1]["type"] == "welcome")
        assert tab.document == patched


def test_deadlines_fire_and_missing_players_are_marked_away_then_skipped(server):
    code, ann_token, bob_token = _two_player_table(server, timer=1)
    ann = server.client(code, ann_token)
    ann.table({"type": "settings", "away_after": 1})
    ann.table({"type": "start"})
    ann.play({"type": "pick", "n": 1})
    started = time.monotonic()
    ann.until(lambda c: c.game["public"]["round"] == 2, timeout=5)
    assert time.monotonic() - started >= 0.5
    assert ann.table_doc["seats"][1]["away"] is True
    # Bob is away: once Ann has picked, the round closes without waiting for the deadline.
    ann.play({"type": "pick", "n": 1})
    ann.until(lambda c: c.game["public"]["round"] == 3, timeout=0.8)
    bob = server.client(code, bob_token)
    assert bob.table({"type": "back"})["type"] == "update"
    assert bob.table_doc["seats"][1]["away"] is False


def test_a_table_whose_people_all_left_does_not_stall(server):
    code, ann_token, bob_token = _two_player_table(server)
    ann = server.client(code, ann_token)
    ann.table({"type": "add-bot"})
    ann.table({"type": "start"})
    bob = server.client(code, bob_token)
    bob.table({"type": "leave"})
    ann.play({"type": "pick", "n": 1})
    ann.until(lambda c: c.game["public"]["round"] == 2)


def test_tables_and_timers_survive_a_restart(database_url):
    with RunningServer(settings_for(database_url)) as first:
        code, ann_token, _bob_token = _two_player_table(first, timer=2)
        ann = first.client(code, ann_token)
        ann.table({"type": "start"})
        ann.play({"type": "pick", "n": 3})
        before = ann.document
        seq = ann.seq
        ann.close()
    with RunningServer(settings_for(database_url)) as second:
        ann = second.client(code, ann_token)
        assert ann.seq == seq
        assert ann.document["game"] == before["game"]
        ann.until(lambda c: c.game["public"]["round"] == 2, timeout=5)
        assert ann.game["public"]["scores"] == [3, 0]
