"""Test harness: a real server on a free port in a background thread or its own process, a
WebSocket client that applies updates to its document and checks the sequence numbers, as a
browser would, and `eventually` for what the server does on its own."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.sync.client import connect

from cardtable.server import Settings, create_app
from cardtable.server.http.request_heads import PartialRequests
from cardtable.table.patch import apply
from cardtable.table.state import TableState
from thread_server import on_loop, read_table, serve_in_thread

CLIENT_KEY = "test-client-0001"
HERE = Path(__file__).parent


def settings_for(database_url: str, **overrides) -> Settings:
    """Settings for tests: bots move at once; joins, lookups, tables created, deck uploads
    and a member's messages (a test's tabs play as fast as the server answers) are not
    rate-limited."""
    values = {
        "bot_delay": 0.0,
        "message_rate": 1e6,
        "message_burst": 10**6,
        "join_rate": 1000.0,
        "join_burst": 1000,
        "lookup_rate": 1000.0,
        "lookup_burst": 1000,
        "create_rate": 1000.0,
        "create_burst": 1000,
        "uploads_per_hour": 10**6,
        "upload_bytes_per_hour": 2**40,
    }
    return Settings(database_url=database_url, **{**values, **overrides})


def start_process(args: list[str], port: int) -> subprocess.Popen:
    """`cardtable serve` (with the tiny game) on `port` in its own process, once it answers."""
    env = {**os.environ, "PYTHONPATH": str(HERE)}
    process = subprocess.Popen(
        [
            sys.executable,
            str(HERE / "serve_tiny.py"),
            "serve",
            "--port",
            str(port),
            "--bot-delay",
            "0",
            "--join-rate",
            "1000",
            "--join-burst",
            "1000",
            "--create-rate",
            "1000",
            "--create-burst",
            "1000",
            "--log-level",
            "warning",
            *args,
        ],
        env=env,
    )

    def answers() -> bool:
        if process.poll() is not None:
            raise RuntimeError("the server exited at start")
        try:
            return httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    try:
        eventually(answers, timeout=60, what="the server to start")  # Python starts slowly
    except AssertionError:
        process.kill()
        raise
    return process


def eventually(condition: Callable[[], Any], timeout: float = 20, what: str = "") -> Any:
    """Ask `condition()` again every 10 ms until it holds, and return what it gave: for what
    the server does by itself (a refresh, a socket it closes, a wake-up it fired). `timeout`
    only bounds the wait on a loaded machine; nothing may depend on how long it took."""
    deadline = time.monotonic() + timeout
    while not (held := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s in vain for {what or 'the condition'}")
        time.sleep(0.01)
    return held


class RunningServer:
    """`seams`: `create_app`'s `open_store` and `open_bus`, for a test's own."""

    def __init__(self, settings: Settings, **seams):
        self.settings = settings
        self.app = create_app(settings, **seams)
        #: The connections whose request head is still arriving, as `cardtable serve` counts.
        self.partial = PartialRequests(settings)

    def __enter__(self) -> RunningServer:
        self.server, self.thread = serve_in_thread(self.app, http=self.partial.protocol)
        self.loop = self.server.servers[0].get_loop()
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.ws_url = f"ws://127.0.0.1:{port}"
        self.http = httpx.Client(base_url=self.url, timeout=10)
        return self

    def __exit__(self, *exc) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(20)

    @property
    def site(self):
        return self.app.state.site

    def create(self, game="tiny", name="Ann", client=CLIENT_KEY, **body) -> dict:
        answer = self.http.post(
            "/api/tables", json={"game": game, "name": name, "client": client, **body}
        )
        assert answer.status_code == 201, answer.text
        return answer.json()

    def join(self, code, name, client=CLIENT_KEY, expect=200, address=None, **body) -> dict:
        """Join `code`; `address`: the address to join from (as a proxy would say it)."""
        answer = self.http.post(
            f"/api/tables/{code}/join",
            json={"name": name, "client": client, **body},
            headers={} if address is None else {"x-forwarded-for": address},
        )
        assert answer.status_code == expect, answer.text
        return answer.json()

    def summary(self, code: str, token: str) -> dict:
        """The table's summary, asked with a member's token."""
        answer = self.http.get(f"/api/tables/{code}", headers=bearer(token))
        assert answer.status_code == 200, answer.text
        return answer.json()

    def history(self, code: str, token: str) -> dict:
        """The table's whole public history, asked with a member's token."""
        return read_history(self.http, code, token)

    def read(self, code: str, look: Callable[[TableState], Any]) -> Any:
        """`look(state)` run on the server's loop under the table's lock: a consistent look at
        the table as the server holds it (what a seat may do, whom the game waits on)."""
        return read_table(self.server, self.site.tables, code, look)

    def on_loop(self, work: Callable[[], Awaitable[Any]]) -> Any:
        """`await work()` on the server's loop (after every wake-up already fired); its result."""
        return on_loop(self.server, work)

    def held(self, code: str) -> bool:
        """Whether table `code` is in the server's memory (asking loads nothing)."""

        async def held() -> bool:
            return self.site.tables.is_held(code)

        return self.on_loop(held)

    def evict(self, code: str) -> None:
        """Table `code` leaves the server's memory as an idle table does: its next use reads
        it from the log."""

        async def evict() -> None:
            self.site.tables.evict(await self.site.tables.get(code))

        self.on_loop(evict)

    def catch_up(self, client: Client, code: str) -> None:
        """Read `client`'s messages until it has every step table `code` had taken when asked."""
        seq = self.read(code, lambda state: state.seq)
        client.until(lambda c: c.seq >= seq)

    def metrics(self) -> dict[str, float]:
        return metrics(self.http)

    def client(self, code: str, token: str) -> Client:
        return Client(f"{self.ws_url}/ws/{code}", token)


