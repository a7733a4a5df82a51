"""Tables' lifetime benchmark (issue 23): what a server process keeps in memory after tables
were played and left, and how long it takes to start with stale games in its database. Prints:

table_memory: tables=N held_tables=N held_kb=N per_table_kb=N after_idle_tables=N
              after_idle_kb=N
startup: stale_tables=N steps_each=N resumed=N resume_s=N first_use_ms=N

Logs of CAH games (a host and four bots, the `online` preset) are written straight into a
SQLite database in a temporary folder. Memory: a server process (`Site`, on a `ManualClock`)
loads N finished games as their players' last look at them would (the summary, and the
history the end screen reads); the clock then passes the grace period and `evict_after`
(5 minutes by default). Python's allocations still held (tracemalloc) are counted after the
loads and after the idle time. Start-up: M games still "playing" whose last step is two hours
old (what a crash, or a version that kept them, leaves behind); the time `Site.resume` takes
(a start's work before it serves), then the mean time the first use of one of them takes.

Runs against whichever `cardtable` is imported: to measure another checkout, put its `src`
first on the path. Usage:

    uv run python bench/table_memory.py [--tables 200] [--stale 1000]
    PYTHONPATH=/path/to/other/src uv run python bench/table_memory.py
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import gc
import tempfile
import time
import tracemalloc
from pathlib import Path

import cardtable
from cardtable import bots, games
from cardtable.bus import InProcessBus
from cardtable.engine import Rng
from cardtable.server import Settings
from cardtable.server.clock import ManualClock
from cardtable.server.site import Site
from cardtable.server.tokens import new_code
from cardtable.store import Entry, Store
from cardtable.table import reducer
from cardtable.table.settings import GRACE
from cardtable.table.state import TableState

GAME = "cah"
BOTS = 4
#: How long ago the stale games' last step was, in seconds.
STALE_FOR = 2 * 3600.0
#: Steps of play in a stale game (it stopped mid-game).
STALE_STEPS = 150
#: Stale games used after the start, one after another (`first_use_ms` is their mean).
USED = 10


def game_log(code: str, seed: int, wall: float) -> list[Entry]:
    """A table's log: created at `wall`, a host and BOTS bots, one game to its end, each seat's
    move chosen by the game's autopilot bot (timeouts where the game waits on a clock only). A
    step every game second."""
    game = games.get(GAME)
    create = {
        "type": "create",
        "game": GAME,
        "options": game.host_options("online"),
        "name": "Bench",
        "public": False,
        "password": None,
        "created": wall,
        "host": {"name": "Host", "token": "t", "client": "c", "address": "127.0.0.1"},
    }
    entries = [Entry(1, "lobby", None, create, 0.0, wall)]
    state = TableState.create(code, entries[0])

    def add(kind: str, seat: int | None, action: dict, at: float = 0.0) -> None:
        now = max(state.clock + 1.0, at)
        entry = Entry(state.seq + 1, kind, seat, action, now, wall + now)
        reducer.apply(state, entry)
        entries.append(entry)

    for _ in range(BOTS):
        add("lobby", None, {"type": "add-bot", "by": 0, "bot": "random"})
    add("lobby", None, {"type": "start", "by": 0, "seed": seed})
    rng = Rng(seed)
    player = bots.get(bots.autopilot(GAME), GAME)
    while state.status == "playing":
        game_state = state.game_state
        to_act = sorted(game.to_act(game_state))
        if to_act:
            seat = to_act[0]
            add("game", seat, player.choose(game, game_state, seat, rng))
        else:
            deadline = game.deadline(game_state)
            pairs = [list(pair) for pair in game.timeout_actions(game_state)]
            add("timeout", None, {"type": "timeout", "deadline": deadline, "actions": pairs})
    return entries


async def store_log(store: Store, code: str, entries: list[Entry]) -> None:
    state = reducer.replay(code, entries)
    await store.create_table(TableState.create(code, entries[0]).summary(), entries[0])
    await store.append(code, entries[1:], state.summary())


def settings_for(url: str, clock: ManualClock) -> Settings:
    """The defaults (of this checkout), on a manual clock."""
    known = {field.name for field in dataclasses.fields(Settings)}
    return Settings(database_url=url, **({"clock": clock} if "clock" in known else {}))


async def settle() -> None:
    """Let the wake-ups fired and the steps they wrote run to their end."""
    for _ in range(50):
        await asyncio.sleep(0.01)


async def held_kb() -> float:
    gc.collect()
    return tracemalloc.get_traced_memory()[0] / 1024


async def memory(folder: Path, tables: int) -> str:
    url = f"sqlite:///{folder / 'memory.db'}"
    wall = time.time()
    store = await Store.open(url)
    codes = sorted({new_code() for _ in range(tables * 2)})[:tables]
    for i, code in enumerate(codes):
        await store_log(store, code, game_log(code, i, wall))
    clock = ManualClock(start=wall + 3600)
    site = Site(settings_for(url, clock), store, InProcessBus())
    tracemalloc.start()
    base = await held_kb()
    for code in codes:
        live = await site.tables.get(code)
        await site.tables.history(live.code).page(0, 500)
    loaded = await held_kb() - base
    held = len(site.tables.held)
    clock.advance(GRACE.default)  # nobody comes back: each host is marked away
    await settle()
    clock.advance(getattr(site.settings, "evict_after", 300.0) + 1)
    await settle()
    after = await held_kb() - base
    tracemalloc.stop()
    line = (
        f"table_memory: tables={tables} held_tables={held} held_kb={loaded:.0f} "
        f"per_table_kb={loaded / tables:.0f} after_idle_tables={len(site.tables.held)} "
        f"after_idle_kb={after:.0f}"
    )
    await site.close()
    await store.close()
    return line


async def startup(folder: Path, stale: int) -> str:
    url = f"sqlite:///{folder / 'startup.db'}"
    now = time.time()
    store = await Store.open(url)
    codes = sorted({new_code() for _ in range(stale * 2)})[:stale]
    whole = game_log(codes[0], 1, now - STALE_FOR)
    template = whole[: min(len(whole) - 1, 2 + BOTS + STALE_STEPS)]  # still in play
    for code in codes:
        await store_log(store, code, template)
    await store.close()

    store = await Store.open(url)  # a new process's start
    site = Site(settings_for(url, ManualClock(start=now)), store, InProcessBus())
    started = time.perf_counter()
    resumed = await site.resume()
    resume_s = time.perf_counter() - started
    used = codes[:USED]
    started = time.perf_counter()
    for code in used:
        await site.tables.get(code)
    first_use_ms = (time.perf_counter() - started) * 1000 / len(used)
    line = (
        f"startup: stale_tables={stale} steps_each={len(template)} resumed={resumed} "
        f"resume_s={resume_s:.2f} "
        f"first_use_ms={first_use_ms:.1f}"
    )
    await site.close()
    await store.close()
    return line


async def main(args: argparse.Namespace) -> None:
    print(f"# cardtable from {Path(cardtable.__file__).parent}")
    with tempfile.TemporaryDirectory() as folder:
        print(await memory(Path(folder), args.tables), flush=True)
        print(await startup(Path(folder), args.stale), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="finished games loaded")
    parser.add_argument("--stale", type=int, default=1000, help="stale games at start-up")
    asyncio.run(main(parser.parse_args()))
