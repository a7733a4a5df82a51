"""Who may read a table by its code (issue 23, finding 2): an unlisted or password table shows
nothing without a member's token; an unknown code and a forbidden one answer the same; and
every request naming a code is rate-limited per address, failed WebSocket hellos included."""

from __future__ import annotations

import orjson
import pytest
from harness import RunningServer, bearer, settings_for
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

UNKNOWN = "ZZZZZZ"


def _get(server, path: str, token: str | None = None):
    return server.http.get(path, headers={} if token is None else bearer(token))


def _hello(server, code: str, token: str) -> tuple[dict, int | None]:
    """The answer to a hello, and the close code when the server closed."""
    with connect(f"{server.ws_url}/ws/{code}", open_timeout=10) as socket_:
        socket_.send(orjson.dumps({"type": "hello", "token": token}).decode())
        answer = orjson.loads(socket_.recv(timeout=10))
        if answer["type"] == "welcome":
            return answer, None
        with pytest.raises(ConnectionClosed):
            socket_.recv(timeout=10)
        return answer, socket_.close_code


@pytest.mark.parametrize("locked", [{"public": True}, {"public": False}])
def test_a_password_table_shows_nothing_without_a_member_token(server, locked):
    host = server.create(password="sesame", **locked)
    code = host["code"]
    for path in (f"/api/tables/{code}", f"/api/tables/{code}/history"):
        unknown = _get(server, path.replace(code, UNKNOWN))
        for token in (None, "not-a-token", host["token"] + "x"):
            answer = _get(server, path, token)
            assert answer.status_code == unknown.status_code == 404
            assert answer.content == unknown.content  # the same body: no code told apart
        assert _get(server, path, host["token"]).status_code == 200
    assert _get(server, f"/api/tables/{code}/history", host["token"]).json()["start"]


def test_an_unlisted_table_shows_what_its_code_invites_to_and_keeps_its_history(server):
    """An unlisted table's code is its invitation: whoever has it sees what they would join
    (so a join form can say a game is under way before anyone types a name), never its
    history."""
    host = server.create()
    code = host["code"]
    summary = _get(server, f"/api/tables/{code}")
    assert summary.status_code == 200 and summary.json()["late_join"] is True
    history = _get(server, f"/api/tables/{code}/history")
    assert history.status_code == 403 and history.json()["error"]["code"] == "not-a-member"
    assert _get(server, f"/api/tables/{code}/history", host["token"]).status_code == 200


def test_a_listed_table_shows_its_history_to_anyone_only_between_games(server):
    host = server.create(public=True)
    code = host["code"]
    server.join(code, "Bob", client="bob-client-1")
    assert _get(server, f"/api/tables/{code}").json()["players"] == 2
    assert _get(server, f"/api/tables/{code}/history").status_code == 200
    ann = server.client(code, host["token"])
    assert ann.table({"type": "start"})["type"] == "update"
    during = _get(server, f"/api/tables/{code}/history")
    assert during.status_code == 403 and during.json()["error"]["code"] == "not-a-member"
    assert _get(server, f"/api/tables/{code}/history", host["token"]).status_code == 200
    assert _get(server, f"/api/tables/{code}").status_code == 200  # listed: no secret


def test_a_hello_with_an_unknown_code_or_token_answers_the_same(server):
    host = server.create()
    at_table = _hello(server, host["code"], "not-a-token")
    nowhere = _hello(server, UNKNOWN, host["token"])
    assert at_table == nowhere
    assert at_table[0]["code"] == "unauthorized" and at_table[1] == 4401


def test_codes_cannot_be_tried_at_speed(database_url):
    with RunningServer(settings_for(database_url, lookup_rate=0.001, lookup_burst=3)) as server:
        host = server.create()
        code = host["code"]
        # failed hellos spend from the address's bucket; a good one does not
        for _ in range(2):
            assert _hello(server, UNKNOWN, host["token"])[0]["code"] == "unauthorized"
        assert _hello(server, code, host["token"])[0]["type"] == "welcome"
        assert _hello(server, UNKNOWN, host["token"])[0]["code"] == "unauthorized"
        # the bucket is empty: every request naming a code is refused before any lookup
        limited = _hello(server, code, host["token"])
        assert limited[0]["code"] == "rate-limited" and limited[1] == 1008
        for path in (f"/api/tables/{code}", f"/api/tables/{code}/history"):
            answer = _get(server, path, host["token"])
            assert answer.status_code == 429 and answer.json()["error"]["code"] == "rate-limited"
        body = {"code": code, "token": host["token"], "kind": "player", "target": {"member": 0}}
        answer = server.http.post("/api/reports", json={**body, "reason": "probe"})
        assert answer.status_code == 429


def test_joins_are_rate_limited_per_client_as_well_as_per_address(database_url):
    with RunningServer(settings_for(database_url, join_rate=0.001, join_burst=2)) as server:
        code = server.create()["code"]
        for n, address in enumerate(("10.0.0.2", "10.0.0.3")):
            server.join(code, f"P{n}", client="one-client-1", address=address)
        again = server.join(code, "P3", client="one-client-1", address="10.0.0.4", expect=429)
        assert again["error"]["code"] == "rate-limited"
        assert server.join(code, "P4", client="other-client", address="10.0.0.4")["member"] == 3
