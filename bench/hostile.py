"""Hostile-client benchmark (issue 23): a normal table's round trips in quiet and under attack.

A table of CAH is played at a steady pace, as a group of friends plays, first in quiet, then
while a hostile client attacks the server, one attack at a time. Prints one line per phase:

hostile: phase=P actions=N p50_ms=N p99_ms=N max_ms=N errors=N lost=N dropped=N
         reconnect_p99_ms=N reconnects_failed=N server_rss_mb=N attack=WHAT_HAPPENED

The normal table: four scripted players act, between them, `--rate` times a second (20, a
lively group); the figure is each action's round trip, from sending it to its ack. `errors`
counts actions refused; `lost`, actions never answered, acknowledged but missing from the
table's log (read back at the end), or whose update a player never received; `dropped`, the
normal players' connections the server closed (they reconnect). Once a second during a phase
another tab of the host says hello: `reconnect_p99_ms` is how long its welcome took,
`reconnects_failed` how many were refused or not welcomed within 10 seconds.

The phases: `quiet` (no attack), then each attack of bench/attacks.py in turn: `history`
(readers flood the history of a big public table and of the normal table), `idle` (as many
silent WebSockets as the caps allow, and silent TCP connections), `slowloris` (request heads
never finished), `create` (tables created as fast as the server answers) and `pings`
(WebSockets flooding pings without reading). Each phase lasts `--seconds` at the normal
table's pace (it ends after `--seconds` x `--rate` actions; later if the server slows the
table down). Against a server on this machine, the normal table connects from an address
of the loopback network of its own and each attack from another, fresh for each run and
phase, so the server counts them apart and they do not share per-address allowances;
against a server elsewhere all share this machine's address. `attack=` says what happened to the
attack: answers by status, sockets welcomed or refused (by error code) or closed by the
server. `server_rss_mb` is the server's memory at the phase's end, when the server runs on
this machine. An attack the server refuses early is still a phase: its figures say so.

    uv run python bench/hostile.py                        # starts a server: SQLite, defaults
    uv run python bench/hostile.py --url http://127.0.0.1:8000 --seconds 10
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import math
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import orjson
import psutil
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from attacks import ANSWER_SECONDS, ATTACKS, Attacker, Site, Sizes, Target
from cardtable.server.realtime.messages import PROTOCOL_VERSION
from cardtable.table.patch import apply
from load import _choose as cah_action
from load import _local_process as local_process
from load import _run_loop as run_loop

PHASES = ("quiet", *ATTACKS)

#: Seconds between the host's extra tabs saying hello during a phase; before a player whose
#: connection the server closed says hello again.
RECONNECT_EVERY = 1.0
RETRY_SECONDS = 0.1
#: Players at the normal table and at the big one (CAH needs three).
PLAYERS = 4


# -- the figures ------------------------------------------------------------------------------


@dataclass
class Phase:
    """What the normal table measured during one phase, and what happened to the attack."""

    name: str
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    #: Actions never answered, acknowledged but missing from the log, updates missed.
    unanswered: int = 0
    missing: int = 0
    gaps: int = 0
    dropped: int = 0
    reconnects: list[float] = field(default_factory=list)
    reconnects_failed: int = 0
    rss_mb: float = math.nan
    attack: dict[str, int] = field(default_factory=dict)

    @property
    def lost(self) -> int:
        return self.unanswered + self.missing + self.gaps

    def percentile_ms(self, p: float, values: list[float] | None = None) -> float:
        ordered = sorted(self.latencies if values is None else values)
        if not ordered:
            return math.nan
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000

    @property
    def p99_ms(self) -> float:
        return self.percentile_ms(0.99)

    def line(self) -> str:
        what = ",".join(f"{k}:{v}" for k, v in sorted(self.attack.items())) or "none"
        return (
            f"hostile: phase={self.name} actions={len(self.latencies)} "
            f"p50_ms={self.percentile_ms(0.5):.1f} p99_ms={self.p99_ms:.1f} "
            f"max_ms={self.percentile_ms(1.0):.1f} errors={self.errors} lost={self.lost} "
            f"dropped={self.dropped} "
            f"reconnect_p99_ms={self.percentile_ms(0.99, self.reconnects):.1f} "
            f"reconnects_failed={self.reconnects_failed} server_rss_mb={self.rss_mb:.0f} "
            f"attack={what}"
        )


# -- the normal table -------------------------------------------------------------------------


async def hello(site: Site, code: str, token: str) -> tuple[ClientConnection, dict]:
    """A WebSocket at table `code` that said hello with `token`, and the server's answer."""
    socket = await connect(
        f"{site.ws_url}/ws/{code}",
        local_addr=site.local_addr,
        max_size=2**24,
        open_timeout=ANSWER_SECONDS,
    )
    try:
        hello_message = {"type": "hello", "token": token, "protocol": PROTOCOL_VERSION}
        await socket.send(orjson.dumps(hello_message).decode())
        async with asyncio.timeout(ANSWER_SECONDS):
            return socket, orjson.loads(await socket.recv())
    except BaseException:
        await socket.close()
        raise


