"""The Redis bus: delivery, catching up after a dropped message or a reconnection, and two real
server processes sharing one PostgreSQL database and one Redis playing a table to its end."""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import secrets
import time
from concurrent.futures import ThreadPoolExecutor

import asyncpg
import httpx
import pytest
import redis
from harness import Client, RunningServer, eventually, settings_for, start_process

import cardtable.bus.redis as redis_bus
from cardtable.bus import Bus, Clock, Subscriber, open_bus
from cardtable.bus.redis import RedisBus
from cardtable.server import Settings
from cardtable.server.clock import ManualClock, SystemClock
from thread_server import free_port


@pytest.fixture
def prefix() -> str:
    """A channel prefix of this test's own, so tests sharing the Redis never hear each other."""
    return f"cardtable-test-{secrets.token_hex(4)}:"


def _kill_listeners(url: str, prefix: str) -> int:
    """Drop every subscription on `prefix` from the Redis side, as a network fault would."""
    admin = redis.Redis.from_url(url)
    killed = 0
    for client in admin.client_list():
        if client["name"] == redis_bus.listener_name(prefix):
            killed += admin.client_kill_filter(_id=client["id"])
    admin.close()
    return killed


async def _next(queue: asyncio.Queue):
    return await asyncio.wait_for(queue.get(), 10)


def _reconnecting(clock: ManualClock) -> int:
    """How many buses on `clock` wait for their first attempt to reconnect."""
    return clock.pending().count(clock.time() + redis_bus.BACKOFF[0])


def _publish_raw(url: str, channel: str, data: bytes) -> int:
    """Publish straight to Redis; how many subscribers received it."""
    admin = redis.Redis.from_url(url)
    try:
        return admin.publish(channel, data)
    finally:
        admin.close()


async def test_the_redis_bus_delivers_to_other_nodes_only(redis_url, prefix):
    clock = SystemClock()
    one, two = (
        await RedisBus.open(redis_url, clock, prefix),
        await RedisBus.open(redis_url, clock, prefix),
    )
    heard_one, heard_two, other_table = asyncio.Queue(), asyncio.Queue(), asyncio.Queue()
    try:
        one.subscribe("ABCDEF", "n1", heard_one.put_nowait)
        two.subscribe("ABCDEF", "n2", heard_two.put_nowait)
        two.subscribe("GHJKLM", "n2", other_table.put_nowait)
        # A new subscriber first hears None: steps before it are read from the log.
        assert await _next(heard_one) is None and await _next(heard_two) is None
        assert await _next(other_table) is None
        for n in range(3):
            await one.publish("ABCDEF", "n1", b"step %d" % n)
        await two.publish("ABCDEF", "n2", b"from two")
        assert [await _next(heard_two) for _ in range(3)] == [b"step 0", b"step 1", b"step 2"]
        assert await _next(heard_one) == b"from two"
        # Redis hands a subscriber its messages in the order it took them: anything else
        # (an echo, a copy, another table's message) would arrive before these last ones.
        await one.publish("ABCDEF", "n1", b"last of one")
        await one.publish("GHJKLM", "n1", b"last on the other table")
        await two.publish("ABCDEF", "n2", b"last of two")
        assert await _next(heard_two) == b"last of one"
        assert await _next(heard_one) == b"last of two"
        assert await _next(other_table) == b"last on the other table"
        two.unsubscribe("ABCDEF", "n2")
        await one.publish("ABCDEF", "n1", b"unheard")
        await one.publish("GHJKLM", "n1", b"heard after it")
        assert await _next(other_table) == b"heard after it"
        assert heard_two.empty()
    finally:
        await one.close()
        await two.close()


def _channels(url: str, prefix: str) -> set[str]:
    """The channels on `prefix` someone is subscribed to, as Redis counts them."""
    admin = redis.Redis.from_url(url)
    try:
        return {channel.decode() for channel in admin.pubsub_channels(prefix + "*")}
    finally:
        admin.close()


