"""Load benchmark: P bot clients over real WebSockets at T tables of CAH, as fast as the rules
allow, for S seconds. Prints one line:

load: players=P tables=T actions=N actions_per_s=N p50_ms=N p95_ms=N p99_ms=N errors=N lost=N
      server_rss_mb=N server_cpu_ms_per_action=N

Latency runs from an action sent to the moment every player at its table has the update it
caused. With `--rate R` the players together send at most R actions a second (whoever is
ready goes first, the rest wait their turn before sending), to find the highest rate the
server sustains at a given latency; without it they act as soon as the rules let them.
`--find-rate` searches for that rate: a stage as fast as the rules allow, then stages held to
rates chosen by bisection; it prints the highest rate sustained at p99 under `--p99-ms` (a
stage sustains its rate when it does nearly all of it) and ends with that stage's line.
The server it starts runs one worker process per core (`--workers`). The server's CPU time
and memory are read from the operating system for the server's processes alone (the one
listening and its workers, when it runs on this machine); the client processes' own CPU time
per action goes to stderr, to see what share of the machine the load took. Usage:

    uv run python bench/load.py --players 1000 --tables 200 --seconds 30
    uv run python bench/load.py --players 1000 --tables 200 --seconds 30 --rate 2000
    uv run python bench/load.py --players 1000 --tables 200 --seconds 10 --find-rate
    uv run python bench/load.py --url http://127.0.0.1:8000 ...   # a running server
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import multiprocessing
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

import httpx
import orjson
import psutil
from websockets.client import ClientProtocol
from websockets.frames import Opcode, apply_mask
from websockets.http11 import Response
from websockets.uri import parse_uri

from cardtable.cli.serve import GC_THRESHOLDS
from cardtable.table.patch import apply

#: Seconds the players wait, once time is up, for the answers to the actions they sent.
FINISH_SECONDS = 5.0

#: A stage held to a rate sustains it when it does at least this share of it.
SUSTAINED = 0.97


class Stats:
    def __init__(self, players_per_table: dict[str, int]):
        self.players = players_per_table
        self.measuring = False
        self.actions = 0
        self.errors = 0
        self.lost = 0
        self.latencies: list[float] = []
        #: When the actions acknowledged by an update ending at step (table, seq) were sent
        #: (several: steps applied together, protocol 4), and how many players have the update
        #: of that step so far.
        self.sent_at: dict[tuple[str, int], list[float]] = {}
        self.received: dict[tuple[str, int], int] = {}

    def done(self, sent: float, now: float) -> None:
        """An action sent at `sent` had its effect seen by its player at `now` (for servers
        that do not acknowledge actions: bench/md_load.py)."""
        if self.measuring:
            self.actions += 1
            self.latencies.append(now - sent)

    def measure(self) -> None:
        """Start a stage's figures afresh."""
        self.actions = self.errors = 0
        self.latencies = []
        self.measuring = True

    def acked(self, code: str, seq: int, sent: float) -> None:
        """The action sent at `sent` is acknowledged by an update ending at step `seq` (call
        before that update's `delivered`)."""
        if self.measuring:
            self.actions += 1
            self.sent_at.setdefault((code, seq), []).append(sent)

    def delivered(self, code: str, seq: int, now: float) -> None:
        """One player at `code` has the update of step `seq`; once all have it, the actions
        acknowledged with it have their latency."""
        key = (code, seq)
        seen = self.received[key] = self.received.get(key, 0) + 1
        if seen < self.players[code]:
            return
        del self.received[key]
        self.latencies.extend(now - sent for sent in self.sent_at.pop(key, ()))


def _choose(document: dict, seat: int) -> dict | None:
    """A legal CAH action for `seat` from what it sees, or None when it is not awaited."""
    game = document["game"]
    if game is None:
        return None
    public, you = game["public"], game["you"]
    if seat not in public["waitingFor"]:
        return None
    phase = public["phase"]
    if phase == "submit":
        return {"type": "submit", "cards": [c["id"] for c in you["hand"][: public["pick"]]]}
    if phase == "reveal":
        return {"type": "reveal-next"}
    if phase == "judge":
        return {"type": "pick", "answer": 0}
    if phase in ("vote", "runner-up-vote"):
        mine = {a["answer"] for a in you["yourAnswers"]}
        return {"type": "vote", "answer": next(a for a in range(99) if a not in mine)}
    return None


