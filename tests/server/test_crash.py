"""Kill the server with SIGKILL in the middle of busy games, start it again: every acknowledged
action is in the log, every table resumes, and the clients reconnect and play on; with one
process on SQLite (the default setup), and with two workers (`--workers 2`, killed all at once)
on PostgreSQL (the setup for several processes). Each backend and each process layout is
killed once: the other two pairings repeat the same writes at about 25 s of CPU each."""

from __future__ import annotations

import asyncio
import signal

import httpx
import orjson
import psutil
import pytest
import websockets
from harness import read_history, start_process

from cardtable.table.patch import apply
from thread_server import free_port

TABLES = 4
PLAYERS = 3
#: Actions acknowledged before the kill: enough that it falls among busy games.
BUSY = 50


async def _play(url: str, code: str, token: str, acks: list, stop: asyncio.Event) -> dict:
    """Pick whenever it is our turn and record every ack, until the socket dies or `stop`."""
    async with websockets.connect(f"{url}/ws/{code}") as socket_:
        await socket_.send(orjson.dumps({"type": "hello", "token": token}).decode())
        welcome = orjson.loads(await socket_.recv())
        document, seq = welcome["document"], welcome["seq"]
        pending, count = None, 0
        try:
            while not stop.is_set():
                if pending is None and document["game"]["you"]["pick"] is None:
                    count += 1
                    pending = f"a{count}"
                    action = {"type": "pick", "n": 1 + count % 3}
                    message = {"type": "play", "id": pending, "action": action}
                    await socket_.send(orjson.dumps(message).decode())
                try:
                    message = orjson.loads(await asyncio.wait_for(socket_.recv(), 0.5))
                except TimeoutError:
                    continue
                if message["type"] == "update":
                    assert message["seq"] - message.get("steps", 1) == seq
                    seq = message["seq"]
                    document = apply(document, message["patch"])
                    if message.get("ack") == pending:
                        acks.append((code, seq))
                        pending = None
                elif message["type"] == "error" and message["id"] == pending:
                    pending = None
        except websockets.ConnectionClosed:
            pass
        return {"seq": seq, "welcome_seq": welcome["seq"]}


def _tables(url: str) -> list[tuple[str, list[str]]]:
    tables = []
    with httpx.Client(base_url=url, timeout=10) as http:
        for t in range(TABLES):
            host = http.post(
                "/api/tables",
                json={
                    "game": "tiny",
                    "name": "P0",
                    "client": f"crash-client-{t}-0",
                    "options": {"target": 10**6},
                },
            ).json()
            tokens = [host["token"]]
            for p in range(1, PLAYERS):
                tokens.append(
                    http.post(
                        f"/api/tables/{host['code']}/join",
                        json={"name": f"P{p}", "client": f"crash-client-{t}-{p}"},
                    ).json()["token"]
                )
            tables.append((host["code"], tokens))
    return tables


async def _start_games(ws_url: str, tables) -> None:
    for code, tokens in tables:
        async with websockets.connect(f"{ws_url}/ws/{code}") as host:
            await host.send(orjson.dumps({"type": "hello", "token": tokens[0]}).decode())
            await host.recv()
            start = {"type": "table", "id": "s", "action": {"type": "start"}}
            await host.send(orjson.dumps(start).decode())
            while orjson.loads(await host.recv()).get("ack") != "s":
                pass


def _kill(server) -> None:
    """SIGKILL the server and, with --workers, every worker at the same moment."""
    processes = [psutil.Process(server.pid), *psutil.Process(server.pid).children()]
    for process in processes:
        process.send_signal(signal.SIGKILL)


@pytest.mark.parametrize(("backend", "workers"), [("sqlite", 1), ("postgresql", 2)])
def test_sigkill_loses_no_acknowledged_action(backend, workers, tmp_path, request):
    args = ["--data-dir", str(tmp_path)]
    if backend == "postgresql":
        args = ["--database-url", request.getfixturevalue("postgres_url")]
    args += ["--workers", str(workers)]
    port = free_port()
    url, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    server = start_process(args, port)
    try:
        tables = _tables(url)
        asyncio.run(_start_games(ws_url, tables))
        acks: list[tuple[str, int]] = []

        async def busy_then_kill():
            stop = asyncio.Event()
            players = [
                asyncio.create_task(_play(ws_url, code, token, acks, stop))
                for code, tokens in tables
                for token in tokens
            ]
            while len(acks) < BUSY and not all(player.done() for player in players):
                await asyncio.sleep(0.05)
            _kill(server)
            await asyncio.gather(*players)

        asyncio.run(asyncio.wait_for(busy_then_kill(), 120))
        server.wait(10)
        assert len(acks) >= BUSY, "the games were not busy"

        server = start_process(args, port)
        with httpx.Client(base_url=url, timeout=30) as http:
            logs = {
                code: {s["seq"] for s in read_history(http, code, tokens[0])["steps"]}
                for code, tokens in tables
            }
        lost = [(code, seq) for code, seq in acks if seq not in logs[code]]
        assert not lost, f"acknowledged but lost: {lost}"

        async def play_on():
            stop = asyncio.Event()
            after: list[list] = [[] for _ in range(TABLES * PLAYERS)]
            players = [
                asyncio.create_task(_play(ws_url, code, token, after[i], stop))
                for i, (code, token) in enumerate(
                    (code, token) for code, tokens in tables for token in tokens
                )
            ]
            while not all(len(acked) >= 2 for acked in after):
                await asyncio.sleep(0.05)
            stop.set()
            return await asyncio.gather(*players)

        resumed = asyncio.run(asyncio.wait_for(play_on(), 60))
        last_acked = {}
        for code, seq in acks:
            last_acked[code] = max(seq, last_acked.get(code, 0))
        for (code, _), result in zip(
            [(c, t) for c, ts in tables for t in ts], resumed, strict=True
        ):
            assert result["welcome_seq"] >= last_acked.get(code, 0)
            assert result["seq"] > result["welcome_seq"]
    finally:
        server.kill()
        server.wait(10)