async def test_a_process_listens_only_to_the_tables_it_holds(redis_url, prefix):
    bus = await RedisBus.open(redis_url, SystemClock(), prefix)
    heard, other_table = asyncio.Queue(), asyncio.Queue()
    try:
        assert await asyncio.to_thread(_channels, redis_url, prefix) == {prefix + "*bus"}
        bus.subscribe("ABCDEF", "n1", heard.put_nowait)
        bus.subscribe("ABCDEF", "n2", heard.put_nowait)  # a second node of this process
        assert [await _next(heard), await _next(heard)] == [None, None]
        channels = await asyncio.to_thread(_channels, redis_url, prefix)
        assert channels == {prefix + "*bus", prefix + "ABCDEF"}
        bus.unsubscribe("ABCDEF", "n1")
        # Redis confirms subscriptions in the order they were asked for: an unsubscription
        # asked for just now would be done once this later subscription is confirmed.
        bus.subscribe("GHJKLM", "n1", other_table.put_nowait)
        assert await _next(other_table) is None
        channels = await asyncio.to_thread(_channels, redis_url, prefix)
        assert channels == {prefix + "*bus", prefix + "ABCDEF", prefix + "GHJKLM"}
        bus.unsubscribe("ABCDEF", "n2")
        left = {prefix + "*bus", prefix + "GHJKLM"}
        await asyncio.to_thread(eventually, lambda: _channels(redis_url, prefix) == left)
    finally:
        await bus.close()


async def test_a_reconnected_subscriber_is_told_to_catch_up(redis_url, prefix):
    clock = ManualClock()
    one, two = (
        await RedisBus.open(redis_url, clock, prefix),
        await RedisBus.open(redis_url, clock, prefix),
    )
    heard = asyncio.Queue()
    try:
        two.subscribe("ABCDEF", "n2", heard.put_nowait)
        assert await _next(heard) is None
        assert await asyncio.to_thread(_kill_listeners, redis_url, prefix) == 2
        await asyncio.to_thread(eventually, lambda: _reconnecting(clock) == 2)  # both wait
        lost = await asyncio.to_thread(_publish_raw, redis_url, prefix + "ABCDEF", b"n1\naway")
        assert lost == 0  # nobody is subscribed meanwhile
        clock.advance(redis_bus.BACKOFF[0])
        assert await _next(heard) is None  # reconnected: read the log
        await one.publish("ABCDEF", "n1", b"back")
        assert await _next(heard) == b"back"
    finally:
        await one.close()
        await two.close()


class TappedBus:
    """A server's own Redis bus (`create_app(open_bus=TappedBus().open)`), tapped: it counts
    the presence messages it hears, and loses messages it is to publish while told to, as
    pub/sub may lose one, or a process killed never sends them."""

    def __init__(self):
        self.bus: Bus | None = None
        #: How many of the next messages to publish are lost.
        self.losing: float = 0
        #: Presence messages delivered here from other processes.
        self.presence_heard = 0

    async def open(self, url: str | None, clock: Clock, prefix: str) -> TappedBus:
        self.bus = await open_bus(url, clock, prefix)
        return self

    def lose(self, count: float = math.inf) -> None:
        self.losing = count

    async def publish(self, code: str, node: str, message: bytes) -> None:
        if self.losing:
            self.losing -= 1
        else:
            await self.bus.publish(code, node, message)

    def subscribe(self, code: str, node: str, callback: Subscriber) -> None:
        def heard(message: bytes | None) -> None:
            if message is not None and b'"presence"' in message:
                self.presence_heard += 1
            callback(message)

        self.bus.subscribe(code, node, heard)

    def unsubscribe(self, code: str, node: str) -> None:
        self.bus.unsubscribe(code, node)

    def listened(self, code: str, node: str) -> bool:
        return self.bus.listened(code, node)

    async def close(self) -> None:
        await self.bus.close()


@contextlib.contextmanager
def _tapped(settings: Settings):
    """A server whose bus is a TappedBus (`server.bus`)."""
    bus = TappedBus()
    with RunningServer(settings, open_bus=bus.open) as running:
        running.bus = bus
        yield running


def _shared_settings(postgres_url, redis_url, prefix, **overrides) -> Settings:
    """Settings of servers sharing one database and one Redis, on one ManualClock."""
    return settings_for(
        postgres_url, bus_url=redis_url, bus_prefix=prefix, clock=ManualClock(), **overrides
    )