def metrics(http: httpx.Client) -> dict[str, float]:
    """Every sample of /metrics by its name and labels, e.g. `cardtable_connections`."""
    answer = http.get("/metrics")
    assert answer.status_code == 200, answer.text
    samples = {}
    for line in answer.text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            samples[name] = float(value)
    return samples


def read_history(http: httpx.Client, code: str, token: str) -> dict:
    """A table's whole public history, page by page, asked with a member's token."""
    history = None
    after = 0
    while after is not None:
        answer = http.get(
            f"/api/tables/{code}/history", params={"after": after}, headers=bearer(token)
        )
        assert answer.status_code == 200, answer.text
        page = answer.json()
        if history is None:
            history = page
        else:
            history["steps"] += page["steps"]
        after = page["next"]
    return history


def bearer(token: str) -> dict[str, str]:
    """The header that carries a member's token on HTTP reads."""
    return {"authorization": f"Bearer {token}"}


class Client:
    """One tab: says hello, keeps the document up to date, checks every sequence number."""

    def __init__(self, url: str, token: str):
        self.token = token
        self.socket = connect(url, open_timeout=10, max_size=2**22, legacy=True)
        self.send({"type": "hello", "token": token})
        welcome = self.recv_raw()
        assert welcome["type"] == "welcome", welcome
        self.member = welcome["member"]
        self.seq = welcome["seq"]
        self.document = welcome["document"]
        self.events: list[dict] = []
        self.messages: list[dict] = []
        self._ids = 0

    def close(self) -> None:
        self.socket.close()

    def send(self, message: Any) -> None:
        self.socket.send(
            message if isinstance(message, str | bytes) else orjson.dumps(message).decode()
        )

    def recv_raw(self, timeout: float = 10) -> dict:
        return orjson.loads(self.socket.recv(timeout=timeout))

    def recv(self, timeout: float = 10) -> dict:
        """The next message, applied to the document."""
        message = self.recv_raw(timeout)
        self.messages.append(message)
        kind = message["type"]
        if kind == "update":
            steps = message.get("steps", 1)
            assert message["seq"] - steps == self.seq, (message["seq"], steps, self.seq)
            self.seq = message["seq"]
            self.document = apply(self.document, message["patch"])
            self.events.extend(message["events"])
        elif kind == "presence":
            assert message["seq"] == self.seq
            self.document = apply(self.document, message["patch"])
        elif kind == "welcome":
            self.seq = message["seq"]
            self.document = message["document"]
        return message

    def next_id(self) -> str:
        self._ids += 1
        return f"c{self._ids}"

    def request(self, message: dict, timeout: float = 10) -> dict:
        """Send an action and read until its ack (an update) or its error; return that."""
        message = {**message, "id": self.next_id()}
        self.send(message)
        deadline = time.monotonic() + timeout
        while True:
            answer = self.recv(max(0.01, deadline - time.monotonic()))
            if answer.get("ack") == message["id"] or (
                answer["type"] == "error" and answer.get("id") == message["id"]
            ):
                return answer

    def play(self, action: dict) -> dict:
        return self.request({"type": "play", "action": action})

    def table(self, action: dict) -> dict:
        return self.request({"type": "table", "action": action})

    def ping(self) -> list[str]:
        """Ping, then read until the pong: whatever the server sent before it has been read.
        The types of the messages read."""
        self.send({"type": "ping"})
        kinds = [self.recv()["type"]]
        while kinds[-1] != "pong":
            kinds.append(self.recv()["type"])
        return kinds

    def until(self, condition, timeout: float = 10) -> None:
        """Read messages until `condition(self)` holds."""
        deadline = time.monotonic() + timeout
        while not condition(self):
            self.recv(max(0.01, deadline - time.monotonic()))

    def drain(self, quiet: float = 0.2) -> None:
        """Read until nothing arrives for `quiet` seconds."""
        try:
            while True:
                self.recv(quiet)
        except TimeoutError:
            pass

    @property
    def table_doc(self) -> dict:
        return self.document["table"]

    @property
    def game(self) -> dict | None:
        return self.document["game"]
