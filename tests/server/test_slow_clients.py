"""Slow and silent clients (issue 23, finding 4): a connection whose request head (line and
headers) does not arrive within the head timeout is cut off while others are served; one
address has a capped number of slow heads at once; `serve --workers`'s dispatcher reads heads
as they arrive, without polling, and hands the worker what it read.

The servers run on a `ManualClock`: a head turns slow, and late, when a test moves time on.
"""

from __future__ import annotations

import asyncio
import resource
import socket
import sys

import httpx
import pytest
from harness import HERE, RunningServer, eventually, settings_for

from cardtable.cli import build_parser
from cardtable.cli.serve import raise_open_files_limit, settings_from
from cardtable.server.clock import ManualClock
from cardtable.server.http.request_heads import SLOW_AFTER
from cardtable.server.workers.dispatcher import Dispatcher
from cardtable.server.workers.worker import HEAD_BYTES
from cardtable.store import Store
from thread_server import free_port

HEAD_TIMEOUT = 10.0
CAP = 2
HEALTH = b"GET /api/health HTTP/1.1\r\nhost: x\r\n\r\n"


@pytest.fixture
def clocked(tmp_path):
    """A server on a clock that moves only when a test moves it; at most `CAP` slow heads from
    one address."""
    settings = settings_for(
        f"sqlite:///{tmp_path / 'cardtable.db'}",
        clock=ManualClock(),
        head_timeout=HEAD_TIMEOUT,
        address_partial_requests=CAP,
    )
    with RunningServer(settings) as server:
        yield server


def _connect(server: RunningServer, sent: bytes, source: str = "127.0.0.1") -> socket.socket:
    """A connection from `source` (any 127.x.y.z is this machine) that sent `sent`."""
    port = int(server.url.rsplit(":", 1)[1])
    connection = socket.create_connection(
        ("127.0.0.1", port), timeout=10, source_address=(source, 0)
    )
    connection.sendall(sent)
    return connection


def _answer(connection: socket.socket) -> bytes:
    """What the server answers, until it closes the connection."""
    answer = b""
    while chunk := connection.recv(65536):
        answer += chunk
    return answer


def _cut_off(connection: socket.socket) -> bool:
    """Whether the server closed `connection` without a word (waiting up to its timeout)."""
    try:
        return connection.recv(1024) == b""
    except ConnectionResetError:
        return True


def _heads_begun(server: RunningServer) -> int:
    """Heads the server began to wait for at the clock's present time."""
    clock = server.settings.clock
    return clock.pending().count(clock.time() + SLOW_AFTER)


def test_a_head_not_sent_in_time_is_cut_off_while_others_are_served(clocked):
    clock = clocked.settings.clock
    host = clocked.create()
    ws = clocked.client(host["code"], host["token"])
    silent = _connect(clocked, b"", "127.0.0.2")
    half_line = _connect(clocked, b"GET /api/hea", "127.0.0.3")
    half_headers = _connect(clocked, b"GET /api/health HTTP/1.1\r\nhost: x\r\nuser-ag", "127.0.0.4")
    kept_alive = _connect(clocked, HEALTH, "127.0.0.5")
    assert kept_alive.recv(65536).startswith(b"HTTP/1.1 200")
    kept_alive.sendall(b"GET /api/health HTTP/1.1\r\nho")  # the next request, begun
    eventually(lambda: _heads_begun(clocked) == 4)

    clock.advance(SLOW_AFTER)
    eventually(lambda: sum(clocked.partial.slow.values()) == 4)  # slow, each within its cap
    assert clocked.http.get("/api/health").status_code == 200  # served meanwhile
    clock.advance(HEAD_TIMEOUT - SLOW_AFTER)
    for connection in (silent, half_line, half_headers, kept_alive):
        assert _cut_off(connection)
        connection.close()
    assert not clocked.partial.slow
    ws.send({"type": "ping"})  # an upgraded connection has no head to wait for
    assert ws.recv_raw()["type"] == "pong"
    ws.close()


def test_one_address_has_a_capped_number_of_slow_heads(clocked):
    # Heads count when they turn slow: a burst of connections past the cap is not refused.
    burst = [_connect(clocked, b"GET /api/health HTTP/1.1\r\n", "127.0.0.2") for _ in range(3)]
    eventually(lambda: _heads_begun(clocked) == 3)
    clocked.settings.clock.advance(SLOW_AFTER)
    eventually(lambda: clocked.partial.slow["127.0.0.2"] == CAP)
    assert _cut_off(burst[2])  # slow past the cap
    assert _cut_off(_connect(clocked, b"", "127.0.0.2"))  # refused at once
    assert _answer(_connect(clocked, HEALTH, "127.0.0.3")).startswith(b"HTTP/1.1 200")

    for connection in burst[:CAP]:  # the slow ones within the cap were kept
        connection.sendall(b"host: x\r\nconnection: close\r\n\r\n")
        assert _answer(connection).startswith(b"HTTP/1.1 200")
    eventually(lambda: not clocked.partial.slow)
    assert _answer(_connect(clocked, HEALTH, "127.0.0.2")).startswith(b"HTTP/1.1 200")
    for connection in burst:
        connection.close()


def test_serve_takes_the_head_timeout_and_the_cap_and_raises_its_open_files_limit(tmp_path):
    args = ["serve", "--data-dir", str(tmp_path)]
    flags = ["--head-timeout", "2.5", "--address-partial-requests", "5"]
    settings = settings_from(build_parser().parse_args([*args, *flags]))
    assert (settings.head_timeout, settings.address_partial_requests) == (2.5, 5)
    for refused in (["--head-timeout", "0"], ["--address-partial-requests", "0"]):
        with pytest.raises(ValueError, match="must be positive"):
            settings_from(build_parser().parse_args([*args, *refused]))

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(soft, 256), hard))
    try:
        assert raise_open_files_limit() == hard
        assert resource.getrlimit(resource.RLIMIT_NOFILE) == (hard, hard)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


