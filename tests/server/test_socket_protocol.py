"""The server's direct WebSocket send and receive (socket_protocol.py), and how a connection
uses the send: frames any client reads, with or without compression; nothing written while
the socket pushes back; messages that had to wait leave in order, before any later one; and
every message a client sends reaches the app once, in order, however it is framed. Control
frames: pings are answered within the connection's allowance, past which it is closed, and
never while the socket pushes back."""

from __future__ import annotations

import asyncio
import os
import socket
import threading
import time
from types import SimpleNamespace
from urllib.parse import urlparse

import pytest
from websockets.client import ClientProtocol
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
from websockets.frames import Frame, Opcode, apply_mask
from websockets.http11 import Response
from websockets.sync.client import connect
from websockets.uri import parse_uri

from cardtable.server.ratelimit import Bucket
from cardtable.server.realtime.connection import Connection
from cardtable.server.realtime.direct_socket import (
    CLOSE_POLICY,
    CONTROL_BURST,
    RECEIVE_DIRECTLY,
    SEND_NOW,
)
from thread_server import serve_in_thread

#: One message for each length encoding of a frame header: 7 bits, 16 bits, 64 bits.
MESSAGES = ["short", "é" * 100, "x" * 70_000]


def _websocket_app(session):
    """An ASGI app that serves lifespan events and runs `session(scope, receive, send)` on
    each WebSocket once it has accepted it."""

    async def app(scope, receive, send):
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        assert (await receive())["type"] == "websocket.connect"
        await send({"type": "websocket.accept"})
        await session(scope, receive, send)

    return app


@_websocket_app
async def _direct_sender(scope, receive, send):
    """Send MESSAGES directly, check push-back, then close."""
    send_now = scope["extensions"][SEND_NOW]
    for message in MESSAGES:
        assert send_now(message.encode()) is True
    protocol = send_now.__self__
    protocol.pause_writing()  # what the transport calls when its buffer is full
    assert send_now(b"held back") is False
    protocol.resume_writing()
    assert send_now(b"after") is True
    await send({"type": "websocket.close", "code": 1000})
    with pytest.raises(ConnectionError):
        send_now(b"too late")


@_websocket_app
async def _echo(scope, receive, send):
    """Echo every message handed over directly."""
    send_now = scope["extensions"][SEND_NOW]
    scope["extensions"][RECEIVE_DIRECTLY](send_now)
    assert (await receive())["type"] == "websocket.disconnect"


#: The echo server's limit on a message's size.
ECHO_LIMIT = 1000


def _serving(app, **config):
    server, thread = serve_in_thread(app, **config)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield f"ws://127.0.0.1:{port}/"
    server.should_exit = True
    thread.join(10)


@pytest.fixture
def direct_server():
    yield from _serving(_direct_sender)


@pytest.fixture
def echo_server():
    yield from _serving(_echo, ws_max_size=ECHO_LIMIT)


@pytest.mark.parametrize("compression", [None, "deflate"])
def test_every_message_reaches_the_app_once_in_order(echo_server, compression):
    sent = ["a", "é" * 100, b"\x00binary", "z" * ECHO_LIMIT]
    with connect(echo_server, compression=compression, max_size=2**20) as client:
        client.send(sent[0])
        client.ping().wait(10)  # a control frame between messages
        for message in sent[1:]:
            client.send(message)
        client.send(["frag", "mented"])  # one message in three frames
        echoed = [client.recv(timeout=10) for _ in range(len(sent) + 1)]
    assert echoed == [m if isinstance(m, str) else m.decode() for m in sent] + ["fragmented"]


def _masked(payload: bytes) -> bytes:
    mask = os.urandom(4)
    header = bytes((0x81, 0x80 | 126)) + len(payload).to_bytes(2, "big")
    return header + mask + apply_mask(payload, mask)


def test_frames_cut_between_reads_arrive_whole(echo_server):
    with connect(echo_server, compression=None) as client:
        raw = client.socket
        frames = _masked(b"one" * 50) + _masked(b"two" * 50)
        for piece in (frames[:3], frames[3:160], frames[160:]):  # cut in a header, in a payload
            raw.sendall(piece)
            time.sleep(0.05)
        assert [client.recv(timeout=10) for _ in range(2)] == ["one" * 50, "two" * 50]


def test_a_message_over_the_size_limit_closes_the_connection(echo_server):
    with connect(echo_server, compression=None, max_size=2**20) as client:
        client.send("x" * (ECHO_LIMIT + 1))
        with pytest.raises(Exception) as closed:
            client.recv(timeout=10)
    assert "1009" in str(closed.value)


@pytest.mark.parametrize("compression", [None, "deflate"])
def test_direct_sends_are_text_frames_any_client_reads(direct_server, compression):
    with connect(direct_server, compression=compression) as client:
        received = [client.recv(timeout=10) for _ in range(len(MESSAGES) + 1)]
    assert received == [*MESSAGES, "after"]


class _Socket:
    """Stands in for a Starlette WebSocket whose server offers a direct send."""

    def __init__(self):
        self.takes = False
        self.direct: list[bytes] = []
        self.through_asgi: list[str] = []
        self.closed: int | None = None
        self.scope = {"extensions": {SEND_NOW: self._send_now}}

    def _send_now(self, message: bytes) -> bool:
        if self.takes:
            self.direct.append(message)
        return self.takes

    async def send_text(self, text: str) -> None:
        self.through_asgi.append(text)

    async def close(self, code: int) -> None:
        self.closed = code