@dataclass
class Sent:
    """An action awaiting its answer: its client id, what it was, when, and its phase."""

    id: str
    kind: str
    seat: int | None
    at: float
    phase: Phase


@dataclass
class Acked:
    """An action the server acknowledged: the log must hold a step of `kind` by `seat`
    among steps `first` to `last` (those its ack reported)."""

    kind: str
    seat: int | None
    first: int
    last: int
    phase: Phase


class Player:
    """One scripted person at a table: keeps the document current from the updates, acts when
    its table says so, times each action from sending it to its ack, and reconnects when
    the server closes its connection."""

    def __init__(self, table: Table, token: str, host: bool):
        self.table, self.token, self.host = table, token, host
        self.socket: ClientConnection | None = None
        self.document: dict = {}
        self.seq = 0
        self.member = -1
        self.pending: Sent | None = None
        self.acked: list[Acked] = []
        self.counter = 0
        self.reader: asyncio.Task | None = None
        self.leaving = False
        #: A `resync` was sent: the updates until its welcome are ignored.
        self.resyncing = False

    async def join(self) -> None:
        self.socket, welcome = await hello(self.table.site, self.table.code, self.token)
        if welcome["type"] != "welcome":
            raise RuntimeError(f"hostile: a player was refused: {welcome}")
        self._welcomed(welcome)
        self.reader = asyncio.create_task(self._read())

    def _welcomed(self, welcome: dict) -> None:
        self.document, self.seq, self.member = (
            welcome["document"],
            welcome["seq"],
            welcome["member"],
        )
        self.resyncing = False

    @property
    def seat(self) -> int | None:
        for member in self.document["table"]["members"]:
            if member["id"] == self.member:
                return member["seat"]
        return None

    def move(self) -> tuple[str, dict] | None:
        """What this player would do now, if anything: ("table" | "play", action)."""
        if self.pending is not None or self.socket is None:
            return None
        status = self.document["table"]["status"]
        if self.host and status in ("lobby", "ended") and self.table.starting:
            return "table", {"type": "start"}
        seat = self.seat
        if status == "playing" and seat is not None:
            action = cah_action(self.document, seat)
            if action is not None:
                return "play", action
        return None

    def act(self, kind: str, action: dict, phase: Phase) -> None:
        self.counter += 1
        seat = self.seat if kind == "play" else None  # a lobby step names no seat
        self.pending = Sent(f"{self.member}-{self.counter}", kind, seat, time.perf_counter(), phase)
        message = {"type": kind, "id": self.pending.id, "action": action}
        self.table.spawn(self.socket.send(orjson.dumps(message).decode()))

    async def _read(self) -> None:
        while not self.leaving:
            try:
                async for raw in self.socket:
                    self._received(orjson.loads(raw), time.perf_counter())
            except ConnectionClosed:
                pass
            if self.leaving:
                return
            await self._rejoin()

    async def _rejoin(self) -> None:
        """The server closed the connection: what was pending is lost; say hello again."""
        phase = self.table.phase
        phase.dropped += 1
        if self.pending is not None:
            self.pending.phase.unanswered += 1
            self.pending = None
        self.socket = None
        while not self.leaving:
            with contextlib.suppress(OSError, TimeoutError, WebSocketException):
                socket, welcome = await hello(self.table.site, self.table.code, self.token)
                if welcome["type"] == "welcome":
                    self.socket = socket
                    self._welcomed(welcome)
                    self.table.changed.set()
                    return
                await socket.close()
            await asyncio.sleep(RETRY_SECONDS)

    def _received(self, message: dict, now: float) -> None:
        kind = message["type"]
        if kind == "update":
            first = message["seq"] - message.get("steps", 1) + 1
            if self.resyncing:  # updates before the fresh document are in it
                return
            if first != self.seq + 1:  # an update missed: count it, take the document afresh
                self.table.phase.gaps += 1
                self.resyncing = True
                self.table.spawn(self.socket.send('{"type":"resync"}'))
                return
            self.seq = message["seq"]
            self.document = apply(self.document, message["patch"])
            pending = self.pending
            if pending is not None and message.get("ack") == pending.id:
                pending.phase.latencies.append(now - pending.at)
                self.acked.append(Acked(pending.kind, pending.seat, first, self.seq, pending.phase))
                self.pending = None
        elif kind == "presence":
            self.document = apply(self.document, message["patch"])
        elif kind == "welcome":
            self._welcomed(message)
        elif kind == "error" and self.pending is not None and message.get("id") == self.pending.id:
            self.pending.phase.errors += 1
            self.pending = None
        self.table.changed.set()

    async def leave(self) -> None:
        self.leaving = True
        if self.socket is not None:
            await self.socket.close()
        if self.reader is not None:
            await self.reader


