"""Floods of messages on a table's WebSocket (issue 23): a message past the member's
allowance is refused as it arrives, answered with at most as many `rate-limited` errors as the
connection may send messages, the rest dropped without a word, and a connection refused more
than a whole burst in a row is closed with 1008; one refused less than that stays open.
(Floods of ping frames: test_socket_protocol.py.)"""

from __future__ import annotations

from types import SimpleNamespace

import orjson
import pytest
from harness import RunningServer, settings_for
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame, Opcode

from cardtable.server.metrics import Metrics
from cardtable.server.realtime.connection import Connection
from cardtable.server.realtime.direct_socket import CLOSE_NOW, CLOSE_POLICY, SEND_NOW
from cardtable.server.realtime.inbox import Inbox

#: Messages a member may send at once; the allowance never refills within a test.
BURST = 5


@pytest.fixture
def flood_server(tmp_path):
    settings = settings_for(
        f"sqlite:///{tmp_path / 'cardtable.db'}", message_rate=1e-6, message_burst=BURST
    )
    with RunningServer(settings) as server:
        yield server


def _until_closed(client) -> tuple[list[dict], int]:
    """Every message the server sends `client` until it closes the connection, and the close
    code."""
    messages = []
    try:
        while True:
            messages.append(client.recv_raw())
    except ConnectionClosed as closed:
        return messages, closed.rcvd.code


def _send_at_once(client, messages: list[dict]) -> None:
    """Send `messages` in one write, for the server to read in one go: it closes a flood in
    the middle of it, and a socket closed with data left unread is reset, losing what the
    client had still to read."""
    frames = [
        Frame(Opcode.TEXT, orjson.dumps(m)).serialize(mask=True, extensions=[]) for m in messages
    ]
    client.socket.socket.sendall(b"".join(frames))


def _chat(n: int) -> dict:
    return {"type": "table", "id": f"c{n}", "action": {"type": "chat", "text": f"line {n}"}}


def test_a_flood_gets_a_burst_of_errors_and_a_close(flood_server):
    host = flood_server.create()
    code = host["code"]
    ann = flood_server.client(code, host["token"])
    _send_at_once(ann, [{"type": "ping"}] * BURST + [_chat(n) for n in range(1, 4 * BURST)])
    messages, close = _until_closed(ann)
    assert [m["type"] for m in messages] == ["pong"] * BURST + ["error"] * BURST
    refusals = messages[BURST:]
    assert {m["code"] for m in refusals} == {"rate-limited"}
    assert [m["id"] for m in refusals] == [f"c{n}" for n in range(1, BURST + 1)]
    assert close == CLOSE_POLICY
    bob = flood_server.join(code, "Bob", client="bob-client-1")
    assert flood_server.client(code, bob["token"]).ping() == ["pong"]  # the table goes on


def test_a_client_refused_less_than_a_burst_in_a_row_stays_open(flood_server):
    host = flood_server.create()
    code = host["code"]
    ann = flood_server.client(code, host["token"])
    for n in range(2 * BURST):
        ann.send(_chat(n) if n >= BURST else {"type": "ping"})
    answers = [ann.recv() for _ in range(2 * BURST)]
    assert [a["type"] for a in answers] == ["pong"] * BURST + ["error"] * BURST
    bob = flood_server.client(code, flood_server.join(code, "Bob", client="bob-client-1")["token"])
    bob.table({"type": "chat", "text": "still there?"})
    ann.until(lambda c: c.table_doc["chat"] and c.table_doc["chat"][-1]["text"] == "still there?")


class _Allowance:
    """A member's allowance that allows exactly what a test says, in order."""

    def __init__(self, burst: int, allows: list[bool]):
        self.rate, self.burst = 1e-6, burst
        self.allows = allows

    def take(self) -> bool:
        return self.allows.pop(0)


class _Socket:
    """A WebSocket whose server takes every direct send and records a close."""

    def __init__(self):
        self.sent: list[dict] = []
        self.closed: list[int] = []
        self.scope = {"extensions": {SEND_NOW: self._send_now, CLOSE_NOW: self.closed.append}}

    def _send_now(self, message: bytes) -> bool:
        self.sent.append(orjson.loads(message))
        return True


def test_refusals_between_allowed_messages_share_one_allowance_of_errors():
    """A client sending a little faster than allowed is refused between its allowed
    messages: the errors it is answered still come out of one allowance, and the rest are
    dropped; more than a burst refused in a row closes it."""
    allows = [True, False, False, True, False, False, True, False, False, False]
    socket = _Socket()
    allowance = _Allowance(2, list(allows))
    connection = Connection(socket, member=1, bucket=allowance, max_queued=2**20)
    site = SimpleNamespace(metrics=Metrics())
    inbox = Inbox(site, SimpleNamespace(code="FLOOD1", state=SimpleNamespace(seq=7)), connection)
    for _ in range(len(allows)):
        inbox.receive(b'{"type":"ping"}')
    kinds = [m["type"] for m in socket.sent]
    assert kinds == ["pong", "error", "error", "pong", "pong"]
    assert socket.closed == [CLOSE_POLICY] and not connection.open
    assert site.metrics.rejected["rate-limited"] == allows.count(False) - 1  # the last closed
    inbox.receive(b'{"type":"ping"}')  # after the close: not even counted
    assert site.metrics.messages_in == len(allows)
