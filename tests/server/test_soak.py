"""The soak test of issue 23 ("a server hostile users cannot freeze"): a normal CAH table,
four players acting 20 times a second between them, against a real server process (SQLite,
the site's default limits), first in quiet, then under each attack of bench/attacks.py in
turn: history floods, idle sockets, slowloris, a table-creation flood, ping floods. It runs
bench/hostile.py's own scenario (the benchmark prints the same figures), each phase 100
actions long (5 seconds at the table's pace), about a minute in all.

What holds: nothing the table did is lost (every action answered, every acknowledged action
in the table's log, every update received), no player of the normal table is disconnected,
another tab of theirs is welcomed once a second throughout, and under each attack the
table's p99 round trip (send to ack) stays within max(5 x its quiet p99, quiet p99 + 1 s).
The bound is relative to the same run's quiet phase, so a slow machine moves both sides, and
its margin is what a person notices: an attack the server does not withstand stalls the table
for seconds (the ping flood: 10 s at 325fc5e), while a busy machine alone puts one sample in a
hundred a few hundred ms out (a commit or a collection in the server: 269 ms against a quiet
9 ms on a clean clone, when the margin was 250 ms). The quiet p99 was 10 to 40 ms on a 2-core
machine shared with other test runs (issue 23's note), the floods within 3 x of it.
"""

from __future__ import annotations

import asyncio
import importlib
from pathlib import Path

import pytest

#: The soak is one test: its phases share one server, and a fixture shared by several tests
#: would run the soak once on each parallel worker that gets one of them.
pytestmark = pytest.mark.long

BENCH = Path(__file__).resolve().parents[2] / "bench"
ATTACKS = ("history", "idle", "slowloris", "create", "pings")


@pytest.fixture(scope="module")
def hostile():
    """bench/hostile.py as a module (with bench/ on the path for its own imports, and for
    the attacker's process it starts)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(BENCH))
        yield importlib.import_module("hostile")


def test_the_soak_keeps_every_promise_under_every_attack(hostile, tmp_path):
    plan = hostile.Plan(
        seconds=5.0, rate=20.0, big_steps=300, sizes=hostile.Sizes(tcp=300, slowloris=300)
    )
    process, url = hostile.start_server(tmp_path)
    try:
        phases = asyncio.run(hostile.run(url, plan))
    finally:
        process.terminate()
        process.wait(30)
    soak = {phase.name: phase for phase in phases}
    assert tuple(soak) == hostile.PHASES == ("quiet", *ATTACKS)
    broken = [
        *_lost_or_refused(soak, plan),
        *_over_bound(soak),
        *_attacks_not_made(soak, plan),
    ]
    assert not broken, "\n".join(broken)


def _lost_or_refused(soak, plan) -> list[str]:
    """Nothing the normal table did is lost, and another tab is welcomed throughout."""
    broken = []
    for phase in soak.values():
        if (phase.lost, phase.errors, phase.dropped) != (0, 0, 0):
            broken.append(f"lost, errors or dropped: {phase.line()}")
        if len(phase.latencies) != plan.actions:
            broken.append(f"{len(phase.latencies)} of {plan.actions} answered: {phase.line()}")
        if phase.reconnects_failed or len(phase.reconnects) < plan.seconds // 2:
            broken.append(f"another tab not welcomed: {phase.line()}")
    return broken


def _over_bound(soak) -> list[str]:
    """Under each attack the normal table's p99 stays within its bound."""
    quiet = soak["quiet"].p99_ms
    bound = max(5 * quiet, quiet + 1000)
    return [
        f"over the bound of {bound:.0f} ms: {soak[attack].line()}"
        for attack in ATTACKS
        if soak[attack].p99_ms > bound
    ]


def _attacks_not_made(soak, plan) -> list[str]:
    """The attacks ran as planned (else the bounds above would hold for nothing): what each
    did is in its figures."""
    sizes = plan.sizes
    history = soak["history"].attack
    idle, slow = soak["idle"].attack, soak["slowloris"].attack
    create, pings = soak["create"].attack, soak["pings"].attack
    made = {
        "history: every kind of read": all(
            sum(n for key, n in history.items() if key.startswith(read + ":")) > 0
            for read in ("public", "public+token", "normal", "normal+token")
        )
        and history.get("public:200", 0) > 0
        and history.get("normal+token:200", 0) > 0,
        "idle: sockets welcomed and held": idle.get("ws:welcome", 0) > 0
        and idle.get("tcp:open", 0) >= sizes.tcp,
        "slowloris: heads held open": slow.get("head:open", 0) >= sizes.slowloris,
        "create: tables made, then refused": create.get("201", 0) > 0 and create.get("429", 0) > 0,
        "pings: frames and messages sent": pings.get("frames:welcome", 0) > 0
        and pings.get("messages:welcome", 0) > 0
        and pings.get("sent_mib", 0) > 0,
    }
    return [
        f"attack not made ({name}): {soak[name.split(':')[0]].attack}"
        for name, ok in made.items()
        if not ok
    ]


def test_an_acknowledged_action_missing_from_the_log_is_counted(hostile):
    """The check behind `lost`: each acknowledged action needs a step of its own, of its
    kind and seat, among the steps its ack reported."""
    phase = hostile.Phase("quiet")
    acked = [
        hostile.Acked("play", 1, 5, 5, phase),
        hostile.Acked("play", 2, 6, 7, phase),  # applied together with another seat's
        hostile.Acked("play", 3, 6, 7, phase),
        hostile.Acked("table", None, 8, 8, phase),
    ]
    steps = {
        5: {"seq": 5, "kind": "game", "seat": 1},
        6: {"seq": 6, "kind": "game", "seat": 2},
        7: {"seq": 7, "kind": "game", "seat": 3},
        8: {"seq": 8, "kind": "lobby", "seat": None},
    }
    assert hostile.unlogged(acked, steps) == []
    assert hostile.unlogged(acked, {s: v for s, v in steps.items() if s != 7}) == [acked[2]]
    seat_two_twice = {**steps, 7: {"seq": 7, "kind": "game", "seat": 2}}
    assert hostile.unlogged(acked, seat_two_twice) == [acked[2]]
    assert hostile.unlogged(acked, {**steps, 8: {"seq": 8, "kind": "game", "seat": 0}}) == [
        acked[3]
    ]