class Player(asyncio.Protocol):
    """One bot client on its own WebSocket, driven by callbacks: each message is handled as
    it arrives (sans-I/O websockets over an asyncio transport), with no task per message,
    so the client's share of the machine stays small beside the server's."""

    def __init__(self, url: str, code: str, token: str, host: bool, share: Share):
        self.code, self.token, self.host, self.share = code, token, host, share
        self.ws = ClientProtocol(parse_uri(url), max_size=2**22)
        self.transport: asyncio.Transport | None = None
        self.document: dict = {}
        self.seq = 0
        self.me = -1
        self.seat: int | None = None
        self.counter = 0
        #: (client id, sent at) of the action awaiting its ack.
        self.pending: tuple[str, float] | None = None
        #: Waiting for its turn to act under `--rate`.
        self.queued = False
        self.welcomed = asyncio.get_running_loop().create_future()
        self.closed = False
        #: Bytes of the server's frames not read yet, once the WebSocket is open.
        self.frames: bytearray | None = None

    # -- the socket -----------------------------------------------------------------------

    def connection_made(self, transport) -> None:
        self.transport = transport
        self.ws.send_request(self.ws.connect())
        self._flush()

    def data_received(self, data: bytes) -> None:
        if self.frames is not None:
            self._read_frames(data)
            return
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Response):
                if self.ws.handshake_exc is not None:
                    self._fail(self.ws.handshake_exc)
                    return
                # Open: from now on the server's frames are read here (see `_read_frames`).
                self.frames = bytearray()
                self._greet()
            elif event.opcode is Opcode.TEXT:
                self._received(orjson.loads(event.data), time.perf_counter())
        self._flush()

    def _read_frames(self, data: bytes) -> None:
        """The server's frames, parsed by hand: they are unmasked and never fragmented, and
        this is most of what the client does, which the figure should not be about. A ping
        gets its pong; anything else but text ends the connection."""
        arrived = time.perf_counter()  # the frames of one read share the moment they came in
        if self.frames:  # the start of a frame came with the previous read
            data = bytes(self.frames + data)
            self.frames.clear()
        at, end = 0, len(data)
        while end - at >= 2:
            opcode, size = data[at] & 0x0F, data[at + 1] & 0x7F
            start = at + 2
            if size == 126:
                size, start = int.from_bytes(data[start : start + 2]), start + 2
            elif size == 127:
                size, start = int.from_bytes(data[start : start + 8]), start + 8
            if end < start + size:
                break
            payload = data[start : start + size]
            at = start + size
            if opcode == 1:
                self._received(orjson.loads(payload), arrived)
            elif opcode == 9:
                self.ws.send_pong(payload)
                self._flush()
            else:
                self.closed = True
                if self.transport is not None:
                    self.transport.close()
                return
        self.frames += data[at:]

    def connection_lost(self, error) -> None:
        self.closed = True
        if not self.share.stopping:
            self._fail(error or ConnectionError("the server closed the connection"))

    def _fail(self, error: BaseException) -> None:
        if not self.welcomed.done():
            self.welcomed.set_exception(error)
        self.share.failures.append(error)

    @staticmethod
    def address(ws_url: str, code: str) -> str:
        """The WebSocket address of table `code`."""
        return f"{ws_url}/ws/{code}"

    def _greet(self) -> None:
        """The first message, once the WebSocket is open."""
        self._send({"type": "hello", "token": self.token})

    def _send(self, message: dict) -> None:
        """Write `message` as one masked text frame (RFC 6455, 5.2-5.3), built here for the
        same reason frames are read by hand."""
        payload = orjson.dumps(message)
        size = len(payload)
        if size < 126:
            header = bytes((0x81, 0x80 | size))
        elif size < 1 << 16:
            header = b"\x81\xfe" + size.to_bytes(2, "big")
        else:
            header = b"\x81\xff" + size.to_bytes(8, "big")
        mask = os.urandom(4)
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(header + mask + apply_mask(payload, mask))

    def _flush(self) -> None:
        for data in self.ws.data_to_send():
            if data and self.transport is not None and not self.transport.is_closing():
                self.transport.write(data)

    # -- playing --------------------------------------------------------------------------

    def _received(self, message: dict, now: float) -> None:
        kind = message["type"]
        stats = self.share.stats
        if kind == "welcome":
            self.document, self.seq, self.me = (
                message["document"],
                message["seq"],
                message["member"],
            )
            self.seat = self._find_seat()
            if not self.welcomed.done():
                self.welcomed.set_result(None)
            return
        if kind == "update":
            first = message["seq"] - message.get("steps", 1) + 1  # steps stored together
            if first != self.seq + 1:
                stats.lost += 1
            self.seq = message["seq"]
            patch = message["patch"]
            self.document = apply(self.document, patch)
            if any(op["path"].startswith("/table") for op in patch):
                self.seat = self._find_seat()
            if self.pending is not None and message.get("ack") == self.pending[0]:
                stats.acked(self.code, self.seq, self.pending[1])
                self.pending = None
            for seq in range(first, self.seq + 1):
                stats.delivered(self.code, seq, now)
        elif kind == "presence":
            self.document = apply(self.document, message["patch"])
        elif kind == "error" and self.pending is not None and message.get("id") == self.pending[0]:
            stats.errors += 1
            self.pending = None
        self.decide()

    def _find_seat(self) -> int | None:
        for member in self.document["table"]["members"]:
            if member["id"] == self.me:
                return member["seat"]
        return None

    def decide(self) -> None:
        """Act if there is something to do: at once, or when `--rate` gives this player its turn."""
        if self.pending is not None or self.queued or not self.share.playing or self.closed:
            return
        move = self._move()
        if move is None:
            return
        if self.share.pace is None:
            self._act(*move)
        else:
            self.queued = True
            self.share.pace.wait(self)

    def take_turn(self) -> None:
        """Act now if there is still something to do (the pace's call)."""
        self.queued = False
        if self.pending is None and self.share.playing and not self.closed:
            move = self._move()
            if move is not None:
                self._act(*move)

    def _move(self) -> tuple[str, dict] | None:
        status = self.document["table"]["status"]
        if self.host and status in ("lobby", "ended"):
            return "table", {"type": "start"}
        if status == "playing" and self.seat is not None:
            action = _choose(self.document, self.seat)
            if action is not None:
                return "play", action
        return None

    def _act(self, kind: str, action: dict) -> None:
        self.counter += 1
        self.pending = (f"{self.me}-{self.counter}", time.perf_counter())
        self._send({"type": kind, "id": self.pending[0], "action": action})

    def close(self) -> None:
        if self.transport is not None and not self.closed:
            self.ws.send_close()
            self._flush()
            self.transport.close()