# -- serve --workers --------------------------------------------------------------------------


class _Site:
    """A dispatcher in this process (on this test's loop, so that its reads can be counted)
    and its two workers, on a clock that moves only when the test moves it."""

    def __init__(self, dispatcher: Dispatcher, port: int):
        self.dispatcher, self.port = dispatcher, port
        self.clock: ManualClock = dispatcher.partial.clock
        self.reads = 0
        self._read = asyncio.Event()
        read = dispatcher._read

        def counted(arriving):
            self.reads += 1
            self._read.set()
            read(arriving)

        dispatcher._read = counted

    async def read_once_more(self, reads: int) -> None:
        """Wait until the dispatcher has read `reads` times."""
        while self.reads < reads:
            self._read.clear()
            await asyncio.wait_for(self._read.wait(), 10)

    async def connect(self, source: str = "127.0.0.1"):
        return await asyncio.open_connection("127.0.0.1", self.port, local_addr=(source, 0))


@pytest.fixture
async def site(tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(HERE))  # the workers' serve_tiny.py finds the game
    url = f"sqlite:///{tmp_path / 'cardtable.db'}"
    store = await Store.open(url, False)  # the schema, made before the workers open it
    await store.close()
    settings = settings_for(
        url,
        workers=2,
        clock=ManualClock(),
        head_timeout=HEAD_TIMEOUT,
        address_partial_requests=CAP,
    )
    port = free_port()

    def command(index: int, control_fd: int) -> list[str]:
        return [
            *(sys.executable, str(HERE / "serve_tiny.py"), "serve", "--data-dir", str(tmp_path)),
            *("--workers", "2", "--worker-index", str(index), "--control-fd", str(control_fd)),
            *("--log-level", "warning"),
        ]

    dispatcher = Dispatcher("127.0.0.1", port, command, settings)

    def started() -> bool:
        return all(worker.ready for worker in dispatcher.workers)

    running = asyncio.create_task(dispatcher.run())
    try:
        await asyncio.to_thread(eventually, started, timeout=60)  # Python starts slowly
        yield _Site(dispatcher, port)
    finally:
        dispatcher.stop()
        await asyncio.wait_for(running, 30)


async def _answer_async(reader: asyncio.StreamReader) -> bytes:
    return await asyncio.wait_for(reader.read(), 10)


async def _cut_off_async(reader: asyncio.StreamReader) -> bool:
    try:
        return await asyncio.wait_for(reader.read(), 10) == b""
    except ConnectionResetError:
        return True


async def test_a_head_in_pieces_is_read_as_it_arrives_and_routed(site):
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{site.port}", timeout=10) as http:
        created = await http.post(
            "/api/tables", json={"game": "tiny", "name": "Ann", "client": "slow-client-1"}
        )
    assert created.status_code == 201, created.text
    table = created.json()
    request = (
        f"GET /api/tables/{table['code']} HTTP/1.1\r\nhost: x\r\n"
        f"authorization: Bearer {table['token']}\r\n\r\n"
    ).encode()

    reader, writer = await site.connect()
    reads = site.reads
    for start in range(0, len(request), 5):
        writer.write(request[start : start + 5])
        reads += 1
        await site.read_once_more(reads)
        # A poller (the dispatcher used to look again every 5 ms) would read again before a
        # timer armed after it falls due; a reader woken by bytes does not.
        await asyncio.sleep(0.02)
        assert site.reads == reads
    answer = await _answer_async(reader)
    assert answer.startswith(b"HTTP/1.1 200"), answer
    assert table["code"].encode() in answer  # the table's owner answered with its summary
    writer.close()

    # A head longer than the dispatcher reads: the worker reads the rest from the socket.
    reader, writer = await site.connect()
    padding = b"x-padding: " + b"p" * HEAD_BYTES + b"\r\n"
    writer.write(request.replace(b"host: x\r\n", b"host: x\r\n" + padding))
    answer = await _answer_async(reader)
    assert answer.startswith(b"HTTP/1.1 200") and table["code"].encode() in answer, answer
    writer.close()


async def test_the_dispatcher_cuts_off_late_heads_and_caps_slow_ones(site):
    waiting = [await site.connect("127.0.0.2") for _ in range(3)]
    for _, writer in waiting:
        writer.write(b"GET /api/tab")
    await site.read_once_more(site.reads + 3)
    site.clock.advance(SLOW_AFTER)
    assert await _cut_off_async(waiting[2][0])  # slow past the cap
    waiting[2][1].close()
    assert site.dispatcher.partial.slow["127.0.0.2"] == CAP
    refused, writer = await site.connect("127.0.0.2")
    assert await _cut_off_async(refused)
    writer.close()

    reader, writer = await site.connect("127.0.0.3")  # another address, meanwhile
    writer.write(HEALTH[:9])  # answered by the dispatcher itself, from its pieces
    await site.read_once_more(site.reads + 1)
    writer.write(HEALTH[9:])
    assert (await _answer_async(reader)).startswith(b"HTTP/1.1 200")
    writer.close()

    site.clock.advance(HEAD_TIMEOUT - SLOW_AFTER)
    for reader, writer in waiting[:CAP]:
        assert await _cut_off_async(reader)
        writer.close()
    assert not site.dispatcher.partial.slow