async def test_messages_that_waited_leave_first_and_in_order():
    socket = _Socket()
    connection = Connection(socket, member=1, bucket=Bucket(10, 10), max_queued=2**20)
    connection.send(b"1")  # the socket pushes back: queued
    socket.takes = True
    connection.send(b"2")  # the socket would take it, but "1" waits: queued behind it
    assert socket.direct == [] and connection.queue.qsize() == 2
    writer = asyncio.create_task(connection.write())
    while not connection.queue.empty():
        await asyncio.sleep(0)
    connection.send(b"3")  # nothing waits any more: sent at once
    connection.close(1000)
    await asyncio.wait_for(writer, 5)
    assert socket.through_asgi == ["1", "2"] and socket.direct == [b"3"]
    assert socket.closed == 1000


class _Unread:
    """A client that sends what a test queues on its `protocol` (websockets' sans-I/O one) in
    one write, and reads only when told: it can send without reading."""

    def __init__(self, url: str, compression: str | None = None):
        extensions = [ClientPerMessageDeflateFactory()] if compression else None
        self.protocol = ClientProtocol(parse_uri(url), extensions=extensions)
        self.socket = socket.socket()
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 16)
        self.socket.settimeout(10)
        where = urlparse(url)
        self.socket.connect((where.hostname, where.port))
        self.protocol.send_request(self.protocol.connect())
        self.flush()
        self.frames: list[Frame] = []
        while not any(isinstance(event, Response) for event in self._read()):
            pass
        assert self.protocol.handshake_exc is None

    def flush(self) -> None:
        self.socket.sendall(b"".join(self.protocol.data_to_send()))

    def _read(self) -> list:
        """Read once; the events read, the frames among them kept in `frames`."""
        data = self.socket.recv(1 << 16)
        if data:
            self.protocol.receive_data(data)
        else:
            self.protocol.receive_eof()
        events = self.protocol.events_received()
        self.frames += [event for event in events if isinstance(event, Frame)]
        return events if data else [*events, None]

    def next_frame(self) -> Frame:
        while not self.frames:
            self._read()
        return self.frames.pop(0)

    def until_closed(self) -> list[Frame]:
        """The frames the server sends until it closes the connection."""
        while None not in self._read():
            pass
        self.socket.close()
        return self.frames


@pytest.mark.parametrize("compression", [None, "deflate"])
def test_pings_within_the_allowance_are_answered(echo_server, compression):
    with connect(echo_server, compression=compression) as client:
        for n in range(CONTROL_BURST):
            assert client.ping(str(n)).wait(10)
        client.send("still open")
        assert client.recv(timeout=10) == "still open"


@pytest.mark.parametrize("compression", [None, "deflate"])  # read here, or by websockets
@pytest.mark.parametrize("control", ["ping", "pong"])
def test_control_frames_past_the_allowance_close_the_connection(echo_server, compression, control):
    """A client that sends pings (or pongs nobody asked for) without reading is closed with
    1008 once past its allowance, and sent no more than a pong per allowed ping meanwhile."""
    client = _Unread(echo_server, compression)
    send = client.protocol.send_ping if control == "ping" else client.protocol.send_pong
    for n in range(3 * CONTROL_BURST):
        send(b"%03d" % n + bytes(120))  # as long as a control frame's payload may be
    client.flush()
    frames = client.until_closed()
    assert frames[-1].opcode is Opcode.CLOSE and client.protocol.close_rcvd.code == CLOSE_POLICY
    assert all(frame.opcode is Opcode.PONG for frame in frames[:-1])
    assert len(frames) - 1 <= (CONTROL_BURST if control == "ping" else 0)


#: What the filling server sends until its socket pushes back: text that compresses little.
FILLER = os.urandom(30_000).hex().encode()


@pytest.fixture
def filling_server():
    """A server that fills the socket with messages sent directly until it pushes back (its
    client does not read), then says how many it sent (`sent`, `full`), and says when a
    message reached it (`heard`, once the read that brought it is done)."""
    state = SimpleNamespace(sent=0, full=threading.Event(), heard=threading.Event())

    @_websocket_app
    async def fill(scope, receive, send):
        send_now = scope["extensions"][SEND_NOW]
        loop = asyncio.get_running_loop()
        scope["extensions"][RECEIVE_DIRECTLY](lambda _: loop.call_soon(state.heard.set))
        while send_now(FILLER):
            state.sent += 1
        state.full.set()
        assert (await receive())["type"] == "websocket.disconnect"

    for url in _serving(fill):
        yield url, state


@pytest.mark.parametrize("compression", [None, "deflate"])
def test_a_ping_is_not_answered_while_the_socket_pushes_back(filling_server, compression):
    url, state = filling_server
    client = _Unread(url, compression)
    assert state.full.wait(30)
    client.protocol.send_ping(b"held back")
    client.protocol.send_text(b"heard?")
    client.flush()
    assert state.heard.wait(30)
    texts = [client.next_frame() for _ in range(state.sent)]  # now the socket drains
    assert [frame.opcode for frame in texts] == [Opcode.TEXT] * state.sent
    client.protocol.send_ping(b"answered")
    client.flush()
    pong = client.next_frame()
    assert (pong.opcode, pong.data) == (Opcode.PONG, b"answered")
    client.socket.close()