@pytest.fixture
def two_servers(postgres_url, redis_url, prefix):
    """Two servers in this process, each with its own (tapped) Redis bus, on one database;
    their clock (`settings.clock`, shared) moves only when a test moves it."""
    settings = _shared_settings(postgres_url, redis_url, prefix)
    with _tapped(settings) as one, _tapped(settings) as two:
        yield one, two


def _table_on_both(one: RunningServer, two: RunningServer) -> tuple[str, Client, Client]:
    host = one.create()
    bob = two.join(host["code"], "Bob", client="bob-client-1")
    ann = one.client(host["code"], host["token"])
    bob_client = two.client(host["code"], bob["token"])
    ann.until(lambda c: len(c.table_doc["members"]) == 2)
    ann.table({"type": "start"})
    bob_client.until(lambda c: c.seq == ann.seq)
    return host["code"], ann, bob_client


def _online(client: Client, name: str) -> bool:
    return next(m for m in client.table_doc["members"] if m["name"] == name)["online"]


def _a_third_of_a_lease_on(one: RunningServer, two: RunningServer, heard: bool) -> None:
    """Move the clock a third of the presence lease on, once both servers wait for it, and
    wait until each has done what it does then: repeat who is online through it (`heard`:
    `two` has heard what `one` repeated), forget what was not repeated within the lease."""
    clock, step = one.settings.clock, one.settings.presence_lease / 3
    eventually(lambda: clock.pending().count(clock.time() + step) == 2, what="both to wait")
    before = two.bus.presence_heard
    clock.advance(step)
    eventually(lambda: clock.pending().count(clock.time() + step) == 2, what="both to be done")
    if heard:
        eventually(lambda: two.bus.presence_heard > before, what="the repeat")


def test_who_is_online_through_another_process_holds_only_while_it_says_so(
    postgres_url, redis_url, prefix
):
    """Each process repeats who is online through it every third of the presence lease;
    what is not repeated within the lease (a process killed without a word) is forgotten,
    so nobody stays online as a ghost."""
    settings = _shared_settings(postgres_url, redis_url, prefix)
    with _tapped(settings) as one, _tapped(settings) as two:
        host = one.create()
        bob_seat = two.join(host["code"], "Bob", client="bob-client-1")
        ann = one.client(host["code"], host["token"])
        bob = two.client(host["code"], bob_seat["token"])
        bob.until(lambda c: _online(c, "Ann"))
        for _ in range(6):  # two leases on, repeated: Ann is still online
            _a_third_of_a_lease_on(one, two, heard=True)
        bob.ping()
        assert _online(bob, "Ann")

        one.bus.lose()  # `one` says nothing more, as if killed
        ann.close()
        for _ in range(3):  # a lease on since `one` last repeated it
            _a_third_of_a_lease_on(one, two, heard=False)
        bob.ping()
        assert _online(bob, "Ann")
        _a_third_of_a_lease_on(one, two, heard=False)  # more than a lease: forgotten
        bob.until(lambda c: not _online(c, "Ann"))
        bob.close()


def _drop_next_message(server: RunningServer) -> None:
    """The next message `server` publishes is lost, as pub/sub may lose one."""
    server.bus.lose(1)


def test_a_dropped_message_is_filled_from_the_log(two_servers):
    one, two = two_servers
    _code, ann, bob = _table_on_both(one, two)
    _drop_next_message(one)
    ann.play({"type": "pick", "n": 1})  # its message is lost
    ann.table({"type": "chat", "text": "hello"})  # the gap before it is read from the log
    bob.until(lambda c: c.seq == ann.seq)
    assert bob.table_doc == ann.table_doc
    assert bob.game["public"] == ann.game["public"]


def test_of_two_writers_of_one_step_the_loser_reloads_and_retries(two_servers):
    one, two = two_servers
    code, ann, bob = _table_on_both(one, two)
    _drop_next_message(one)
    first = ann.play({"type": "pick", "n": 1})  # the other server never hears of it
    second = bob.play({"type": "pick", "n": 2})  # written as the same step: conflict
    assert second["type"] == "update" and second["seq"] == first["seq"] + 1
    ann.until(lambda c: c.seq == second["seq"])
    assert bob.table_doc == ann.table_doc and bob.game["public"] == ann.game["public"]
    steps = one.history(code, ann.token)["steps"]
    assert [s["seq"] for s in steps] == list(range(2, second["seq"] + 1))
    assert [s["seat"] for s in steps[-2:]] == [0, 1]


