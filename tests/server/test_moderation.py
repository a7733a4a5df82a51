"""Moderation end to end over HTTP and WebSocket: reports filed at a table, reviewed and acted
on by an admin; site bans by client identity and address that hold across reconnects and new
names, expire, and can be lifted; admin authentication; the moderation log; the word filter."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import threading

import httpx
import orjson
import pytest
import websockets
from harness import RunningServer, eventually, settings_for
from websockets.sync.client import connect

from cardtable.engine import OMNISCIENT
from cardtable.server.clock import ManualClock
from cardtable.server.moderation import bans
from cardtable.store import Store, moderation

ADMIN = "admin-token-for-the-tests"
AUTH = {"Authorization": f"Bearer {ADMIN}"}


@contextlib.contextmanager
def serving(database_url, **overrides):
    with RunningServer(settings_for(database_url, admin_token=ADMIN, **overrides)) as running:
        yield running


@pytest.fixture
def site(database_url):
    with serving(database_url) as running:
        yield running


@contextlib.contextmanager
def from_address(server, address: str):
    """An HTTP client of `server` whose requests come from another loopback address."""
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(base_url=server.url, transport=transport, timeout=10) as http:
        yield http


def join_from(http, code, name, client):
    return http.post(f"/api/tables/{code}/join", json={"name": name, "client": client})


def client_hash(client: str) -> str:
    return hashlib.sha256(client.encode()).hexdigest()


def report(server, code, token, kind, target, reason="not nice", expect=201) -> dict:
    body = {"code": code, "token": token, "kind": kind, "target": target, "reason": reason}
    answer = server.http.post("/api/reports", json=body)
    assert answer.status_code == expect, answer.text
    return answer.json()


def admin(server, method, path, expect=200, **kwargs):
    answer = server.http.request(method, path, headers=AUTH, **kwargs)
    assert answer.status_code == expect, answer.text
    return answer.json()


def refused_hello(server, code, token) -> tuple[dict, int]:
    """Say hello with `token`; return the error answered and the close code."""
    with connect(f"{server.ws_url}/ws/{code}", open_timeout=10) as socket:
        socket.send(orjson.dumps({"type": "hello", "token": token}).decode())
        error = orjson.loads(socket.recv(timeout=10))
        with pytest.raises(websockets.ConnectionClosed) as closed:
            socket.recv(timeout=10)
    return error, closed.value.rcvd.code


def test_a_chat_report_is_reviewed_and_its_ban_holds_across_reconnects_names_and_addresses(site):
    host = site.create(client="ann-client-1")
    code = host["code"]
    bob_seat = site.join(code, "Bob", client="bob-client-1")
    bob = site.client(code, bob_seat["token"])
    said = bob.table({"type": "chat", "text": "you all stink"})
    filed = report(site, code, host["token"], "chat", {"seq": said["seq"]}, "insults")
    assert filed["id"] >= 1

    listed = site.http.get("/api/admin/reports", headers=AUTH)
    assert listed.status_code == 200
    for secret in (host["token"], bob_seat["token"], "bob-client-1", "ann-client-1"):
        assert secret not in listed.text
    [seen] = listed.json()
    assert seen["kind"] == "chat" and seen["status"] == "open" and seen["reason"] == "insults"
    assert seen["reporter"]["name"] == "Ann" and seen["reporter"]["member"] == 0
    target = seen["target"]
    assert (target["text"], target["name"], target["member"]) == ("you all stink", "Bob", 1)
    assert target["client"] == client_hash("bob-client-1")
    assert target["address"] == "127.0.0.1"

    acted = admin(site, "POST", f"/api/admin/reports/{seen['id']}", json={"action": "ban"})
    assert acted["status"] == "actioned" and acted["resolution"]["action"] == "ban"
    assert admin(site, "GET", "/api/admin/reports") == []
    assert [r["id"] for r in admin(site, "GET", "/api/admin/reports?status=all")] == [seen["id"]]
    [ban] = admin(site, "GET", "/api/admin/bans")
    assert ban["id"] == acted["resolution"]["ban"] and ban["until"] is None and ban["active"]
    assert (ban["client"], ban["address"]) == (client_hash("bob-client-1"), "127.0.0.1")

    # Bob's open tab hears why and is closed; reconnecting with his token is refused
    bob.until(lambda c: c.messages[-1]["type"] == "error")
    assert bob.messages[-1]["code"] == "banned"
    with pytest.raises(websockets.ConnectionClosed) as closed:
        bob.recv(5)
    assert closed.value.rcvd.code == 4403
    assert refused_hello(site, code, bob_seat["token"]) == (
        {
            "type": "error",
            "id": None,
            "code": "banned",
            "message": "you are banned from this site",
            "seq": None,
        },
        4403,
    )
    # a new name from the same client, a new table, and another client from the same address
    assert site.join(code, "Robert", client="bob-client-1", expect=403)["error"]["code"] == "banned"
    create = site.http.post(
        "/api/tables", json={"game": "tiny", "name": "R", "client": "bob-client-1"}
    )
    assert create.status_code == 403 and create.json()["error"]["code"] == "banned"
    other = site.join(code, "Carol", client="carol-client-1", expect=403)
    assert other["error"]["code"] == "banned"
    with from_address(site, "127.0.0.2") as elsewhere:
        assert join_from(elsewhere, code, "Rob", "bob-client-1").status_code == 403
        assert join_from(elsewhere, code, "Carol", "carol-client-1").status_code == 200
    # the report is closed: acting on it again is refused
    again = site.http.post(f"/api/admin/reports/{seen['id']}", headers=AUTH, json={"action": "ban"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "report-closed"


def test_a_client_ban_spares_other_clients_and_lifting_it_lets_the_player_back(site):
    host = site.create(client="ann-client-1")
    code = host["code"]
    bob_seat = site.join(code, "Bob", client="bob-client-1")
    filed = report(site, code, host["token"], "player", {"member": 1})
    [seen] = admin(site, "GET", "/api/admin/reports")
    assert seen["target"]["name"] == "Bob" and seen["target"]["role"] == "player"
    ban = admin(
        site,
        "POST",
        "/api/admin/bans",
        expect=201,
        json={"client": seen["target"]["client"], "reason": "spam"},
    )
    assert ban["address"] is None and ban["reason"] == "spam"
    assert admin(site, "GET", "/api/admin/reports")[0]["id"] == filed["id"]  # still open
    assert refused_hello(site, code, bob_seat["token"])[1] == 4403
    site.join(code, "Bobby", client="bob-client-1", expect=403)
    with from_address(site, "127.0.0.3") as elsewhere:
        moved = join_from(elsewhere, code, "Bobby", "bob-client-1")
        assert moved.status_code == 403 and moved.json()["error"]["code"] == "banned"
    assert site.join(code, "Carol", client="carol-client-1")["member"] == 2

    lifted = admin(site, "DELETE", f"/api/admin/bans/{ban['id']}")
    assert lifted["lifted"] is True and lifted["active"] is False
    assert admin(site, "GET", "/api/admin/bans") == []
    assert [b["id"] for b in admin(site, "GET", "/api/admin/bans?status=all")] == [ban["id"]]
    assert site.client(code, bob_seat["token"]).member == 1
    assert site.join(code, "Bobby", client="bob-client-1")["member"] == 3
    missing = site.http.delete("/api/admin/bans/999", headers=AUTH)
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not-found"


def test_a_ban_for_a_period_holds_until_its_end_by_the_servers_clock_and_is_then_listed_ended(
    database_url,
):
    clock = ManualClock()
    with serving(database_url, clock=clock) as site:
        code = site.create(client="ann-client-1")["code"]
        bob = {"client": client_hash("bob-client-1"), "minutes": 2}
        ban = admin(site, "POST", "/api/admin/bans", expect=201, json=bob)
        assert ban["until"] == clock.time() + 120 and ban["active"]
        for passed in (0, 119):
            clock.advance(passed)
            refused = site.join(code, "Bob", client="bob-client-1", expect=403)
            assert refused["error"]["code"] == "banned"
        assert [b["id"] for b in admin(site, "GET", "/api/admin/bans")] == [ban["id"]]
        clock.advance(1)
        assert site.join(code, "Bob", client="bob-client-1")["member"] == 1
        assert admin(site, "GET", "/api/admin/bans") == []
        [ended] = admin(site, "GET", "/api/admin/bans?status=all")
        assert (ended["id"], ended["active"], ended["lifted"]) == (ban["id"], False, False)


async def test_a_ban_held_in_memory_stops_holding_at_its_end_without_a_read(
    database_url, monkeypatch
):
    clock = ManualClock()
    bob, cy = client_hash("bob-client-1"), client_hash("cy-client-1")
    store = await Store.open(database_url)
    try:
        held = bans.BanList(store, clock)
        now = clock.time()
        await moderation.add_ban(store, bob, None, "", now + 60, now)
        await moderation.add_ban(store, None, "10.0.0.9", "", None, now)
        await held.reload()
        reads = []

        async def counted(*args, **kwargs):
            reads.append(args)
            return await moderation.list_bans(*args, **kwargs)

        monkeypatch.setattr(bans, "list_bans", counted)
        clock.advance(59)
        assert await held.banned(bob, None) and not await held.banned(cy, None)
        clock.advance(1)
        assert not await held.banned(bob, "10.0.0.1")
        assert await held.banned(cy, "10.0.0.9")  # a ban for good
        clock.advance(10**9)
        assert await held.banned(None, "10.0.0.9")
        assert reads == []
    finally:
        await store.close()


def hello_refused(server, code, token) -> bool:
    """Whether a hello with `token` is refused as banned (else the connection is closed)."""
    with connect(f"{server.ws_url}/ws/{code}", open_timeout=10) as socket:
        socket.send(orjson.dumps({"type": "hello", "token": token}).decode())
        answer = orjson.loads(socket.recv(timeout=10))
    return answer["type"] == "error" and answer["code"] == "banned"


#: How often the servers on a ManualClock read the moderation data again: at times no other
#: wake-up falls on in these tests (presence every 10 s, grace periods of 45 s).
REFRESH = 4.0


def refresh_moderation(clock: ManualClock, *servers: RunningServer) -> None:
    """Move the clock on to the servers' next reading of the moderation data, once each
    waits for it (`servers` share `clock`, and read every REFRESH seconds)."""
    due = clock.time() + REFRESH
    eventually(lambda: clock.pending().count(due) == len(servers), what="the next refresh")
    clock.advance(REFRESH)


def test_a_ban_made_by_one_process_holds_on_another_after_its_refresh(database_url):
    clock = ManualClock()
    every = {"clock": clock, "moderation_refresh": REFRESH}
    with serving(database_url, **every) as one, serving(database_url, **every) as two:
        host = two.create(client="ann-client-1")
        code = host["code"]
        bob_seat = two.join(code, "Bob", client="bob-client-1")
        ban = admin(
            one, "POST", "/api/admin/bans", expect=201, json={"client": client_hash("bob-client-1")}
        )
        assert two.join(code, "Rob", client="bob-client-1")["member"] == 2  # not read there yet
        refresh_moderation(clock, one, two)
        eventually(lambda: hello_refused(two, code, bob_seat["token"]))  # `two` read it again
        assert (
            two.join(code, "Robert", client="bob-client-1", expect=403)["error"]["code"] == "banned"
        )
        assert refused_hello(two, code, bob_seat["token"])[1] == 4403
        admin(one, "DELETE", f"/api/admin/bans/{ban['id']}")
        refresh_moderation(clock, one, two)
        eventually(lambda: not hello_refused(two, code, bob_seat["token"]))
        assert two.join(code, "Robert", client="bob-client-1")["member"] == 3


def test_a_slow_read_of_the_bans_holds_up_no_one_but_a_ban_made_here_holds_at_once(
    database_url, monkeypatch
):
    """The site reads the bans again in the background: while that read is under way (as
    under load, when a read can take seconds), joins are checked against the copy held. A
    ban this process made waits for a read of its own."""
    reads = []
    released = threading.Event()

    async def read_slowly(*args, **kwargs):
        reads.append(released.is_set())
        while len(reads) > 1 and not released.is_set():
            await asyncio.sleep(0.01)
        return await moderation.list_bans(*args, **kwargs)

    monkeypatch.setattr(bans, "list_bans", read_slowly)
    clock = ManualClock()
    with serving(database_url, clock=clock, moderation_refresh=REFRESH) as server:
        code = server.create(client="ann-client-1")["code"]
        refresh_moderation(clock, server)
        eventually(lambda: len(reads) == 2, what="the first refresh, stuck")
        assert reads == [False, False]
        server.join(code, "Bob", client="bob-client-1")
        assert reads == [False, False]  # the join did not wait for the stuck read
        released.set()
        cy = {"client": client_hash("cy-client-1")}
        admin(server, "POST", "/api/admin/bans", expect=201, json=cy)
        refused = server.join(code, "Cy", client="cy-client-1", expect=403)
        assert refused["error"]["code"] == "banned"


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer wrong-token"},
        {"Authorization": ADMIN},
        {"Authorization": f"Basic {ADMIN}"},
    ],
)
def test_admin_endpoints_refuse_requests_without_the_admin_token(site, headers):
    for method, path, body in [
        ("GET", "/api/admin/reports", None),
        ("POST", "/api/admin/reports/1", {"action": "dismiss"}),
        ("GET", "/api/admin/bans", None),
        ("POST", "/api/admin/bans", {"address": "10.0.0.1"}),
        ("DELETE", "/api/admin/bans/1", None),
        ("GET", "/api/admin/log", None),
    ]:
        answer = site.http.request(method, path, headers=headers, json=body)
        assert answer.status_code == 401, (method, path)
        assert answer.json()["error"]["code"] == "not-admin"
    assert admin(site, "GET", "/api/admin/bans") == []  # nothing was banned


def test_admin_bans_are_validated(site):
    for body in (
        {},
        {"reason": "no one"},
        {"address": "not an address"},
        {"report": 1, "address": "10.0.0.1"},
    ):
        answer = site.http.post("/api/admin/bans", headers=AUTH, json=body)
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad-ban", body
    for body in ({"client": "BOB"}, {"address": "10.0.0.1", "minutes": 0}, {"address": 1}):
        answer = site.http.post("/api/admin/bans", headers=AUTH, json=body)
        assert answer.status_code == 422, body
    unknown = site.http.post("/api/admin/bans", headers=AUTH, json={"report": 42})
    assert unknown.status_code == 404
    assert admin(site, "GET", "/api/admin/bans?status=all") == []
    ban = admin(site, "POST", "/api/admin/bans", expect=201, json={"address": " 10.0.0.1 "})
    assert ban["address"] == "10.0.0.1" and ban["client"] is None


def test_reports_are_checked(database_url):
    with serving(database_url, report_burst=20) as server:
        host = server.create(client="ann-client-1")
        code = host["code"]
        watcher = server.join(code, "Eve", client="eve-client-1", spectate=True)
        said = server.client(code, host["token"]).table({"type": "chat", "text": "hi"})
        # a spectator may report; the target must exist and be someone else
        assert report(server, code, watcher["token"], "chat", {"seq": said["seq"]})["id"]
        for kind, target in [
            ("chat", {"seq": 1}),
            ("chat", {"seq": 999}),
            ("player", {"member": 1}),
            ("player", {"member": 7}),
            ("player", {"seq": 1}),
            ("chat", {"seq": True}),
            ("card", {"card": 3}),
        ]:
            answer = report(server, code, watcher["token"], kind, target, expect=400)
            assert answer["error"]["code"] == "bad-target", (kind, target)
        # a token not at the table and an unknown code answer alike (no code told apart)
        stranger = report(server, code, "not-a-token", "player", {"member": 0}, expect=404)
        unknown = report(server, "ZZZZZZ", host["token"], "player", {"member": 1}, expect=404)
        assert stranger == unknown
        line = {"seq": said["seq"]}
        for reason in ("\x00", " ", "x" * 501):
            refused = report(server, code, host["token"], "chat", line, reason, expect=400)
            assert refused["error"]["code"] == "bad-reason"
        report(server, code, host["token"], "chat", line, "", expect=422)
        report(server, code, host["token"], "rumour", line, expect=422)
        assert len(admin(server, "GET", "/api/admin/reports")) == 1


def test_reports_are_rate_limited_per_token(site):
    host = site.create(client="ann-client-1")
    code = host["code"]
    watcher = site.join(code, "Eve", client="eve-client-1", spectate=True)
    for _ in range(site.settings.report_burst):
        report(site, code, host["token"], "player", {"member": 1})
    limited = report(site, code, host["token"], "player", {"member": 1}, expect=429)
    assert limited["error"]["code"] == "rate-limited"
    # looking a target up can replay the table's history: a known reporter pays for trying
    report(site, code, host["token"], "chat", {"seq": 999}, expect=429)
    report(site, code, watcher["token"], "player", {"member": 0})
    assert len(admin(site, "GET", "/api/admin/reports")) == site.settings.report_burst + 1


def test_reports_are_rate_limited_per_address(database_url):
    with serving(database_url, report_burst=1) as server:
        host = server.create(client="ann-client-1")
        code = host["code"]
        tokens = [server.join(code, f"P{n}", client=f"client-{n:04}")["token"] for n in range(5)]
        for token in tokens[:4]:  # four times a token's allowance per address
            report(server, code, token, "player", {"member": 0})
        report(server, code, tokens[4], "player", {"member": 0}, expect=429)
        assert len(admin(server, "GET", "/api/admin/reports")) == 4


def test_card_reports_hold_the_text_the_reporter_saw_and_never_a_hidden_card(site):
    host = site.create(game="cah", client="ann-client-1")
    code = host["code"]
    ann = site.client(code, host["token"])
    for _ in range(2):
        assert ann.table({"type": "add-bot"})["type"] == "update"
    assert ann.table({"type": "start"})["type"] == "update"
    ann.until(lambda c: c.game is not None and c.game["public"]["black"] is not None)
    hand_card = ann.game["you"]["hand"][0]
    black = ann.game["public"]["black"]
    report(site, code, host["token"], "card", {"card": hand_card["id"]}, "offensive")
    report(site, code, host["token"], "card", {"card": black["id"]}, "offensive too")
    secret = site.read(code, lambda s: s.game.view(s.game_state, OMNISCIENT)["secret"])
    deck_card = secret["whiteDeck"][0]["id"]
    hidden = report(site, code, host["token"], "card", {"card": deck_card}, expect=400)
    assert hidden["error"]["code"] == "bad-target"
    written = report(
        site, code, host["token"], "custom-card", {"card": hand_card["id"]}, expect=400
    )
    assert "not written by a player" in written["error"]["message"]
    reports = admin(site, "GET", "/api/admin/reports")
    assert [(r["kind"], r["target"]["card"]) for r in reports] == [
        ("card", hand_card),
        ("card", black),
    ]
    refused = site.http.post(
        f"/api/admin/reports/{reports[0]['id']}", headers=AUTH, json={"action": "ban"}
    )
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad-action"
    # acting on a card report goes through the deck library, which logs what it did
    acted = admin(
        site, "POST", f"/api/admin/reports/{reports[0]['id']}", json={"action": "hide-card"}
    )
    assert acted["status"] == "actioned"
    assert acted["resolution"]["action"] == "hide-card"
    assert acted["resolution"]["text"] == hand_card["text"]
    [logged] = admin(site, "GET", "/api/admin/log")
    assert (logged["action"], logged["detail"]["text"]) == ("hide-card", hand_card["text"])
    builtin = admin(site, "GET", "/api/decks")[0]["id"]
    kept = site.http.post(
        f"/api/admin/reports/{reports[1]['id']}",
        headers=AUTH,
        json={"action": "remove-deck", "deck": builtin},
    )
    assert kept.status_code == 400 and kept.json()["error"]["code"] == "builtin-deck"
    assert [r["id"] for r in admin(site, "GET", "/api/admin/reports")] == [reports[1]["id"]]


def _card_ids(value) -> set:
    if isinstance(value, dict):
        own = {value["id"]} if "id" in value and "text" in value else set()
        return own.union(*map(_card_ids, value.values()))
    if isinstance(value, list):
        return set().union(*map(_card_ids, value))
    return set()


def test_a_card_gone_from_every_view_is_found_in_the_public_history(site):
    host = site.create(game="cah", client="ann-client-1")
    code = host["code"]
    ann = site.client(code, host["token"])
    for _ in range(2):
        ann.table({"type": "add-bot"})
    ann.table({"type": "start"})
    revealed: dict[int, dict] = {}
    pending = None  # the id of Ann's play not yet answered
    while ann.game is None or ann.game["public"]["round"] < 2:
        assert len(ann.messages) < 500, "the first round did not end"
        if ann.game is not None:  # looked at after every message, so no reveal is missed
            for answer in ann.game["public"]["answers"]:
                revealed.update((card["id"], card) for card in answer["cards"])
        legal = site.read(code, lambda s: s.game.legal(s.game_state, 0) if s.game_state else [])
        if legal and pending is None:
            pending = ann.next_id()  # a stale choice is refused and tried again
            ann.send({"type": "play", "id": pending, "action": legal[0]})
        message = ann.recv()  # Ann's answer, or a bot's move: the round never waits on nobody
        if pending is not None and pending in (message.get("ack"), message.get("id")):
            pending = None
    gone = sorted(set(revealed) - _card_ids(ann.game))
    assert gone, "every revealed answer of round 1 is still in view"
    report(site, code, host["token"], "card", {"card": gone[0]}, "seen in round 1")
    [seen] = admin(site, "GET", "/api/admin/reports")
    assert seen["target"]["card"] == revealed[gone[0]]


def test_every_moderation_action_is_in_the_log(site):
    host = site.create(client="ann-client-1")
    code = host["code"]
    site.join(code, "Bob", client="bob-client-1")
    first = report(site, code, host["token"], "player", {"member": 1}, "rude")["id"]
    second = report(site, code, host["token"], "player", {"member": 1}, "ruder")["id"]
    admin(site, "POST", f"/api/admin/reports/{first}", json={"action": "dismiss"})
    ban = admin(site, "POST", "/api/admin/bans", expect=201, json={"report": second, "minutes": 60})
    admin(site, "DELETE", f"/api/admin/bans/{ban['id']}")
    answer = site.http.get("/api/admin/log", headers=AUTH)
    assert host["token"] not in answer.text and "bob-client-1" not in answer.text
    log = answer.json()
    assert [(e["action"], e["target"]) for e in log] == [
        ("lift-ban", {"ban": ban["id"]}),
        ("ban", {"report": second}),
        ("dismiss", {"report": first}),
    ]
    assert log[1]["detail"]["ban"] == ban["id"] and log[1]["detail"]["reason"] == "ruder"
    assert log[1]["detail"]["client"] == client_hash("bob-client-1")
    statuses = {r["id"]: r["status"] for r in admin(site, "GET", "/api/admin/reports?status=all")}
    assert statuses == {first: "dismissed", second: "actioned"}


def test_the_word_filter_is_off_by_default(site):
    host = site.create(name="Darn", table_name="darn table", client="ann-client-1")
    ann = site.client(host["code"], host["token"])
    assert ann.table({"type": "chat", "text": "oh darn"})["type"] == "update"


def test_the_word_filter_refuses_names_table_names_and_chat_before_they_are_logged(database_url):
    with serving(database_url, filtered_words=("darn", "# a comment", "")) as server:
        for body in ({"name": "D4RN"}, {"name": "Ann", "table_name": "a dárn table"}):
            answer = server.http.post(
                "/api/tables", json={"game": "tiny", "client": "ann-client-1", **body}
            )
            assert answer.status_code == 400 and answer.json()["error"]["code"] == "word-filtered"
        host = server.create(client="ann-client-1", table_name="Darning club")
        code = host["code"]
        assert server.join(code, "darn it", expect=400)["error"]["code"] == "word-filtered"
        ann = server.client(code, host["token"])
        seq = ann.seq
        assert ann.table({"type": "chat", "text": "oh DARN!"})["code"] == "word-filtered"
        assert ann.table({"type": "settings", "name": "darn"})["code"] == "word-filtered"
        assert ann.seq == seq
        assert ann.table({"type": "chat", "text": "darning socks"})["type"] == "update"
        history = server.history(code, host["token"])
        assert [
            e["text"] for s in history["steps"] for e in s["events"] if e["type"] == "chat"
        ] == ["darning socks"]