class Table:
    """A CAH table of scripted players, played at a given pace."""

    def __init__(self, site: Site, code: str, tokens: list[str]):
        self.site, self.code = site, code
        self.players = [Player(self, token, host=i == 0) for i, token in enumerate(tokens)]
        #: Set whenever a player's document or pending action changed.
        self.changed = asyncio.Event()
        self.phase = Phase("setup")
        #: Whether the host starts a game when none is under way.
        self.starting = True
        self._turn = itertools.count()
        self._tasks: set[asyncio.Task] = set()

    @classmethod
    async def open(cls, site: Site, options: dict, public: bool = False) -> Table:
        """A new table with its players joined and connected; not started."""
        async with site.http() as http:
            client = f"hostile-{random.getrandbits(48):012x}"
            body = {"game": "cah", "options": options, "name": "P0", "public": public}
            answer = await http.post("/api/tables", json={**body, "client": f"{client}-0"})
            host = answer.raise_for_status().json()
            tokens = [host["token"]]
            for index in range(1, PLAYERS):
                body = {"name": f"P{index}", "client": f"{client}-{index}"}
                answer = await http.post(f"/api/tables/{host['code']}/join", json=body)
                tokens.append(answer.raise_for_status().json()["token"])
        table = cls(site, host["code"], tokens)
        for player in table.players:
            await player.join()
        return table

    def spawn(self, work) -> None:
        """Run `work` (a send) in a task of its own; one that fails on a connection the
        server closed changes nothing: the reader reconnects and counts what was lost."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled():
            task.exception()  # taken: the reader counts what a failed send lost

    def _next_move(self) -> tuple[Player, str, dict] | None:
        """The next player, in turn, with something to do."""
        start = next(self._turn)
        for offset in range(len(self.players)):
            player = self.players[(start + offset) % len(self.players)]
            move = player.move()
            if move is not None:
                return player, *move
        return None

    async def play(self, phase: Phase, actions: int, rate: float | None, bound: float) -> None:
        """Send `actions` actions, at most `rate` a second (None: as fast as the rules and
        the server allow), within `bound` seconds; then wait for their answers."""
        self.phase = phase
        loop = asyncio.get_running_loop()
        deadline = loop.time() + bound
        tick = loop.time()
        sent = 0
        while sent < actions and loop.time() < deadline:
            found = self._next_move()
            if found is None:
                if not self._waiting():
                    break
                self.changed.clear()  # every player with something to do awaits something
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), deadline - loop.time())
                continue
            player, kind, action = found
            player.act(kind, action, phase)
            sent += 1
            if rate is not None:
                tick = max(tick + 1 / rate, loop.time())
                await asyncio.sleep(tick - loop.time())
        await self.settle()

    def _waiting(self) -> bool:
        """Whether an action will come: one awaits its answer, or a game is under way or
        about to start."""
        status = self.players[0].document["table"]["status"]
        return any(p.pending for p in self.players) or self.starting or status == "playing"

    async def settle(self) -> None:
        """Wait for every action sent to be answered; those that are not are unanswered."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + ANSWER_SECONDS
        while any(p.pending for p in self.players) and loop.time() < deadline:
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), deadline - loop.time())
        for player in self.players:
            if player.pending is not None:
                player.pending.phase.unanswered += 1
                player.pending = None

    async def grow(self, steps: int) -> None:
        """Play as fast as the server allows until the table has `steps` steps and its game
        is over (so its history is open to anyone, if it is public)."""
        host = self.players[0]
        while host.seq < steps:
            await self.play(Phase("setup"), 50, None, 60.0)
        self.starting = False
        while host.document["table"]["status"] == "playing":
            await self.play(Phase("setup"), 50, None, 60.0)

    async def check_log(self) -> None:
        """Count, in each action's phase, the acknowledged actions missing from the log."""
        async with self.site.http() as http:
            steps: dict[int, dict] = {}
            after = 0
            while after is not None:
                page = await _read_page(http, self.code, self.players[0].token, after)
                steps.update((step["seq"], step) for step in page["steps"])
                after = page["next"]
        for acked in unlogged([a for p in self.players for a in p.acked], steps):
            acked.phase.missing += 1

    async def leave(self) -> None:
        for player in self.players:
            await player.leave()


