"""PostgreSQL going away and coming back (issue 23, finding 9): while the database does not
answer, every request is answered `unavailable` (503 over HTTP; an `error` and close 1013 on
a hello) with at most a one-line warning and never a traceback, and once it answers again the
tables go on at once, having lost no acknowledged action. The server reaches the database
through a proxy the tests cut (db_proxy.py): the shared PostgreSQL server is never stopped."""

from __future__ import annotations

import gc
import logging
import sqlite3

import asyncpg
import orjson
import pytest
from db_proxy import DatabaseProxy
from harness import RunningServer, bearer, eventually, read_history, settings_for
from sqlalchemy import exc
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from cardtable.server.clock import ManualClock
from cardtable.server.live.writes import REPAIR_EVERY
from cardtable.store import database_down

#: The close code of a hello the server cannot answer now (docs/protocol.md).
CLOSE_TRY_AGAIN = 1013


class _Kept(logging.Handler):
    """Keeps every record it is handed."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class Outage:
    """A server on PostgreSQL through a proxy, on a manual clock, and what it logs (from
    WARNING up: its own loggers, uvicorn's and asyncio's)."""

    def __init__(self, server: RunningServer, proxy: DatabaseProxy, clock: ManualClock):
        self.server, self.proxy, self.clock = server, proxy, clock
        self.log = _Kept()

    def problems(self) -> list[str]:
        """Every record that is an error, carries a traceback or spans several lines."""
        gc.collect()  # a future whose exception nobody read says so when it is collected
        return [
            f"{record.levelname} {record.name}: {record.getMessage()}"
            for record in self.log.records
            if record.levelno >= logging.ERROR or record.exc_info or "\n" in record.getMessage()
        ]

    def repair_attempts(self, code: str, times: int = 3) -> None:
        """Move the clock on past `times` attempts to read table `code` back from its log,
        and wait until each is done (it holds the table's lock while it reads)."""
        for _ in range(times):
            self.clock.advance(REPAIR_EVERY)
            self.server.read(code, lambda state: state.seq)


@pytest.fixture
def outage(postgres_url):
    clock = ManualClock()
    with (
        DatabaseProxy(postgres_url) as proxy,
        RunningServer(settings_for(proxy.url, clock=clock)) as server,
    ):
        kept = Outage(server, proxy, clock)
        loggers = [logging.getLogger(), logging.getLogger("uvicorn")]  # uvicorn's do not propagate
        for logger in loggers:
            logger.addHandler(kept.log)
        try:
            yield kept
        finally:
            for logger in loggers:
                logger.removeHandler(kept.log)


def _playing_table(server: RunningServer, **options) -> tuple[str, str, str]:
    """A tiny game under way between Ann (the host) and Bob: its code and their tokens."""
    host = server.create(options={"target": 10**6, **options})
    bob = server.join(host["code"], "Bob", client="bob-client-1")
    ann = server.client(host["code"], host["token"])
    ann.table({"type": "start"})
    ann.close()
    return host["code"], host["token"], bob["token"]


def _applied(server: RunningServer, code: str, seq: int) -> None:
    """Wait until table `code` has applied step `seq` (stored or not)."""
    eventually(lambda: server.read(code, lambda state: state.seq) >= seq, what=f"step {seq}")


def _hello(server: RunningServer, code: str, token: str) -> tuple[dict, int | None]:
    """A new connection's hello: the server's first answer, and the code it then closed with
    (None when it welcomed the connection)."""
    with connect(f"{server.ws_url}/ws/{code}", open_timeout=10) as socket:
        socket.send(orjson.dumps({"type": "hello", "token": token}).decode())
        answer = orjson.loads(socket.recv(timeout=10))
        if answer["type"] == "welcome":
            return answer, None
        with pytest.raises(ConnectionClosed):
            socket.recv(timeout=10)
        return answer, socket.protocol.close_rcvd.code


def _answer(tab, client_id: str) -> dict:
    """Read until the ack or the error of `client_id`; return it."""
    tab.until(lambda c: any(_answers(m, client_id) for m in c.messages))
    return next(m for m in tab.messages if _answers(m, client_id))


def _answers(message: dict, client_id: str) -> bool:
    return message.get("ack") == client_id or (
        message["type"] == "error" and message.get("id") == client_id
    )


def _in_step_with_the_log(server: RunningServer, tabs, code: str, token: str) -> list[int]:
    """Every tab is at the log's last step and holds the document a fresh welcome gives;
    returns the steps the log holds."""
    steps = [step["seq"] for step in read_history(server.http, code, token)["steps"]]
    assert steps == list(range(steps[0], steps[-1] + 1))
    for tab in tabs:
        tab.until(lambda c: c.seq == steps[-1])
        shown = tab.document
        tab.send({"type": "resync"})
        tab.until(lambda c: c.messages[-1]["type"] == "welcome")
        assert tab.document == shown and tab.seq == steps[-1]
    return steps


def test_an_outage_is_answered_unavailable_and_the_table_goes_on_once_it_ends(outage):
    server, proxy = outage.server, outage.proxy
    code, ann_token, bob_token = _playing_table(server)
    shelved = server.create(name="Cy")  # a table only in the database
    server.evict(shelved["code"])
    ann, bob = server.client(code, ann_token), server.client(code, bob_token)
    before = ann.seq

    # Both picks are applied and queued while the first is being written; then the database
    # goes away with the write under way.
    proxy.stall()
    ann.send({"type": "play", "id": "ann-1", "action": {"type": "pick", "n": 1}})
    bob.send({"type": "play", "id": "bob-1", "action": {"type": "pick", "n": 2}})
    _applied(server, code, before + 2)
    proxy.cut()
    for tab, client_id in ((ann, "ann-1"), (bob, "bob-1")):
        assert _answer(tab, client_id)["code"] == "unavailable"

    # During the outage: an action, hellos (to a table in memory and to one that is not),
    # joins, reads and a new table are all answered `unavailable`.
    assert ann.play({"type": "pick", "n": 3})["code"] == "unavailable"
    for table, token in ((code, bob_token), (shelved["code"], shelved["token"])):
        answer, closed = _hello(server, table, token)
        assert (answer["type"], answer["code"], closed) == ("error", "unavailable", CLOSE_TRY_AGAIN)
    dee = {"name": "Dee", "client": "dee-client-01"}
    answers = [
        server.http.post(f"/api/tables/{shelved['code']}/join", json=dee),
        server.http.get(f"/api/tables/{shelved['code']}", headers=bearer(shelved["token"])),
        server.http.get(f"/api/tables/{code}/history", headers=bearer(ann_token)),
        server.http.post("/api/tables", json={"game": "tiny", **dee}),
        server.http.get("/api/health"),
    ]
    for answer in answers:
        assert answer.status_code == 503, answer.text
        assert answer.json()["error"]["code"] == "unavailable"
    logged = len(outage.log.records)
    outage.repair_attempts(code)
    assert len(outage.log.records) == logged  # trying again while it is down says nothing

    # Once the database answers, the next action is stored at once, after the last step the
    # tabs were sent (the picks refused were never stored), and everyone sees it.
    proxy.restore()
    acks = [ann.play({"type": "pick", "n": 3}), bob.play({"type": "pick", "n": 1})]
    assert [ack["seq"] for ack in acks if ack["type"] == "update"] == [before + 1, before + 2]
    steps = _in_step_with_the_log(server, (ann, bob), code, ann_token)
    assert {ack["seq"] for ack in acks} <= set(steps)
    for table, token in ((code, bob_token), (shelved["code"], shelved["token"])):
        assert _hello(server, table, token)[0]["type"] == "welcome"
    server.join(shelved["code"], dee["name"], client=dee["client"])
    assert server.summary(shelved["code"], shelved["token"])["players"] == 2
    assert server.http.get("/api/health").status_code == 200
    assert outage.problems() == []


def test_a_table_whose_write_failed_goes_on_by_itself_once_the_database_answers(outage):
    """No one acts after the outage: the table reads itself back from the log within
    REPAIR_EVERY of the database answering, and the timeout that failed meanwhile then moves
    the game on."""
    server, proxy, clock = outage.server, outage.proxy, outage.clock
    code, ann_token, bob_token = _playing_table(server, timer=30)
    ann, bob = server.client(code, ann_token), server.client(code, bob_token)
    before = ann.seq
    proxy.stall()
    ann.send({"type": "play", "id": "ann-1", "action": {"type": "pick", "n": 2}})
    _applied(server, code, before + 1)
    proxy.cut()
    assert _answer(ann, "ann-1")["code"] == "unavailable"
    clock.advance(30)  # the round's deadline passes while the database is away
    outage.repair_attempts(code)
    proxy.restore()
    outage.repair_attempts(code, times=1)
    for tab in (ann, bob):
        tab.until(lambda c: c.game["public"]["round"] == 2)
        assert tab.seq == before + 1  # the timeout, after the last step stored
    _in_step_with_the_log(server, (ann, bob), code, ann_token)
    assert outage.problems() == []


def test_connections_the_database_dropped_while_idle_are_replaced_unnoticed(outage):
    """A restart of the database between two actions closes the server's pooled connections;
    once the server has taken the closes in, the next action is stored on a new connection,
    not refused."""
    server, proxy = outage.server, outage.proxy
    code, ann_token, _ = _playing_table(server)
    ann = server.client(code, ann_token)
    proxy.cut()
    for _ in range(2):  # two turns of the server's loop: it has read the closes by then
        server.read(code, lambda state: state.seq)
    proxy.restore()
    acked = ann.play({"type": "pick", "n": 1})
    assert acked["type"] == "update" and "ack" in acked
    assert server.summary(code, ann_token)["status"] == "playing"
    assert outage.problems() == []


def _wrapped(cause: Exception) -> Exception:
    """`cause` as SQLAlchemy raises it: a DBAPIError whose `orig` raised it."""
    try:
        raise RuntimeError("the driver's own error") from cause
    except RuntimeError as driver:
        return exc.DBAPIError("SELECT 1", {}, driver)


def _sqlite_error(sql: str) -> sqlite3.Error:
    with pytest.raises(sqlite3.Error) as raised:
        sqlite3.connect(":memory:").execute(sql)
    return raised.value


@pytest.mark.parametrize(
    ("error", "down"),
    [
        (ConnectionRefusedError(111, "Connection refused"), True),
        (_wrapped(asyncpg.ConnectionDoesNotExistError("closed in the middle of operation")), True),
        (asyncpg.InterfaceError("connection is closed"), True),
        (asyncpg.exceptions.AdminShutdownError("terminating connection"), True),
        (sqlite3.OperationalError("database is locked"), True),  # the writer's own time-out
        (_sqlite_error("SELECT * FROM no_such_table"), False),
        (_wrapped(asyncpg.exceptions.UndefinedTableError('relation "x" does not exist')), False),
        (asyncpg.InterfaceError("another operation is in progress"), False),
        (ValueError("a bug"), False),
    ],
)
def test_only_a_database_that_does_not_answer_is_told_apart_from_a_bug(error, down):
    """What `unavailable` answers and logs in one line; anything else keeps its traceback."""
    why = database_down(error)
    assert (why is not None) == down
    assert why is None or "\n" not in why