def _table_with_bots_on_both(one: RunningServer, two: RunningServer, target: int):
    """Ann (seat 0) plays through `one`, Bob (seat 1) through `two`, two bots hold seats 2
    and 3; the game is not started."""
    host = one.create(options={"target": target})
    code = host["code"]
    bob_seat = two.join(code, "Bob", client="bob-client-1")
    ann = one.client(code, host["token"])
    bob = two.client(code, bob_seat["token"])
    ann.until(lambda c: len(c.table_doc["members"]) == 2)  # `one` has Bob's join: no conflict
    for _ in range(2):
        assert ann.table({"type": "add-bot"})["type"] == "update"
    bob.until(lambda c: len(c.table_doc["members"]) == 4)
    return code, ann, bob


def _bots_picked(client: Client) -> bool:
    game = client.game
    return game is not None and {2, 3} <= set(game["public"]["picked"])


def test_only_the_process_that_stored_the_last_step_moves_the_bots(two_servers):
    """Both processes hold the table and arm its bots; the one that did not store the last
    step waits a presence lease, so each bot move is computed and stored once (no conflict),
    by whichever process the last person's step went through."""
    one, two = two_servers
    _code, ann, bob = _table_with_bots_on_both(one, two, target=8)
    assert ann.table({"type": "start"})["type"] == "update"
    rounds = 0
    while ann.table_doc["status"] == "playing":
        first, second = (ann, bob) if rounds % 2 else (bob, ann)  # the last pick alternates
        # each person acts once their process has every step before (else a conflict)
        first.until(lambda c: _bots_picked(c) or c.table_doc["status"] == "ended")
        if first.table_doc["status"] == "ended":
            break
        first_seq = first.play({"type": "pick", "n": 1})["seq"]
        second.until(lambda c, seq=first_seq: c.seq == seq)
        last_seq = second.play({"type": "pick", "n": 1})["seq"]
        ann.until(lambda c, seq=last_seq: c.seq == seq)
        rounds += 1
    assert rounds >= 2
    figures = [one.metrics(), two.metrics()]
    assert [f["cardtable_conflicts_total"] for f in figures] == [0, 0]
    people = rounds  # each process stored one person's pick a round, and some bots' moves
    assert all(f['cardtable_actions_total{kind="game"}'] > people for f in figures)


def test_a_process_that_died_leaves_its_bots_to_another_after_the_lease(
    postgres_url, redis_url, prefix
):
    """The process that stored the last step stops before its bots move: another process
    holding the table moves them once a presence lease has passed."""
    settings = _shared_settings(postgres_url, redis_url, prefix, bot_delay=1.0)
    clock, lease = settings.clock, settings.presence_lease
    with RunningServer(settings) as two:
        with RunningServer(settings) as one:
            _code, ann, bob = _table_with_bots_on_both(one, two, target=8)
            assert ann.table({"type": "start"})["type"] == "update"  # stored by `one`
            due = clock.time() + settings.bot_delay + lease
            eventually(lambda: due in clock.pending())  # `two` heard: its bots wait a lease
        assert not _bots_picked(bob)  # `one` stopped before its bots' time came
        clock.advance(settings.bot_delay + lease)  # the first bot moves a lease after the start
        due = clock.time() + settings.bot_delay
        eventually(lambda: due in clock.pending())  # and the other one a bot's delay later
        clock.advance(settings.bot_delay)
        bob.until(_bots_picked)
        assert two.metrics()['cardtable_actions_total{kind="game"}'] == 2


def test_a_server_that_reconnects_catches_up_from_the_log(two_servers, prefix):
    one, two = two_servers
    clock, url = one.settings.clock, one.settings.bus_url
    code, ann, bob = _table_on_both(one, two)
    with _watching(url, prefix + code) as steps_published:
        assert _kill_listeners(url, prefix) == 2
        eventually(lambda: _reconnecting(clock) == 2)  # both servers wait before trying again
        ann.play({"type": "pick", "n": 3})
        steps_published()  # while the other server is away: it never hears of it
    clock.advance(redis_bus.BACKOFF[0])
    bob.until(lambda c: c.seq == ann.seq)  # no later message: the reconnection caught up
    assert bob.game["public"] == ann.game["public"]


