"""Moderation end to end over HTTP and WebSocket: reports filed at a table, reviewed and acted
on by an admin; site bans by client identity and address that hold across reconnects and new
names, expire, and can be lifted; admin authentication; the moderation log; the word filter."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import threading
import time

import httpx
import orjson
import pytest
import websockets
from harness import RunningServer, settings_for
from websockets.sync.client import connect

from cardtable.engine import OMNISCIENT
from cardtable.server import bans
from cardtable.store import moderation

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


def test_a_ban_for_a_short_period_expires(site):
    host = site.create(client="ann-client-1")
    code = host["code"]
    ban = admin(
        site,
        "POST",
        "/api/admin/bans",
        expect=201,
        json={"client": client_hash("bob-client-1"), "minutes": 0.02},
    )
    assert ban["until"] == pytest.approx(time.time() + 1.2, abs=1.0)
    assert site.join(code, "Bob", client="bob-client-1", expect=403)["error"]["code"] == "banned"
    time.sleep(max(0.0, ban["until"] - time.time()) + 0.2)
    assert site.join(code, "Bob", client="bob-client-1")["member"] == 1
    assert admin(site, "GET", "/api/admin/bans") == []
    assert admin(site, "GET", "/api/admin/bans?status=all")[0]["active"] is False


def test_a_ban_made_by_one_process_holds_on_another_within_its_refresh(database_url):
    with (
        serving(database_url, moderation_refresh=0.3) as one,
        serving(database_url, moderation_refresh=0.3) as two,
    ):
        host = two.create(client="ann-client-1")
        code = host["code"]
        bob_seat = two.join(code, "Bob", client="bob-client-1")
        ban = admin(
            one, "POST", "/api/admin/bans", expect=201, json={"client": client_hash("bob-client-1")}
        )
        time.sleep(0.5)
        assert (
            two.join(code, "Robert", client="bob-client-1", expect=403)["error"]["code"] == "banned"
        )
        assert refused_hello(two, code, bob_seat["token"])[1] == 4403
        admin(one, "DELETE", f"/api/admin/bans/{ban['id']}")
        time.sleep(0.5)
        assert two.join(code, "Robert", client="bob-client-1")["member"] == 2


def test_a_slow_read_of_the_bans_holds_up_no_one_but_a_ban_made_here_holds_at_once(
    database_url, monkeypatch
):
    """The hub reads the bans again in the background: while that read is under way (as
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
    with serving(database_url, moderation_refresh=0.05) as server:
        code = server.create(client="ann-client-1")["code"]
        deadline = time.monotonic() + 10
        while len(reads) < 2 and time.monotonic() < deadline:  # the first refresh is stuck
            time.sleep(0.01)
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
    live = site.hub.tables[code]
    secret = live.state.game.view(live.state.game_state, OMNISCIENT)["secret"]
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
    live = site.hub.tables[code]
    revealed: dict[int, dict] = {}
    deadline = time.monotonic() + 30
    pending = None  # the id of Ann's play not yet answered
    while ann.game is None or ann.game["public"]["round"] < 2:
        assert time.monotonic() < deadline, "the first round did not end"
        if ann.game is not None:  # looked at after every message, so no reveal is missed
            for answer in ann.game["public"]["answers"]:
                revealed.update((card["id"], card) for card in answer["cards"])
        legal = live.state.game.legal(live.state.game_state, 0) if live.state.game_state else []
        if legal and pending is None:
            pending = ann.next_id()  # a stale choice is refused and tried again
            ann.send({"type": "play", "id": pending, "action": legal[0]})
        with contextlib.suppress(TimeoutError):
            message = ann.recv(0.5)
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
