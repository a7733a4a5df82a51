"""The hostile client of bench/hostile.py: five attacks on a server, run one at a time in a
process of their own (`Attacker`), each until told to stop, counting what happened to it.

- `history`: readers loop on GET /api/tables/{code}/history of a big public table and of
  the normal table, with a member's token and without;
- `idle`: as many WebSockets as the caps allow, welcomed then silent, and plain TCP
  connections that send nothing;
- `slowloris`: HTTP request heads sent a line every few seconds, never finished;
- `create`: POST /api/tables as fast as the server answers, from one address;
- `pings`: WebSockets sending ping frames (half of them) or `ping` messages (the other half)
  as fast as the socket takes them, never reading what the server sends back.

Connections the server closes are opened again (and counted). Each attack connects from an
address of its own (`Site.group`), so the server tells the attacker apart from the people it
attacks, as it would on the internet, and one attack's refusals (an address's allowance
spent) do not carry over into the next. The process runs at a lower priority than the
measuring client.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import ipaddress
import itertools
import multiprocessing
import os
import random
import socket
from collections import Counter
from dataclasses import dataclass, replace
from urllib.parse import urlparse

import httpx
import orjson

from cardtable.server.realtime.messages import PROTOCOL_VERSION
from load import _run_loop as run_loop

ATTACKS = ("history", "idle", "slowloris", "create", "pings")

#: Seconds to wait for an answer to a hello, and for an attack to be in place or to stop.
ANSWER_SECONDS = 10.0
READY_SECONDS = 60.0
#: Seconds before a connection is opened again after a failure or the server closed it.
RETRY_SECONDS = 0.1
#: A member's connections open at once, at most (the server's default, admission.py): the
#: idle attack tries that many with each token it holds.
MEMBER_CONNECTIONS = 8


@dataclass(frozen=True)
class Site:
    """The server under test, and the address a group of its clients connects from
    (`address`; None: this machine's own)."""

    url: str
    address: str | None

    @classmethod
    def group(cls, url: str) -> Site:
        """A group of clients of the server at `url` with an address of its own: a fresh
        one of the loopback network (127.0.0.0/8) when the server is on this machine, so
        the server counts each group apart, as it would people on the internet; else this
        machine's."""
        host = urlparse(url).hostname or "127.0.0.1"
        if not ipaddress.ip_address(socket.gethostbyname(host)).is_loopback:
            return cls(url, None)
        numbers = (random.randint(1, 254), random.randint(0, 255), random.randint(1, 254))
        return cls(url, "127.{}.{}.{}".format(*numbers))

    @property
    def ws_url(self) -> str:
        return self.url.replace("http", "ws", 1)

    @property
    def local_addr(self) -> tuple[str, int] | None:
        """Where connections start from (`loop.create_connection`'s `local_addr`)."""
        return None if self.address is None else (self.address, 0)

    def http(self, connections: int = 10) -> httpx.AsyncClient:
        limits = httpx.Limits(max_connections=connections)
        transport = httpx.AsyncHTTPTransport(local_address=self.address, limits=limits)
        return httpx.AsyncClient(base_url=self.url, timeout=30, transport=transport)


@dataclass(frozen=True)
class Sizes:
    """How big each attack is: history readers, silent TCP connections, unfinished heads
    (and the seconds between their lines), table creators, WebSockets flooding pings."""

    readers: int = 8
    tcp: int = 500
    slowloris: int = 500
    trickle: float = 5.0
    creators: int = 4
    pingers: int = 8


@dataclass
class Target:
    """What the attacker knows: the site, its own address, the big public table (its
    players' and spectators' tokens) and its own spectator seat at the normal table."""

    site: Site
    big_code: str
    big_tokens: list[str]
    normal_code: str
    normal_token: str
    sizes: Sizes

    @property
    def tokens(self) -> list[tuple[str, str]]:
        """Every (table code, token) the attacker holds."""
        return [(self.big_code, t) for t in self.big_tokens] + [
            (self.normal_code, self.normal_token)
        ]


class RawSocket(asyncio.Protocol):
    """A TCP connection that does what the attacker says and nothing more: it counts as
    closed (`closed` done) when the server closes it. As a WebSocket (`upgrade`), it sends
    the upgrade request and hello by hand and reads the first answer; after that it reads
    nothing (`pause_reading`) or throws away what it reads."""

    def __init__(self):
        self.transport: asyncio.Transport | None = None
        loop = asyncio.get_running_loop()
        self.closed = loop.create_future()
        #: As a WebSocket: whether the server agreed to the upgrade; then its first message.
        self.upgraded = loop.create_future()
        self.first = loop.create_future()
        self.writable = asyncio.Event()
        self.writable.set()
        self.buffer = b""
        self.upgrading = False
        #: What the attacker does with it meanwhile (trickle a head, flood), until it closes.
        self.work: asyncio.Task | None = None

    def connection_made(self, transport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        if self.first.done():
            return
        self.buffer += data
        if self.upgrading:
            head, found, rest = self.buffer.partition(b"\r\n\r\n")
            if not found:
                return
            self.upgrading, self.buffer = False, rest
            self.upgraded.set_result(head.startswith(b"HTTP/1.1 101"))
            if not self.upgraded.result():
                self.first.set_result({"type": "error", "code": f"http-{head[9:12].decode()}"})
                return
        message = _first_text(self.buffer)
        if message is not None:
            self.first.set_result(orjson.loads(message))
            self.buffer = b""

    def connection_lost(self, exc) -> None:
        if not self.upgraded.done():
            self.upgraded.set_result(False)
        if not self.first.done():
            self.first.set_result({"type": "error", "code": "closed"})
        if not self.closed.done():
            self.closed.set_result(None)
        self.writable.set()

    def pause_writing(self) -> None:
        self.writable.clear()

    def resume_writing(self) -> None:
        self.writable.set()

    def write(self, data: bytes) -> None:
        if not self.transport.is_closing():
            self.transport.write(data)

    def close(self) -> None:
        self.transport.abort()


def _first_text(buffer: bytes) -> bytes | None:
    """The payload of the server's first frame when `buffer` holds all of it (RFC 6455 5.2:
    a server's frames are not masked)."""
    if len(buffer) < 2:
        return None
    size, at = buffer[1] & 0x7F, 2
    if size >= 126:
        width = 2 if size == 126 else 8
        if len(buffer) < 2 + width:
            return None
        size, at = int.from_bytes(buffer[2 : 2 + width], "big"), 2 + width
    if len(buffer) < at + size:
        return None
    return buffer[at : at + size]


def frame(opcode: int, payload: bytes) -> bytes:
    """A masked client frame (RFC 6455 5.2) of fewer than 126 bytes."""
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes((0x80 | opcode, 0x80 | len(payload))) + mask + masked


async def open_raw(target: Target) -> RawSocket:
    host = urlparse(target.site.url)
    loop = asyncio.get_running_loop()
    _, raw = await loop.create_connection(
        RawSocket, host.hostname, host.port, local_addr=target.site.local_addr
    )
    return raw


async def open_websocket(target: Target, code: str, token: str) -> tuple[RawSocket, str]:
    """A WebSocket that said hello with `token`; and "welcome", or the code it was refused
    with."""
    raw = await open_raw(target)
    raw.upgrading = True
    key = base64.b64encode(os.urandom(16)).decode()
    netloc = urlparse(target.site.url).netloc
    raw.write(
        f"GET /ws/{code} HTTP/1.1\r\nHost: {netloc}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    hello_message = {"type": "hello", "token": token, "protocol": PROTOCOL_VERSION}
    try:
        async with asyncio.timeout(ANSWER_SECONDS):
            if await raw.upgraded:
                raw.write(frame(0x1, orjson.dumps(hello_message)))
            first = await raw.first
    except TimeoutError:
        raw.close()
        return raw, "no-answer"
    if first["type"] == "welcome":
        return raw, "welcome"
    raw.close()
    return raw, first["code"]


class Holders:
    """Connections kept open until the attack stops: one the server closes is counted
    (`LABEL:closed`) and opened again a moment later; `ready` is set once each has been
    tried once."""

    def __init__(self, tally: Counter, stop: asyncio.Event, count: int):
        self.tally, self.stop = tally, stop
        self.left = count
        self.ready = asyncio.Event()
        if count == 0:
            self.ready.set()

    def _tried(self) -> None:
        self.left -= 1
        if self.left == 0:
            self.ready.set()

    async def hold(self, label: str, opener, again_when_refused: bool) -> None:
        """`opener()` gives (connection, outcome): "open" or "welcome" when it is up, else
        why not (counted as `LABEL:OUTCOME`)."""
        tried = False
        while not self.stop.is_set():
            try:
                raw, outcome = await opener()
            except OSError:
                raw, outcome = None, "connect-failed"
            self.tally[f"{label}:{outcome}"] += 1
            if not tried:
                tried = True
                self._tried()
            if outcome not in ("open", "welcome"):
                if not again_when_refused:
                    return
                await _pause(self.stop, RETRY_SECONDS)
                continue
            stopping = asyncio.ensure_future(self.stop.wait())
            await asyncio.wait((raw.closed, stopping), return_when=asyncio.FIRST_COMPLETED)
            stopping.cancel()
            if not raw.closed.done():
                raw.close()
                return
            self.tally[f"{label}:closed"] += 1
            await _pause(self.stop, RETRY_SECONDS)


async def _pause(stop: asyncio.Event, seconds: float) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)


async def _run_until_stopped(work: list, ready: asyncio.Event, holders_ready) -> None:
    tasks = [asyncio.ensure_future(w) for w in work]
    if holders_ready is not None:
        await holders_ready.wait()
    ready.set()
    await asyncio.gather(*tasks)


async def history_flood(target: Target, tally: Counter, ready, stop) -> None:
    """Readers in a loop on the big public table's history and the normal table's, with a
    member's token and without; answers counted by what was read and their status."""
    reads = [
        ("public", target.big_code, None),
        ("public+token", target.big_code, target.big_tokens[0]),
        ("normal", target.normal_code, None),
        ("normal+token", target.normal_code, target.normal_token),
    ]
    async with target.site.http(target.sizes.readers) as http:

        async def reader(first: int) -> None:
            for turn in itertools.count(first):
                if stop.is_set():
                    return
                label, code, token = reads[turn % len(reads)]
                headers = {} if token is None else {"authorization": f"Bearer {token}"}
                try:
                    answer = await http.get(f"/api/tables/{code}/history", headers=headers)
                    tally[f"{label}:{answer.status_code}"] += 1
                except httpx.HTTPError:
                    tally[f"{label}:failed"] += 1

        await _run_until_stopped([reader(i) for i in range(target.sizes.readers)], ready, None)


async def idle_sockets(target: Target, tally: Counter, ready, stop) -> None:
    """As many WebSockets as the caps allow (each token's share), welcomed and then silent
    (what the server sends is read and thrown away), and plain TCP connections that send
    nothing."""
    tries = [t for t in target.tokens for _ in range(MEMBER_CONNECTIONS)]
    holders = Holders(tally, stop, len(tries) + target.sizes.tcp)

    async def tcp():
        return await open_raw(target), "open"

    work = [holders.hold("ws", lambda t=t: open_websocket(target, *t), False) for t in tries]
    work += [holders.hold("tcp", tcp, True) for _ in range(target.sizes.tcp)]
    await _run_until_stopped(work, ready, holders.ready)


async def slowloris(target: Target, tally: Counter, ready, stop) -> None:
    """HTTP request heads never finished: a first line, then a header line every `trickle`
    seconds."""
    netloc = urlparse(target.site.url).netloc
    holders = Holders(tally, stop, target.sizes.slowloris)

    async def trickled():
        raw = await open_raw(target)
        raw.write(f"GET /api/tables HTTP/1.1\r\nHost: {netloc}\r\n".encode())
        raw.work = asyncio.ensure_future(_trickle(raw, target.sizes.trickle))
        return raw, "open"

    work = [holders.hold("head", trickled, True) for _ in range(target.sizes.slowloris)]
    await _run_until_stopped(work, ready, holders.ready)


async def _trickle(raw: RawSocket, every: float) -> None:
    await asyncio.sleep(random.uniform(0, every))
    for line in itertools.count():
        if raw.closed.done():
            return
        raw.write(f"X-Line-{line}: {line}\r\n".encode())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(raw.closed), every)


async def create_flood(target: Target, tally: Counter, ready, stop) -> None:
    """POST /api/tables from one address as fast as the server answers."""
    async with target.site.http(target.sizes.creators) as http:

        async def creator(index: int) -> None:
            for count in itertools.count():
                if stop.is_set():
                    return
                body = {"game": "cah", "name": "Flood", "client": f"flood-{index}-{count:08}"}
                try:
                    answer = await http.post("/api/tables", json=body)
                    tally[str(answer.status_code)] += 1
                except httpx.HTTPError:
                    tally["failed"] += 1

        await _run_until_stopped([creator(i) for i in range(target.sizes.creators)], ready, None)


#: What a pinger sends, many at a time: ping frames of the largest payload a control frame
#: may carry (the server answers each with a pong), or `ping` messages (answered with `pong`,
#: or `rate-limited` past the member's allowance).
PING_FRAMES = frame(0x9, os.urandom(125)) * 64
PING_MESSAGES = frame(0x1, b'{"type":"ping"}') * 64


async def ping_flood(target: Target, tally: Counter, ready, stop) -> None:
    """WebSockets that say hello, stop reading, and send pings as fast as the socket takes
    them: half of them ping frames, half `ping` messages."""
    holders = Holders(tally, stop, target.sizes.pingers)
    tokens = itertools.cycle(target.tokens[: len(target.big_tokens)])

    async def flooding(payload: bytes):
        raw, outcome = await open_websocket(target, *next(tokens))
        if outcome == "welcome":
            raw.transport.pause_reading()
            raw.work = asyncio.ensure_future(_flood(raw, payload, tally))
        return raw, outcome

    work = [
        holders.hold(
            "frames" if i % 2 == 0 else "messages",
            lambda p=PING_FRAMES if i % 2 == 0 else PING_MESSAGES: flooding(p),
            True,
        )
        for i in range(target.sizes.pingers)
    ]
    await _run_until_stopped(work, ready, holders.ready)
    tally["sent_mib"] = tally.pop("sent_bytes", 0) >> 20


async def _flood(raw: RawSocket, payload: bytes, tally: Counter) -> None:
    """Write `payload` again and again while the socket takes it, until it is closed."""
    while not raw.closed.done():
        await raw.writable.wait()
        raw.write(payload)
        tally["sent_bytes"] += len(payload)
        await asyncio.sleep(0)


ATTACKERS = {
    "history": history_flood,
    "idle": idle_sockets,
    "slowloris": slowloris,
    "create": create_flood,
    "pings": ping_flood,
}


async def _attack(target: Target, pipe) -> None:
    """The attacker's process: runs the attack named on `pipe`, says "ready" once it is in
    place, and when told to stop, closes everything and sends what happened; until None
    (which also stops an attack)."""
    while (name := await asyncio.to_thread(pipe.recv)) is not None:
        tally: Counter = Counter()
        ready, stop = asyncio.Event(), asyncio.Event()
        fresh = replace(target, site=Site.group(target.site.url))
        attack = asyncio.ensure_future(ATTACKERS[name](fresh, tally, ready, stop))
        readied = asyncio.ensure_future(ready.wait())
        await asyncio.wait((attack, readied), return_when=asyncio.FIRST_COMPLETED)
        readied.cancel()
        pipe.send("ready")
        order = await asyncio.to_thread(pipe.recv)  # "stop", or None (the run failed)
        stop.set()
        try:
            async with asyncio.timeout(READY_SECONDS):
                await attack
        except Exception as error:  # what went wrong with the attack is part of its figures
            tally[f"attack-failed-{type(error).__name__}"] += 1
        pipe.send(dict(tally))
        if order is None:
            return


def _attacker_process(target: Target, pipe) -> None:
    os.nice(10)  # the machine's cores go first to the server and the measuring client
    run_loop(_attack(target, pipe))


class Attacker:
    """The attacker's process, told which attack to run and when to stop."""

    def __init__(self, target: Target):
        context = multiprocessing.get_context("spawn")
        self.pipe, theirs = context.Pipe()
        self.process = context.Process(target=_attacker_process, args=(target, theirs))
        self.process.start()

    async def start(self, name: str) -> None:
        self.pipe.send(name)
        if not await asyncio.to_thread(self.pipe.poll, READY_SECONDS):
            raise RuntimeError(f"hostile: the {name} attack did not get in place")
        self.pipe.recv()

    async def stop(self) -> dict[str, int]:
        self.pipe.send("stop")
        return await asyncio.to_thread(self.pipe.recv)

    def close(self) -> None:
        """End the process (stopping its attack, if the run failed during one); killed if it
        does not end in time."""
        self.pipe.send(None)
        self.process.join(READY_SECONDS)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
