"""`cardtable serve --workers 2`: one port, two worker processes, each table served by one.

The server runs in its own processes (the dispatcher and its workers); the tests play through
the port as clients do, over one keep-alive HTTP connection, and read `/metrics` to see that
every table is held by one worker only."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time

import httpx
import orjson
import psutil
import pytest
from harness import Client, RunningServer, eventually, metrics, settings_for, start_process
from websockets.sync.client import connect

from cardtable.server.moderation.admins import ADMIN_TOKEN_ENV
from cardtable.server.tokens import new_code
from cardtable.server.workers.shards import owner, table_named
from cardtable.table import reducer
from thread_server import free_port

WORKERS = 2
ADMIN = "workers-admin-token"


def test_a_request_is_routed_by_the_table_its_first_line_names():
    assert table_named(b"GET /ws/ACDEFG HTTP/1.1") == "ACDEFG"
    assert table_named(b"GET /ws/acdefg?x=1 HTTP/1.1") == "ACDEFG"
    assert table_named(b"POST /api/tables/acdefg/join HTTP/1.1") == "ACDEFG"
    assert table_named(b"GET /api/tables/%41CDEFG/history HTTP/1.1") == "ACDEFG"
    for line in (
        b"POST /api/tables HTTP/1.1",
        b"GET /api/tables?public=1 HTTP/1.1",
        b"GET /ws/ HTTP/1.1",
        b"GET /ws/ACDEF0 HTTP/1.1",
        b"GET /api/decks/ACDEFG HTTP/1.1",
        b"\x16\x03\x01 garbage",
    ):
        assert table_named(line) is None, line


def test_every_worker_owns_a_fair_share_of_the_codes():
    counts = [0] * WORKERS
    for _ in range(4000):
        counts[owner(new_code(), WORKERS)] += 1
    assert all(1800 < count < 2200 for count in counts), counts


def test_a_code_has_the_same_owner_in_every_process():
    """The dispatcher and each worker compute the owner apart: it may not depend on anything
    a process draws for itself (Python's string hashing is salted per process)."""
    codes = [new_code() for _ in range(50)]
    script = (
        "import sys; from cardtable.server.workers.shards import owner; "
        f"print([owner(c, {WORKERS}) for c in sys.argv[1:]])"
    )
    other = subprocess.run(
        [sys.executable, "-c", script, *codes], capture_output=True, text=True, check=True
    )
    assert other.stdout.strip() == str([owner(code, WORKERS) for code in codes])


def test_a_worker_serves_only_its_own_tables_and_reads_the_others_from_the_log(tmp_path):
    """Two workers on one database, without the dispatcher: what reaches the wrong one."""
    url = f"sqlite:///{tmp_path / 'site.db'}"
    with (
        RunningServer(settings_for(url, workers=WORKERS, worker=0)) as first,
        RunningServer(settings_for(url, workers=WORKERS, worker=1)) as second,
    ):
        for index, worker in enumerate((first, second)):
            assert owner(worker.create()["code"], WORKERS) == index
        theirs = second.create()
        code = theirs["code"]

        join = {"name": "Bob", "client": "bob-client"}
        refused = first.http.post(f"/api/tables/{code}/join", json=join)
        assert refused.status_code == 421
        assert refused.json()["error"]["code"] == "misdirected"
        with connect(f"{first.ws_url}/ws/{code}", open_timeout=10) as socket_:
            socket_.send(orjson.dumps({"type": "hello", "token": theirs["token"]}).decode())
            assert orjson.loads(socket_.recv(timeout=10))["code"] == "misdirected"
        assert not first.held(code)

        bob = second.join(code, "Bob", client="bob-client")
        report = {"code": code, "token": bob["token"], "kind": "player", "target": {"member": 0}}
        filed = first.http.post("/api/reports", json={**report, "reason": "rude"})
        assert filed.status_code == 201, filed.text  # read from the log, not held
        assert not first.held(code)


def test_a_report_with_a_bogus_token_replays_nothing(tmp_path, monkeypatch):
    """Issue 23 (8): a worker asked about another worker's table checks the token against
    the log before it replays anything, and answers a bogus token as an unknown code."""
    url = f"sqlite:///{tmp_path / 'site.db'}"
    replayed: list[str] = []
    replay = reducer.replay

    def counted(code, entries, decks):
        replayed.append(code)
        return replay(code, entries, decks)

    monkeypatch.setattr(reducer, "replay", counted)
    with (
        RunningServer(settings_for(url, workers=WORKERS, worker=0)) as first,
        RunningServer(settings_for(url, workers=WORKERS, worker=1)) as second,
    ):
        code = second.create()["code"]  # worker 1's: worker 0 reads it from the log
        body = {"kind": "player", "target": {"member": 0}, "reason": "rude"}
        bogus = first.http.post("/api/reports", json={**body, "code": code, "token": "x" * 32})
        unknown = first.http.post("/api/reports", json={**body, "code": "ZZZZZZ", "token": "y"})
        assert bogus.status_code == unknown.status_code == 404
        assert bogus.json() == unknown.json()
        assert replayed == []
        bob = second.join(code, "Bob", client="bob-client")
        filed = first.http.post("/api/reports", json={**body, "code": code, "token": bob["token"]})
        assert filed.status_code == 201, filed.text
        assert replayed == [code]


def _serve(args, port):
    return start_process([*args, "--workers", str(WORKERS)], port)


def _tables_on_every_worker(http: httpx.Client, each: int, game: str = "tiny") -> list[dict]:
    """Create tables until every worker owns `each`; the host and two players at each."""
    by_worker: dict[int, list[dict]] = {w: [] for w in range(WORKERS)}
    while any(len(tables) < each for tables in by_worker.values()):
        answer = http.post(
            "/api/tables", json={"game": game, "name": "Ann", "client": "workers-host"}
        )
        assert answer.status_code == 201, answer.text
        assert answer.headers["connection"] == "close"
        host = answer.json()
        table = {"code": host["code"], "tokens": [host["token"]]}
        for name in ("Bob", "Cy"):
            joined = http.post(
                f"/api/tables/{host['code']}/join", json={"name": name, "client": "workers-p"}
            )
            assert joined.status_code == 200, joined.text
            table["tokens"].append(joined.json()["token"])
        by_worker[owner(host["code"], WORKERS)].append(table)
    return [table for tables in by_worker.values() for table in tables[:each]]


def _play_round(clients: list[Client]) -> None:
    """Every seat picks; each pick is acknowledged and every seat sees the round end."""
    rounds = clients[0].game["public"]["round"]
    for number, client in enumerate(clients, 1):
        answer = client.play({"type": "pick", "n": number})
        assert answer["type"] == "update", answer
    for client in clients:
        client.until(lambda c: c.game["public"]["round"] == rounds + 1)


def _rest_of_line(code: str, token: str) -> bytes:
    return f"{code} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer {token}\r\n\r\n".encode()


def _raw(port: int, *pieces: bytes) -> bytes:
    """Send `pieces` a moment apart on a new connection; the answer, until it is closed."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        for piece in pieces:
            raw.sendall(piece)
            time.sleep(0.1)
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
    return answer


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_two_workers_serve_every_table_once_through_one_port(backend, tmp_path, request):
    args = ["--data-dir", str(tmp_path)]
    if backend == "postgresql":
        args = ["--database-url", request.getfixturevalue("postgres_url")]
    port = free_port()
    url, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    server = _serve(args, port)
    clients: list[Client] = []
    try:
        with httpx.Client(base_url=url, timeout=30) as http:
            tables = _tables_on_every_worker(http, each=2)
            seats = []
            for table in tables:
                seated = [Client(f"{ws_url}/ws/{table['code']}", t) for t in table["tokens"]]
                clients += seated
                assert seated[0].table({"type": "start"})["type"] == "update"
                seats.append(seated)
            for seated in seats:
                _play_round(seated)

            # Each table is held in one worker's memory: the live tables add up to the tables.
            figures = metrics(http)
            assert figures["cardtable_live_tables"] == len(tables)
            assert figures["cardtable_connections"] == len(clients)
            health = http.get("/api/health").json()
            assert health == {
                "status": "ok",
                "database": backend,
                "tables": len(tables),
                "connections": len(clients),
            }
            assert metrics(http)['cardtable_actions_total{kind="game"}'] == 3 * len(tables)

            # A report names its table in its body, so any worker may take it.
            for table in tables[:: len(tables) // WORKERS]:
                body = {
                    "code": table["code"],
                    "token": table["tokens"][1],
                    "kind": "player",
                    "target": {"member": 0},
                    "reason": "test",
                }
                assert http.post("/api/reports", json=body).status_code == 201

        # A first line that arrives in pieces is routed once whole; one that is no HTTP
        # request goes to a worker, which refuses it.
        line = _rest_of_line(tables[-1]["code"], tables[-1]["tokens"][0])
        assert _raw(port, b"GET /api/tables/", line).startswith(b"HTTP/1.1 200")
        assert _raw(port, b"\x16\x03\x01 hello\r\n\r\n").startswith(b"HTTP/1.1 400")
    finally:
        for client in clients:
            client.close()
        server.send_signal(signal.SIGTERM)
        server.wait(30)


def test_a_worker_killed_is_started_again_and_its_tables_play_on(tmp_path):
    port = free_port()
    url, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    server = _serve(["--data-dir", str(tmp_path)], port)
    try:
        with httpx.Client(base_url=url, timeout=30) as http:
            tables = _tables_on_every_worker(http, each=1)
            for table in tables:
                seated = [Client(f"{ws_url}/ws/{table['code']}", t) for t in table["tokens"]]
                seated[0].table({"type": "start"})
                _play_round(seated)
                for client in seated:
                    client.close()
            workers = psutil.Process(server.pid).children()
            assert len(workers) == WORKERS
            victim = workers[0]
            victim.send_signal(signal.SIGKILL)
            victim.wait(10)
            eventually(lambda: http.get("/api/health").status_code == 200, timeout=60)
            assert len(psutil.Process(server.pid).children()) == WORKERS
            for table in tables:  # both tables, the killed worker's resumed from the log
                seated = [Client(f"{ws_url}/ws/{table['code']}", t) for t in table["tokens"]]
                assert seated[0].game["public"]["round"] == 2
                _play_round(seated)
                for client in seated:
                    client.close()

        # The dispatcher killed: its workers see their control socket close, and exit.
        workers = psutil.Process(server.pid).children()
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        _, alive = psutil.wait_procs(workers, timeout=30)
        assert not alive
        with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), timeout=2):
            pass
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)


def test_a_hidden_card_and_a_ban_reach_the_tables_of_every_worker(tmp_path, monkeypatch):
    """The worker that takes a moderator's request applies it to its tables at once; the
    others apply it when they next read the moderation data (every 5 seconds)."""
    monkeypatch.setenv(ADMIN_TOKEN_ENV, ADMIN)
    port = free_port()
    url, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    server = _serve(["--data-dir", str(tmp_path)], port)
    clients: list[Client] = []
    try:
        with httpx.Client(base_url=url, timeout=30) as http:
            tables = _tables_on_every_worker(http, each=1, game="cah")
            hosts = []
            for table in tables:
                seated = [Client(f"{ws_url}/ws/{table['code']}", t) for t in table["tokens"]]
                clients += seated
                assert seated[0].table({"type": "start"})["type"] == "update"
                hosts.append(seated[0])
            # A card of the first host's hand: the other table deals from the same decks.
            text = hosts[0].game["you"]["hand"][0]["text"]
            admin = {"authorization": f"Bearer {ADMIN}"}
            hidden = http.post("/api/admin/cards/hide", json={"text": text}, headers=admin)
            assert hidden.status_code == 200, hidden.text
            assert len(hidden.json()["tables"]) == 1  # the answering worker's table
            for host in hosts:
                host.until(lambda c: "cards-retired" in [e["type"] for e in c.events], 20)

            ban = {"address": "127.0.0.1", "reason": "test"}
            assert http.post("/api/admin/bans", json=ban, headers=admin).status_code == 201
            for client in clients:
                client.until(lambda c: "banned" in [m.get("code") for m in c.messages], 20)
    finally:
        for client in clients:
            client.close()
        server.send_signal(signal.SIGTERM)
        server.wait(30)
