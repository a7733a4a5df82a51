"""The Redis bus: delivery, catching up after a dropped message or a reconnection, and two real
server processes sharing one PostgreSQL database and one Redis playing a table to its end."""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from concurrent.futures import ThreadPoolExecutor

import asyncpg
import httpx
import pytest
import redis
from harness import Client, RunningServer, settings_for, start_process

import cardtable.bus.redis as redis_bus
from cardtable.bus.redis import RedisBus
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
    return await asyncio.wait_for(queue.get(), 5)


async def test_the_redis_bus_delivers_to_other_nodes_only(redis_url, prefix):
    one, two = await RedisBus.open(redis_url, prefix), await RedisBus.open(redis_url, prefix)
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
        await asyncio.sleep(0.2)
        assert heard_one.empty() and heard_two.empty() and other_table.empty()
        two.unsubscribe("ABCDEF", "n2")
        await one.publish("ABCDEF", "n1", b"unheard")
        await asyncio.sleep(0.2)
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
    bus = await RedisBus.open(redis_url, prefix)
    heard = asyncio.Queue()
    try:
        assert await asyncio.to_thread(_channels, redis_url, prefix) == {prefix + "*bus"}
        bus.subscribe("ABCDEF", "n1", heard.put_nowait)
        bus.subscribe("ABCDEF", "n2", heard.put_nowait)  # a second node of this process
        assert [await _next(heard), await _next(heard)] == [None, None]
        channels = await asyncio.to_thread(_channels, redis_url, prefix)
        assert channels == {prefix + "*bus", prefix + "ABCDEF"}
        bus.unsubscribe("ABCDEF", "n1")
        await asyncio.sleep(0.2)
        assert prefix + "ABCDEF" in await asyncio.to_thread(_channels, redis_url, prefix)
        bus.unsubscribe("ABCDEF", "n2")
        await asyncio.sleep(0.2)
        assert await asyncio.to_thread(_channels, redis_url, prefix) == {prefix + "*bus"}
    finally:
        await bus.close()


async def test_a_reconnected_subscriber_is_told_to_catch_up(redis_url, prefix, monkeypatch):
    monkeypatch.setattr(redis_bus, "BACKOFF", (0.5, 1.0))
    one, two = await RedisBus.open(redis_url, prefix), await RedisBus.open(redis_url, prefix)
    heard = asyncio.Queue()
    try:
        two.subscribe("ABCDEF", "n2", heard.put_nowait)
        assert await _next(heard) is None
        assert await asyncio.to_thread(_kill_listeners, redis_url, prefix) == 2
        await asyncio.sleep(0.1)
        await one.publish("ABCDEF", "n1", b"while away")  # lost: nobody is subscribed
        assert await _next(heard) is None  # reconnected: read the log
        await one.publish("ABCDEF", "n1", b"back")
        assert await _next(heard) == b"back"
    finally:
        await one.close()
        await two.close()


@pytest.fixture
def two_servers(postgres_url, redis_url, prefix):
    """Two servers in this process, each with its own Redis bus, on one database."""
    settings = settings_for(postgres_url, bus_url=redis_url, bus_prefix=prefix)
    with RunningServer(settings) as one, RunningServer(settings) as two:
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


def test_who_is_online_through_another_process_holds_only_while_it_says_so(
    postgres_url, redis_url, prefix
):
    """Each process repeats who is online through it; what is not repeated within the lease
    (a process killed without a word) is forgotten, so nobody stays online as a ghost."""
    lease = 0.6
    settings = settings_for(
        postgres_url, bus_url=redis_url, bus_prefix=prefix, presence_lease=lease
    )
    with RunningServer(settings) as one, RunningServer(settings) as two:
        host = one.create()
        bob_seat = two.join(host["code"], "Bob", client="bob-client-1")
        ann = one.client(host["code"], host["token"])
        bob = two.client(host["code"], bob_seat["token"])
        bob.until(lambda c: _online(c, "Ann"))
        bob.drain(quiet=4 * lease)  # several leases on, repeated: Ann is still online
        assert _online(bob, "Ann")

        async def silent(live):  # `one` says nothing more, as if killed
            pass

        one.hub.publish_presence = silent
        ann.close()
        started = time.monotonic()
        bob.until(lambda c: not _online(c, "Ann"), timeout=5)
        assert time.monotonic() - started < 3 * lease
        bob.close()


def _drop_next_message(server: RunningServer) -> None:
    """The next message `server` publishes is lost, as pub/sub may lose one."""
    bus = server.hub.bus
    publish = bus.publish

    async def drop_once(code, node, message):
        bus.publish = publish

    bus.publish = drop_once


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
    assert one.hub.metrics.conflicts == two.hub.metrics.conflicts == 0
    people = rounds  # each process stored one person's pick a round, and some bots' moves
    assert one.hub.metrics.actions["game"] > people and two.hub.metrics.actions["game"] > people


def test_a_quiet_process_leaves_its_bots_to_another_after_the_lease(
    postgres_url, redis_url, prefix
):
    """The process that stored the last step stops moving bots (as if it died): another
    process holding the table moves them once a presence lease has passed."""
    lease = 1.0
    settings = settings_for(
        postgres_url, bus_url=redis_url, bus_prefix=prefix, presence_lease=lease
    )
    with RunningServer(settings) as one, RunningServer(settings) as two:
        code, ann, bob = _table_with_bots_on_both(one, two, target=8)

        async def quiet(seat):
            pass

        one.hub.tables[code]._robot_move = quiet
        started = time.monotonic()
        assert ann.table({"type": "start"})["type"] == "update"  # stored by `one`
        bob.until(_bots_picked, timeout=10)
        assert time.monotonic() - started >= 0.9 * lease
        assert two.hub.metrics.actions["game"] == 2
        ann.close()
        bob.close()


def test_a_server_that_reconnects_catches_up_from_the_log(two_servers, prefix, monkeypatch):
    monkeypatch.setattr(redis_bus, "BACKOFF", (0.5, 1.0))
    one, two = two_servers
    _code, ann, bob = _table_on_both(one, two)
    assert _kill_listeners(one.settings.bus_url, prefix) == 2
    time.sleep(0.1)
    ann.play({"type": "pick", "n": 3})  # published while the other server is away
    bob.until(lambda c: c.seq == ann.seq)  # no later message: the reconnection caught up
    assert bob.game["public"] == ann.game["public"]


# -- two server processes ---------------------------------------------------------------------

PLAYERS = 4
TARGET = 30


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
        for client in clients:
            client.drain()
        last = clients[0].seq
        assert all(c.seq == last for c in clients)  # each saw every step, in order (Client)
        assert all(c.table_doc == clients[0].table_doc for c in clients)
        assert all(c.game["public"] == clients[0].game["public"] for c in clients)
        log = asyncio.run(_log(postgres_url, code))
        assert [row["seq"] for row in log] == list(range(1, last + 1))
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
