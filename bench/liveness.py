"""Liveness benchmark: how long a table waits on someone who left (issue 20). Prints one line
per game, stage and settings:

liveness: game=G stage=S settings=default|shortest grace_s=N limit_s=N moved_on_after_s=N

A real server runs in this process (SQLite in a temporary folder) on a `ManualClock`; players
connect over WebSockets; at the stage measured, the seat the game waits on closes its only
connection while the others stay. The clock then jumps from one armed wake-up to the next
until the game no longer waits on that seat; the figure is the game time that took, from the
close. `default` is a new table's settings; `shortest` the shortest the host may choose (the
grace period and every time limit at their minimum). Usage:

    uv run python bench/liveness.py [--game ID]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import orjson
import uvicorn
from websockets.sync.client import connect

from cardtable import bots, games
from cardtable.engine import Rng
from cardtable.server import Settings, create_app
from cardtable.server.clock import ManualClock
from cardtable.server.realtime.direct_socket import TableSocketProtocol
from cardtable.table.settings import GRACE

#: Each game's stage time limits (options), and the stages measured: (stage, players, who
#: leaves). "turn": the seat whose turn it is at the start; "answer": a CAH player who has not
#: answered; "judge": the CAH Czar once every answer is in.
TIMERS = {
    "cah": ("submitTimerSec", "judgeTimerSec"),
    "cunt-soul": ("turnSeconds",),
    "russian-bank": ("turnSeconds",),
    "csh": ("turnSeconds", "reactionSeconds"),
}
STAGES = {
    "cah": (("answer", 3), ("judge", 3)),
    "cunt-soul": (("turn", 2),),
    "russian-bank": (("turn", 2),),
    "csh": (("turn", 2),),
}


class Site:
    """The app on a free port in a thread, on a manual clock."""

    def __init__(self, folder: str):
        self.clock = ManualClock()
        settings = Settings(
            database_url=f"sqlite:///{Path(folder) / 'bench.db'}",
            bot_delay=0.0,
            join_rate=1000.0,
            join_burst=1000,
            message_rate=1000.0,
            message_burst=1000,
            clock=self.clock,
        )
        self.app = create_app(settings)
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=0, log_level="warning", ws=TableSocketProtocol
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        while not self.server.started:
            time.sleep(0.01)
        self.loop = self.server.servers[0].get_loop()
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
        self.ws = f"ws://127.0.0.1:{port}/ws"

    def close(self) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(20)

    def read(self, code: str, look):
        async def run():
            live = await self.app.state.site.tables.get(code)
            async with live.lock:
                return look(live.state)

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)


def _to_act(state) -> frozenset[int]:
    if state.status != "playing":
        return frozenset()
    return state.game.to_act(state.game_state)


def _stage(state) -> tuple:
    """Whom the game waits on and until when: it moved on when this changes."""
    deadline = state.game.deadline(state.game_state) if state.status == "playing" else None
    return _to_act(state), deadline


def _settle(site: Site, code: str, done) -> bool:
    """Whether `done(state)` holds once what the clock fired has run (a few looks apart)."""
    for _ in range(50):
        if site.read(code, done):
            return True
        time.sleep(0.002)
    return False


def measure(site: Site, game_id: str, stage: str, players: int, shortest: bool) -> dict:
    game = games.get(game_id)
    options: dict = {}
    grace = GRACE.default
    if shortest:
        by_name = {option.name: option for option in game.option_set.options}
        options = {name: by_name[name].min for name in TIMERS[game_id]}
        grace = GRACE.low
    client = "bench-client-0001"
    host = site.http.post(
        "/api/tables", json={"game": game_id, "name": "P0", "client": client, "options": options}
    ).json()
    code, tokens = host["code"], [host["token"]]
    for n in range(1, players):
        body = {"name": f"P{n}", "client": client}
        tokens.append(site.http.post(f"/api/tables/{code}/join", json=body).json()["token"])
    sockets = [_hello(site, code, token) for token in tokens]
    _table(sockets[0], {"type": "settings", "grace": grace})
    _table(sockets[0], {"type": "start"})
    if stage == "judge":
        _answer_all(site, code, sockets)
    if stage in ("answer", "judge"):
        czar, waiting = site.read(code, lambda s: (s.game_state.czar, sorted(_to_act(s))))
        gone = czar if stage == "judge" else next(seat for seat in waiting if seat != 0)
    else:
        gone = min(site.read(code, _to_act))
    sockets[gone].close()
    _settle(site, code, lambda s: gone not in site.app.state.site.tables.held[code].online())
    started = site.clock.time()
    stage_at_close = site.read(code, _stage)
    limit = stage_at_close[1]
    moved_on = lambda s: _stage(s) != stage_at_close  # noqa: E731
    while not _settle(site, code, moved_on):
        due = site.clock.pending()
        if not due:
            raise RuntimeError(f"{game_id} {stage}: the table waits with nothing armed")
        site.clock.advance(due[0] - site.clock.time())
    for sock in sockets:
        sock.close()
    created = site.read(code, lambda s: s.created_wall)
    return {
        "game": game_id,
        "stage": stage,
        "settings": "shortest" if shortest else "default",
        "grace_s": grace,
        "limit_s": None if limit is None else round(created + limit - started, 1),
        "moved_on_after_s": round(site.clock.time() - started, 1),
    }


def _hello(site: Site, code: str, token: str):
    sock = connect(f"{site.ws}/{code}", max_size=2**22, legacy=True)
    sock.send(orjson.dumps({"type": "hello", "token": token}).decode())
    sock.recv(timeout=10)
    return sock


def _table(sock, action: dict) -> None:
    sock.send(orjson.dumps({"type": "table", "id": "t", "action": action}).decode())
    while True:
        message = orjson.loads(sock.recv(timeout=10))
        if message.get("ack") == "t" or message.get("id") == "t":
            return


def _answer_all(site: Site, code: str, sockets) -> None:
    """Every CAH player answers (with the random bot's choice) until the Czar is to judge."""
    while True:
        czar, waiting = site.read(code, lambda s: (s.game_state.czar, sorted(_to_act(s))))
        if czar in waiting or not waiting:
            return
        seat = waiting[0]
        action = site.read(code, lambda s, seat=seat: _random_move(s, seat))
        sock = sockets[seat]
        sock.send(orjson.dumps({"type": "play", "id": "p", "action": action}).decode())
        while orjson.loads(sock.recv(timeout=10)).get("ack") != "p":
            pass


def _random_move(state, seat: int) -> dict:
    return bots.get("random", state.game_id).choose(state.game, state.game_state, seat, Rng(1))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(STAGES), default=None)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        site = Site(folder)
        try:
            for game_id in [args.game] if args.game else sorted(STAGES):
                for stage, players in STAGES[game_id]:
                    for shortest in (False, True):
                        figures = measure(site, game_id, stage, players, shortest)
                        print("liveness: " + " ".join(f"{k}={v}" for k, v in figures.items()))
        finally:
            site.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