class Pace:
    """Gives players their turn to act, at most `rate` a second, first come first served.
    Turns not taken (nobody waiting) are not saved up beyond one tick's worth."""

    TICK = 0.001

    def __init__(self, rate: float):
        self.interval = 1 / rate
        self.waiting: deque[Player] = deque()
        self.next_turn = 0.0
        self.ticking = False

    def wait(self, player: Player) -> None:
        self.waiting.append(player)
        if not self.ticking:
            self.ticking = True
            self.next_turn = max(self.next_turn, time.perf_counter() - self.TICK)
            self._tick()

    def _tick(self) -> None:
        now = time.perf_counter()
        while self.waiting and self.next_turn <= now:
            self.next_turn += self.interval
            self.waiting.popleft().take_turn()
        if self.waiting:
            asyncio.get_running_loop().call_later(self.TICK, self._tick)
        else:
            self.ticking = False


class Share:
    """What the players of one client process share: the figures, whether to play, and the
    pace (None: as fast as the rules allow)."""

    def __init__(self, stats: Stats):
        self.stats = stats
        self.pace: Pace | None = None
        self.playing = False
        self.stopping = False
        self.failures: list[BaseException] = []

    def pace_at(self, rate: float | None) -> None:
        """From now on act at most `rate` times a second (None: as fast as the rules allow,
        which only a run's first stage asks for: a pace is changed, never lifted)."""
        if rate is None:
            if self.pace is not None:
                raise ValueError("a pace once set is changed, never lifted")
        elif self.pace is None:
            self.pace = Pace(rate)
        else:
            self.pace.interval = 1 / rate


