"""Test harness: a real server on a free port in a background thread or its own process, and a
WebSocket client that applies updates to its document and checks the sequence numbers, as a
browser would."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.sync.client import connect

from cardtable.server import Settings, create_app
from cardtable.server.patch import apply
from cardtable.server.table import TableState
from thread_server import serve_in_thread

CLIENT_KEY = "test-client-0001"
HERE = Path(__file__).parent


def settings_for(database_url: str, **overrides) -> Settings:
    """Settings for tests: bots move at once; joins, lookups, tables created and deck
    uploads are not rate-limited."""
    values = {
        "bot_delay": 0.0,
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
    deadline = time.monotonic() + 60  # a loaded machine starts Python slowly
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        if process.poll() is not None:
            raise RuntimeError("the server exited at start")
        time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


class RunningServer:
    def __init__(self, settings: Settings):
        self.settings = settings
        self.app = create_app(settings)

    def __enter__(self) -> RunningServer:
        self.server, self.thread = serve_in_thread(self.app)
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
    def hub(self):
        return self.app.state.hub

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

        async def run():
            live = await self.hub.get(code)
            async with live.lock:
                return look(live.state)

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def client(self, code: str, token: str) -> Client:
        return Client(f"{self.ws_url}/ws/{code}", token)


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