@contextlib.contextmanager
def _watching(url: str, channel: str):
    """A plain subscriber of `channel`: yields a function that waits until a server's message
    with steps has been published there."""
    admin = redis.Redis.from_url(url)
    pubsub = admin.pubsub()
    pubsub.subscribe(channel)
    assert pubsub.get_message(timeout=10)["type"] == "subscribe"

    def steps_published() -> None:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            message = pubsub.get_message(timeout=max(0.01, deadline - time.monotonic()))
            if message is not None and b'"entries"' in message["data"]:
                return
        raise AssertionError("no steps were published")

    try:
        yield steps_published
    finally:
        pubsub.close()
        admin.close()


# -- two server processes ---------------------------------------------------------------------

PLAYERS = 4
TARGET = 15


def _play_to_end(client: Client) -> list[range]:
    """Pick whenever our seat may, until the game ends; the steps each of our acks reported
    (one of them is the pick's, protocol 4)."""
    acks = []
    while client.table_doc["status"] != "ended":
        game = client.game
        if client.table_doc["status"] == "playing" and game["you"]["pick"] is None:
            pick = {"type": "pick", "n": random.randint(1, 3)}
            answer = client.request({"type": "play", "action": pick}, timeout=20)
            if answer["type"] == "update":
                acks.append(range(answer["seq"] - answer.get("steps", 1) + 1, answer["seq"] + 1))
            else:
                assert answer["code"] == "busy", answer  # lost every retry: try again
        else:
            client.recv(20)
    return acks


async def _log(database_url: str, code: str) -> list[asyncpg.Record]:
    connection = await asyncpg.connect(database_url)
    try:
        return await connection.fetch(
            "SELECT seq, kind, seat FROM log WHERE table_code = $1 ORDER BY seq", code
        )
    finally:
        await connection.close()


def test_two_server_processes_play_one_table_to_its_end(postgres_url, redis_url, prefix):
    args = ["--database-url", postgres_url, "--redis-url", redis_url, "--redis-prefix", prefix]
    ports = [free_port(), free_port()]
    with ThreadPoolExecutor(2) as pool:
        starting = [pool.submit(start_process, args, port) for port in ports]
    processes = [process.result() for process in starting if not process.exception()]
    https = [httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) for port in ports]
    clients: list[Client] = []
    try:
        assert len(processes) == 2, [repr(s.exception()) for s in starting]
        host = (
            https[0]
            .post(
                "/api/tables",
                json={
                    "game": "tiny",
                    "name": "P0",
                    "client": "two-processes-client-0",
                    "options": {"target": TARGET},
                },
            )
            .json()
        )
        code, tokens = host["code"], [host["token"]]
        for p in range(1, PLAYERS):  # players alternate between the two processes
            joined = https[p % 2].post(
                f"/api/tables/{code}/join",
                json={"name": f"P{p}", "client": f"two-processes-client-{p}"},
            )
            assert joined.status_code == 200, joined.text
            tokens.append(joined.json()["token"])
        clients += [
            Client(f"ws://127.0.0.1:{ports[p % 2]}/ws/{code}", token)
            for p, token in enumerate(tokens)
        ]
        for client in clients:
            client.until(lambda c: len(c.table_doc["members"]) == PLAYERS)
        clients[0].table({"type": "start"})
        with ThreadPoolExecutor(PLAYERS) as pool:
            acks = list(pool.map(_play_to_end, clients))
        log = asyncio.run(_log(postgres_url, code))
        last = log[-1]["seq"]
        assert [row["seq"] for row in log] == list(range(1, last + 1))
        for client in clients:  # each sees every step, in order (Client checks)
            client.until(lambda c: c.seq == last)
        assert all(c.table_doc == clients[0].table_doc for c in clients)
        assert all(c.game["public"] == clients[0].game["public"] for c in clients)
        for seat, acked in enumerate(acks):  # each acknowledged pick is stored exactly once
            stored = [row["seq"] for row in log if row["kind"] == "game" and row["seat"] == seat]
            assert len(acked) == len(stored)
            assert all(sum(seq in steps for seq in stored) == 1 for steps in acked)
        assert max(clients[0].game["public"]["scores"]) >= TARGET
    finally:
        for closable in [*clients, *https]:
            closable.close()
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(10)