async def connect_player(
    ws_url: str, code: str, token: str, host: bool, share: Share, kind: type[Player] = Player
) -> Player:
    address = urlparse(ws_url)
    loop = asyncio.get_running_loop()
    _, player = await loop.create_connection(
        lambda: kind(kind.address(ws_url, code), code, token, host, share),
        address.hostname,
        address.port,
    )
    async with asyncio.timeout(120):
        await player.welcomed
    return player


async def setup(url: str, players: int, tables: int) -> list[tuple[str, list[str]]]:
    """Create the tables and join every player; returns (code, tokens) per table."""
    base, extra = divmod(players, tables)
    sizes = [base + (t < extra) for t in range(tables)]
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:

        async def table(index: int, size: int):
            client = f"load-client-{index}-0"
            body = {"game": "cah", "name": "P0", "client": client, "options": "online"}
            host = (await http.post("/api/tables", json=body)).raise_for_status().json()
            tokens = [host["token"]]
            for p in range(1, size):
                body = {"name": f"P{p}", "client": f"load-client-{index}-{p}"}
                joined = await http.post(f"/api/tables/{host['code']}/join", json=body)
                tokens.append(joined.raise_for_status().json()["token"])
            return host["code"], tokens

        return await asyncio.gather(*(table(i, n) for i, n in enumerate(sizes)))


async def _share(ws_url: str, tables, pipe, kind: type[Player]) -> int:
    """One client process playing its share of the tables, in stages.

    Says "ready" on `pipe` once every player is connected, then plays the stages it is sent,
    (rate, measure_from, measure_until) in Unix time, answering each with its figures
    (actions, errors, latencies, CPU seconds), until None; returns the steps lost.
    """
    stats = Stats({code: len(tokens) for code, tokens in tables})
    share = Share(stats)
    connecting = []
    for code, tokens in tables:
        for index, token in enumerate(tokens):
            connecting.append(
                asyncio.create_task(connect_player(ws_url, code, token, index == 0, share, kind))
            )
            if len(connecting) % 50 == 0:
                await asyncio.sleep(0.05)
    players = await asyncio.gather(*connecting)
    gc.freeze()  # the documents received so far are not garbage: never scan them again
    pipe.send("ready")
    while (stage := await asyncio.to_thread(pipe.recv)) is not None:
        rate, measure_from, measure_until = stage
        share.pace_at(rate)
        if not share.playing:  # the first stage: everyone starts
            share.playing = True
            for player in players:
                player.decide()
        await _sleep_until(measure_from)
        stats.measure()
        cpu = time.process_time()
        await _sleep_until(measure_until)
        stats.measuring = False
        pipe.send((stats.actions, stats.errors, stats.latencies, time.process_time() - cpu))
    share.playing = False
    deadline = time.monotonic() + FINISH_SECONDS  # actions sent by now are still answered
    while any(p.pending for p in players) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    unanswered = sum(1 for p in players if p.pending is not None)
    share.stopping = True
    for player in players:
        player.close()
    if share.failures:
        first = share.failures[0]
        print(f"load: {len(share.failures)} clients failed, first: {first!r}", file=sys.stderr)
    return stats.lost + unanswered + len(share.failures)


async def _sleep_until(moment: float) -> None:
    await asyncio.sleep(max(0.0, moment - time.time()))


def _client_process(ws_url: str, tables, pipe, kind: type[Player]) -> None:
    gc.set_threshold(*GC_THRESHOLDS)
    pipe.send(_run_loop(_share(ws_url, tables, pipe, kind)))


@dataclass
class Stage:
    """What one stage of the run measured: `rate` the players were held to (None: none)."""

    rate: float | None
    seconds: float
    actions: int
    errors: int
    latencies: list[float]
    server_cpu: float
    client_cpu: float

    @property
    def per_second(self) -> float:
        return self.actions / self.seconds

    def percentile_ms(self, p: float) -> float:
        if not self.latencies:
            return float("nan")
        return self.latencies[min(len(self.latencies) - 1, int(p * len(self.latencies)))] * 1000

    def summary(self) -> str:
        held = "none" if self.rate is None else f"{self.rate:.0f}"
        return (
            f"load: stage rate={held} actions_per_s={self.per_second:.0f} "
            f"p50_ms={self.percentile_ms(0.5):.1f} p99_ms={self.percentile_ms(0.99):.1f}"
        )