def unlogged(acked: list[Acked], steps: dict[int, dict]) -> list[Acked]:
    """The acknowledged actions for which the log's `steps` (by seq: a history page's steps)
    hold no step of their kind and seat among those their ack reported, each step standing
    for one action only."""
    used: set[int] = set()
    missing = []
    for action in sorted(acked, key=lambda a: a.last):
        kind = "game" if action.kind == "play" else "lobby"
        found = next(
            (
                seq
                for seq in range(action.first, action.last + 1)
                if seq not in used
                and seq in steps
                and (steps[seq]["kind"], steps[seq]["seat"]) == (kind, action.seat)
            ),
            None,
        )
        if found is None:
            missing.append(action)
        else:
            used.add(found)
    return missing


async def _read_page(http: httpx.AsyncClient, code: str, token: str, after: int) -> dict:
    """A page of a table's history, asked with a member's token; a refusal for asking too
    often is waited out (the address's allowance refills)."""
    headers = {"authorization": f"Bearer {token}"}
    for _ in range(60):
        answer = await http.get(
            f"/api/tables/{code}/history", params={"after": after, "limit": 1000}, headers=headers
        )
        if answer.status_code != 429:
            return answer.raise_for_status().json()
        await asyncio.sleep(1.0)
    raise RuntimeError("hostile: the normal table's history could not be read")


async def watch(
    site: Site, code: str, token: str, phase: Phase, server: psutil.Process | None, stop
) -> None:
    """Until `stop` is set: once a second another tab of the host says hello (timed), and
    the server's memory is read."""
    while not stop.is_set():
        began = time.perf_counter()
        try:
            socket, welcome = await hello(site, code, token)
            await socket.close()
            if welcome["type"] == "welcome":
                phase.reconnects.append(time.perf_counter() - began)
            else:
                phase.reconnects_failed += 1
        except (OSError, TimeoutError, WebSocketException):
            phase.reconnects_failed += 1
        if server is not None:
            with contextlib.suppress(psutil.Error):
                phase.rss_mb = server.memory_info().rss / 2**20
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), RECONNECT_EVERY)


# -- the run ----------------------------------------------------------------------------------


@dataclass
class Plan:
    """How long each phase is, how fast the normal table plays, and the attacks' sizes."""

    seconds: float = 10.0
    rate: float = 20.0
    phases: tuple[str, ...] = PHASES
    big_steps: int = 1000
    sizes: Sizes = field(default_factory=Sizes)

    @property
    def actions(self) -> int:
        return max(1, round(self.seconds * self.rate))

    @property
    def longest(self) -> float:
        """Seconds a phase lasts at most, when the server slows the normal table down."""
        return 4 * self.seconds + 30


