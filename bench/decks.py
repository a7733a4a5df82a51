"""Deck import figures (issue 22): the time and memory to import a 2 MB JSON Against
Humanity-like compact file we generate, in this process and in the isolated child the server
uses; then, against a `cardtable serve` started here (SQLite in a temporary folder), another
table's latency (an action sent to its acknowledgement, p50 and p99) quiet and while 8 hostile
files (tests/decks/hostile_files.py) are uploaded at once. Prints figures; asserts nothing.

    uv run python bench/decks.py
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import httpx
import orjson
from websockets.asyncio.client import connect

from cardtable.decks.importer import import_deck
from cardtable.decks.sandbox import Request, import_isolated

sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "decks"))
from hostile_files import HOSTILE

#: The other table's probe: one action every PROBE_INTERVAL seconds, QUIET_PROBES when quiet.
PROBE_INTERVAL = 0.02
QUIET_PROBES = 300


def jah_like(target_bytes: int = 2_000_000) -> bytes:
    """A compact JAH file of invented cards, about `target_bytes` long, cards in several packs."""
    white, black, n = [], [], 0
    while len(white) * 80 + len(black) * 120 < target_bytes:  # text, quotes and indices
        white.append(f"Invented answer number {n} with *style*.")
        if n % 4 == 0:
            black.append({"text": f"Invented question {n}: _ and then _?", "pick": 2})
        n += 1
    packs = [
        {
            "name": f"Pack {p}",
            "official": p < 10,
            "white": list(range(p, len(white), 7)),
            "black": list(range(p, len(black), 5)),
        }
        for p in range(40)
    ]
    return json.dumps({"white": white, "black": black, "packs": packs}).encode()


def import_figures() -> None:
    data = jah_like()
    tracemalloc.start()
    started, cpu = time.perf_counter(), time.process_time()
    imported = import_deck(data, "bench.json", max_bytes=len(data))
    wall, used = time.perf_counter() - started, time.process_time() - cpu
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    deck = imported.deck
    print(
        f"file: {len(data):,} bytes, {len(deck.calls):,} calls, {len(deck.responses):,} responses"
    )
    print(f"in process: {wall:.2f} s wall, {used:.2f} s CPU, peak {peak / 2**20:.1f} MiB traced")
    started = time.perf_counter()
    isolated = asyncio.run(import_isolated(data, Request("bench.json", max_bytes=len(data))))
    wall = time.perf_counter() - started
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        f"isolated child: {wall:.2f} s wall (start-up included), "
        f"{isolated.report.cpu_seconds:.2f} s CPU importing, max RSS {child:.0f} MiB"
    )


@contextlib.contextmanager
def running_server():
    """`cardtable serve` on a free port with SQLite in a temporary folder; its base URL."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as data_dir:
        command = "from cardtable.cli import main; main()"
        arguments = ["serve", "--port", str(port), "--data-dir", data_dir, "--log-level", "error"]
        process = subprocess.Popen(
            [sys.executable, "-c", command, *arguments, "--message-rate", "1000"]
        )
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                        break
                time.sleep(0.1)
            yield url
        finally:
            process.terminate()
            process.wait(20)


class Table:
    """The other table: its host changes a setting back and forth, each change acknowledged
    once stored; the latency of each, in seconds."""

    def __init__(self, socket):
        self.socket, self.count = socket, 0

    @classmethod
    async def open(cls, url: str) -> Table:
        body = {"game": "cah", "name": "Ann", "client": "bench-client-0001", "options": {}}
        async with httpx.AsyncClient(base_url=url) as http:
            table = (await http.post("/api/tables", json=body)).json()
        socket = await connect(f"ws{url[4:]}/ws/{table['code']}", max_size=2**22)
        await socket.send(orjson.dumps({"type": "hello", "token": table["token"]}).decode())
        welcome = orjson.loads(await socket.recv())
        assert welcome["type"] == "welcome", welcome
        return cls(socket)

    async def act(self) -> float:
        self.count += 1
        ident = f"b{self.count}"
        options = {"preset": "default", "handSize": 9 + self.count % 2}
        action = {"type": "table", "id": ident, "action": {"type": "settings", "options": options}}
        sent = time.perf_counter()
        await self.socket.send(orjson.dumps(action).decode())
        while True:
            answer = orjson.loads(await self.socket.recv())
            if answer.get("ack") == ident or answer.get("id") == ident:
                if answer["type"] == "error":
                    raise RuntimeError(answer)
                return time.perf_counter() - sent

    async def probe(self, until) -> list[float]:
        """Act every PROBE_INTERVAL until `until()`; the latencies."""
        latencies = []
        while not until(len(latencies)):
            latencies.append(await self.act())
            await asyncio.sleep(PROBE_INTERVAL)
        return latencies


def _figures(latencies: list[float]) -> str:
    cuts = statistics.quantiles(latencies, n=100)
    return f"{len(latencies)} actions, p50 {cuts[49] * 1000:.1f} ms, p99 {cuts[98] * 1000:.1f} ms"


async def latency_figures(url: str) -> None:
    table = await Table.open(url)
    quiet = await table.probe(lambda done: done >= QUIET_PROBES)
    print(f"other table, quiet: {_figures(quiet)}")
    files = {name: make() for name, make in HOSTILE.items()}

    async def upload(http: httpx.AsyncClient, name: str) -> str:
        answer = await http.post("/api/decks", content=files[name], params={"name": name})
        error = answer.json().get("error")
        return f"{name}: {answer.status_code} {error['problem'] if error else 'read'}"

    async with httpx.AsyncClient(base_url=url, timeout=300) as http:
        started = time.perf_counter()
        uploads = asyncio.gather(*(upload(http, name) for name in files))
        loaded = await table.probe(lambda done: done >= 2 and uploads.done())
        outcomes = await uploads
        wall = time.perf_counter() - started
    print(f"other table, during {len(files)} concurrent hostile uploads: {_figures(loaded)}")
    print(f"uploads ({wall:.1f} s for all): " + "; ".join(outcomes))
    await table.socket.close()


def main() -> None:
    import_figures()
    with running_server() as url:
        asyncio.run(latency_figures(url))


if __name__ == "__main__":
    main()