class Clients:
    """The client processes, one per core asked for, each playing a share of the tables,
    run in stages the parent sets one after another; `kind`: the players' class."""

    def __init__(
        self, url: str, tables, count: int, server: psutil.Process | None, kind: type[Player]
    ):
        self.server = server
        self.count = count
        ws_url = url.replace("http", "ws", 1)
        context = multiprocessing.get_context("spawn")
        self.pipes, self.processes = [], []
        for index in range(count):
            ours, theirs = context.Pipe()
            share = tables[index::count]
            process = context.Process(target=_client_process, args=(ws_url, share, theirs, kind))
            process.start()
            self.pipes.append(ours)
            self.processes.append(process)
        for pipe in self.pipes:
            if pipe.recv() != "ready":
                raise SystemExit("load: a client process failed to connect")
        print("load: every player connected, playing", file=sys.stderr, flush=True)

    def stage(self, rate: float | None, warmup: float, seconds: float) -> Stage:
        """Play at most `rate` actions a second (together) for `warmup` seconds, then measure
        for `seconds`."""
        measure_from = time.time() + warmup
        plan = (None if rate is None else rate / self.count, measure_from, measure_from + seconds)
        for pipe in self.pipes:
            pipe.send(plan)
        time.sleep(max(0.0, plan[1] - time.time()))
        cpu_before = _cpu(self.server)
        time.sleep(max(0.0, plan[2] - time.time()))
        server_cpu = _cpu(self.server) - cpu_before
        figures = [pipe.recv() for pipe in self.pipes]
        return Stage(
            rate,
            seconds,
            actions=sum(f[0] for f in figures),
            errors=sum(f[1] for f in figures),
            latencies=sorted(latency for f in figures for latency in f[2]),
            server_cpu=server_cpu,
            client_cpu=sum(f[3] for f in figures),
        )

    def finish(self) -> int:
        """Stop playing; the steps lost over the whole run."""
        for pipe in self.pipes:
            pipe.send(None)
        lost = sum(pipe.recv() for pipe in self.pipes)
        for process in self.processes:
            process.join()
        return lost


def highest_sustained(
    measure: Callable[[float | None], Stage], steps: int, p99_ms: float
) -> tuple[Stage, Stage | None]:
    """The stage as fast as the rules allow, and the fastest stage found (by bisection over
    `steps` more stages) that held p99 under `p99_ms` while doing nearly the rate it was
    held to: None if none did (or the first stage did nothing)."""
    top = measure(None)
    if not top.actions:
        return top, None
    if top.percentile_ms(0.99) < p99_ms:
        return top, top
    low, high, best = 0.0, top.per_second, None
    for _ in range(steps):
        rate = (low + high) / 2
        stage = measure(rate)
        if stage.percentile_ms(0.99) < p99_ms and stage.per_second >= SUSTAINED * rate:
            low, best = rate, stage
        else:
            high = rate
    return top, best


def run(
    args, url: str, server: psutil.Process | None, kind: type[Player] = Player, prepare=setup
) -> str:
    """Play the run `args` describe against the server at `url` (its process: `server`):
    tables made by `prepare(url, players, tables)` ((code, tokens) each), played by `kind`."""
    tables = _run_loop(prepare(url, args.players, args.tables))
    print(f"load: {len(tables)} tables ready, connecting", file=sys.stderr, flush=True)
    clients = Clients(url, tables, args.clients, server, kind)
    if args.find_rate:

        def measure(rate: float | None) -> Stage:
            stage = clients.stage(rate, args.warmup, args.seconds)
            print(stage.summary(), file=sys.stderr, flush=True)
            return stage

        top, best = highest_sustained(measure, args.steps, args.p99_ms)
        found = "none" if best is None else f"{best.per_second:.0f} actions/s"
        print(f"load: highest rate sustained at p99 < {args.p99_ms:g} ms: {found}", flush=True)
        stage = best or top
    else:
        stage = clients.stage(args.rate, args.warmup, args.seconds)
    lost = clients.finish()
    rss = _rss_mb(server) if server else float("nan")
    cpu_ms = stage.server_cpu * 1000 / stage.actions if server and stage.actions else float("nan")
    if stage.actions:  # the share of the machine the load client took, beside the server's
        client_ms = stage.client_cpu * 1000 / stage.actions
        print(f"load: client_cpu_ms_per_action={client_ms:.3f}", file=sys.stderr, flush=True)
    return (
        f"load: players={args.players} tables={args.tables} actions={stage.actions} "
        f"actions_per_s={stage.per_second:.0f} p50_ms={stage.percentile_ms(0.50):.1f} "
        f"p95_ms={stage.percentile_ms(0.95):.1f} p99_ms={stage.percentile_ms(0.99):.1f} "
        f"errors={stage.errors} lost={lost} "
        f"server_rss_mb={rss:.0f} server_cpu_ms_per_action={cpu_ms:.3f}"
    )