async def run(url: str, plan: Plan) -> list[Phase]:
    """Every phase of `plan` against the server at `url`. The lost actions are counted once
    the normal table's log is read back, at the end."""
    normal = Site.group(url)
    table = await Table.open(normal, {"preset": "online"})
    attacker = Attacker(await _arm(Site.group(url), table, plan))
    server = local_process(url)
    phases = []
    try:
        for name in plan.phases:
            phase = Phase(name)
            if name != "quiet":
                await attacker.start(name)
            stop = asyncio.Event()
            watching = asyncio.ensure_future(
                watch(normal, table.code, table.players[0].token, phase, server, stop)
            )
            await table.play(phase, plan.actions, plan.rate, plan.longest)
            stop.set()
            await watching
            if name != "quiet":
                phase.attack = await attacker.stop()
            phases.append(phase)
            print(f"hostile: {name} played", file=sys.stderr, flush=True)
        await table.check_log()
    finally:
        attacker.close()
        await table.leave()
    return phases


async def _arm(hostile: Site, table: Table, plan: Plan) -> Target:
    """What the attacker needs, made from its own address: a big public table (a long game,
    over: its history is open to anyone), spectator seats there (to open as many connections
    as the caps allow) and one at the normal table."""
    big = await Table.open(hostile, {"preset": "online"}, public=True)
    await big.grow(plan.big_steps)
    await big.leave()
    spectators = []
    async with hostile.http() as http:
        for index, code in enumerate([big.code] * PLAYERS + [table.code]):
            body = {"name": f"S{index}", "client": f"hostile-watch-{index}-{big.code}"}
            answer = await http.post(f"/api/tables/{code}/join", json={**body, "spectate": True})
            spectators.append(answer.raise_for_status().json()["token"])
    tokens = [p.token for p in big.players] + spectators[:PLAYERS]
    return Target(hostile, big.code, tokens, table.code, spectators[PLAYERS], plan.sizes)


def start_server(data_dir: Path) -> tuple[subprocess.Popen, str]:
    """`cardtable serve` with its defaults on a free port, SQLite in `data_dir`, once it
    answers."""
    port = _free_port()
    command = [str(Path(sys.executable).with_name("cardtable")), "serve", "--port", str(port)]
    command += ["--data-dir", str(data_dir), "--log-level", "warning"]
    process = subprocess.Popen(command)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60  # a loaded machine starts Python slowly
    while time.monotonic() < deadline and process.poll() is None:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                return process, url
        time.sleep(0.1)
    process.kill()
    raise RuntimeError("hostile: the server did not start")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main() -> None:
    plan, sizes = Plan(), Sizes()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server; otherwise one is started")
    parser.add_argument("--seconds", type=float, default=plan.seconds, help="each phase's length")
    parser.add_argument(
        "--rate", type=float, default=plan.rate, help="the normal table's actions/s"
    )
    parser.add_argument(
        "--phases", default=",".join(PHASES), help="which phases, in order (default: all)"
    )
    parser.add_argument(
        "--big-steps", type=int, default=plan.big_steps, help="steps of the big public table"
    )
    parser.add_argument("--readers", type=int, default=sizes.readers, help="history readers")
    parser.add_argument("--tcp", type=int, default=sizes.tcp, help="silent TCP connections")
    parser.add_argument(
        "--slowloris", type=int, default=sizes.slowloris, help="unfinished request heads"
    )
    parser.add_argument("--creators", type=int, default=sizes.creators, help="table creators")
    parser.add_argument(
        "--pingers", type=int, default=sizes.pingers, help="WebSockets flooding pings"
    )
    args = parser.parse_args()
    phases = tuple(args.phases.split(","))
    if unknown := set(phases) - set(PHASES):
        raise SystemExit(f"hostile: unknown phases {sorted(unknown)}; known: {PHASES}")
    if args.seconds <= 0 or args.rate <= 0:
        raise SystemExit("hostile: --seconds and --rate must be positive")
    sizes = Sizes(
        args.readers, args.tcp, args.slowloris, sizes.trickle, args.creators, args.pingers
    )
    plan = Plan(args.seconds, args.rate, phases, args.big_steps, sizes)
    with tempfile.TemporaryDirectory() as data_dir:
        process = None
        url = args.url
        if url is None:
            process, url = start_server(Path(data_dir))
        try:
            for phase in run_loop(run(url, plan)):
                print(phase.line(), flush=True)
        finally:
            if process is not None:
                process.terminate()
                process.wait(30)


if __name__ == "__main__":
    main()