def _tree(process: psutil.Process) -> list[psutil.Process]:
    """The server's processes: the one started (or listening) and its workers."""
    with contextlib.suppress(psutil.Error):
        return [process, *process.children(recursive=True)]
    return [process]


def _cpu(process: psutil.Process | None) -> float:
    if process is None:
        return 0.0
    total = 0.0
    for member in _tree(process):
        with contextlib.suppress(psutil.Error):
            times = member.cpu_times()
            total += times.user + times.system
    return total


def _rss_mb(process: psutil.Process) -> float:
    total = 0
    for member in _tree(process):
        with contextlib.suppress(psutil.Error):
            total += member.memory_info().rss
    return total / 2**20


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _local_process(url: str) -> psutil.Process | None:
    """The process listening on `url`'s port, when it is on this machine and visible."""
    port = urlparse(url).port
    with contextlib.suppress(psutil.Error):
        for connection in psutil.net_connections("tcp"):
            if connection.status == "LISTEN" and connection.laddr.port == port and connection.pid:
                return psutil.Process(connection.pid)
    return None


def _start_server(args, data_dir: str) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    command = [
        str(Path(sys.executable).with_name("cardtable")),
        "serve",
        "--port",
        str(port),
        "--join-rate",
        "1e9",
        "--join-burst",
        "1000000000",
        "--create-rate",
        "1e9",
        "--create-burst",
        "1000000000",
        "--address-connections",
        "1000000000",  # every bench player connects from this machine's one address
        "--message-rate",
        "1000",
        "--log-level",
        "warning",
        "--workers",
        str(args.workers),
    ]
    command += (
        ["--database-url", args.database_url] if args.database_url else ["--data-dir", data_dir]
    )
    process = subprocess.Popen(command, env={**os.environ})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120  # a busy machine imports slowly
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                return process, url
        time.sleep(0.1)
    process.kill()
    raise SystemExit("load: the server did not start")


def _run_loop(main):
    """uvloop when installed (it is, with uvicorn[standard]): the client stays lean."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--warmup", type=float, default=2, help="seconds before measuring")
    parser.add_argument(
        "--clients",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="client processes (one per core), each playing a share of the tables",
    )
    parser.add_argument(
        "--rate",
        type=float,
        help="actions per second the players send at most, together (default: no limit)",
    )
    parser.add_argument(
        "--find-rate",
        action="store_true",
        help="search for the highest rate sustained at --p99-ms: a stage as fast as the rules "
        "allow, then --steps stages held to rates found by bisection, each --seconds long",
    )
    parser.add_argument("--p99-ms", type=float, default=100, help="the p99 --find-rate holds")
    parser.add_argument("--steps", type=int, default=5, help="stages --find-rate bisects in")
    parser.add_argument("--url", help="a running server; otherwise one is started")
    parser.add_argument("--database-url", help="for the started server (default: SQLite)")
    parser.add_argument(
        "--workers",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="worker processes of the started server (serve --workers; one per core)",
    )
    args = parser.parse_args()
    if args.players < 3 * args.tables:
        raise SystemExit("load: CAH needs at least 3 players per table")
    if args.rate is not None and args.rate <= 0:
        raise SystemExit("load: --rate must be positive")
    if args.p99_ms <= 0 or args.steps < 0:
        raise SystemExit("load: --p99-ms must be positive and --steps at least 0")
    if args.find_rate and args.rate is not None:
        raise SystemExit("load: --find-rate chooses the rates itself: leave out --rate")
    with tempfile.TemporaryDirectory() as data_dir:
        process = None
        if args.url:
            url, server = args.url, _local_process(args.url)
        else:
            process, url = _start_server(args, data_dir)
            server = psutil.Process(process.pid)
        try:
            print(run(args, url, server), flush=True)
        finally:
            if process is not None:
                process.terminate()
                process.wait(30)


if __name__ == "__main__":
    main()
