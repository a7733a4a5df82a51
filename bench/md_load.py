"""bench/load.py's workload against a running Massive Decks server (its Node server, built and
started apart: nothing of it is here): P players at T tables of its Cards Against Humanity,
every player acting as soon as its rules allow (or together at most `--rate` actions a
second), and the server's CPU time per action, for a side-by-side with ours. Prints one line:

md-load: players=P tables=T actions=N actions_per_s=N p50_ms=N p95_ms=N p99_ms=N errors=N
         lost=N server_rss_mb=N server_cpu_ms_per_action=N

Its rounds have more actions than ours (each answer is revealed by the czar, one by one, then
judged): an action here is one of Submit, Reveal or Judge. Its latency runs from an action sent
to the moment its player sees what it caused (Massive Decks acknowledges nothing), so it is
not comparable with ours, which waits for every player at the table. Pauses between a round's
stages are its server's configuration (`stages.*.after`, `timeouts.timeoutCheckFrequency`):
set them to 0 and a few tens of milliseconds for a run as fast as its rules allow. Its games
start with the lobby's default decks: give `defaults.decks` a built-in one (`{source:
"BuiltIn", id: "cah-base-en"}`), or every start fails ("Ran out of cards") and no action is
counted. Usage:

    uv run python bench/md_load.py --url http://127.0.0.1:8081 --players 1000 --tables 200
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import os
import time

import httpx
import orjson

from load import Player, _local_process, run

#: Seconds between attempts of the host to start a game its server refused (its decks are
#: loaded by a task of the server's after the lobby is made).
START_AGAIN = 0.5


class MdPlayer(Player):
    """One player speaking Massive Decks' protocol: events in, actions out; what it knows of
    the game is only what it needs to act (its hand, the round's stage, czar and plays)."""

    def __init__(self, url: str, code: str, token: str, host: bool, share):
        super().__init__(url, code, token, host, share)
        claims = token.split(".")[1]
        self.uid = orjson.loads(base64.urlsafe_b64decode(claims + "=" * (-len(claims) % 4)))["uid"]
        self.hand: list[str] = []
        self.round: dict = {}
        self.plays: list[str] = []
        self.revealed: set[str] = set()
        self.played = False
        self.game = False
        self.asked_start = 0.0

    @staticmethod
    def address(ws_url: str, code: str) -> str:
        return f"{ws_url}/api/games/{code}"

    def _greet(self) -> None:
        self._send({"action": "Authenticate", "token": self.token})

    def _received(self, message: dict, now: float) -> None:
        event = message.get("event")
        if event is None:  # an error: for the action awaiting its effect, if any
            if self.pending is not None:
                self.share.stats.errors += 1
                self.pending = None
        elif event == "Sync":
            self._synced(message)
        elif event == "GameStarted":
            self.game = True
            self.hand = [card["id"] for card in message.get("hand", ())]
            self._new_round(message["round"])
        elif event == "RoundStarted":
            self._new_round(message)
        elif event == "PlaySubmitted":
            self._effect("Submit", now, message["by"] == self.uid)
        elif event in ("StartRevealing", "StartJudging"):
            self.round["stage"] = "Revealing" if event == "StartRevealing" else "Judging"
            if event == "StartRevealing":
                self.plays = list(message["plays"])
            elif message.get("plays"):
                self.plays = [play["id"] for play in message["plays"]]
        elif event == "PlayRevealed":
            self.revealed.add(message["id"])
            self._effect("Reveal", now, True)
        elif event == "RoundFinished":
            self.round["stage"] = "Complete"
            self._effect("Judge", now, True)
        elif event == "HandRedrawn" and "hand" in message:
            self.hand = [card["id"] for card in message["hand"]]
        elif event == "GameEnded":
            self.game = False
        self.hand += [card["id"] for card in message.get("drawn") or ()]
        self.decide()

    def _synced(self, message: dict) -> None:
        game = message["state"].get("game")
        self.game = game is not None
        if game is not None:
            self.hand = [card["id"] for card in message.get("hand") or ()]
            self._new_round(game["round"])
        if not self.welcomed.done():
            self.welcomed.set_result(None)

    def _new_round(self, round_: dict) -> None:
        self.round = {"stage": round_.get("stage", "Playing"), **round_}
        self.plays, self.revealed, self.played = [], set(), False

    def _effect(self, kind: str, now: float, mine: bool) -> None:
        """An event that is the effect of an action of `kind` (`mine`: this player's)."""
        if mine and self.pending is not None and self.pending[0] == kind:
            self.share.stats.done(self.pending[1], now)
            self.pending = None

    def _move(self) -> tuple[str, dict] | None:
        if not self.game:
            if self.host and time.monotonic() - self.asked_start >= START_AGAIN:
                return "StartGame", {}
            return None
        stage, czar = self.round.get("stage"), self.round.get("czar")
        if stage == "Playing" and self.uid != czar and not self.played:
            if self.uid not in self.round.get("players", ()):
                return None
            slots = _slots(self.round["call"])
            return "Submit", {"play": self.hand[:slots]}
        if self.uid != czar:
            return None
        if stage == "Revealing":
            hidden = [play for play in self.plays if play not in self.revealed]
            return ("Reveal", {"play": hidden[0]}) if hidden else None
        if stage == "Judging" and self.plays:
            return "Judge", {"winner": self.plays[0]}
        return None

    def _act(self, kind: str, action: dict) -> None:
        if kind == "StartGame":  # not counted: no effect of its own to wait for
            self.asked_start = time.monotonic()
            self._send({"action": kind})
            return
        self.pending = (kind, time.perf_counter())
        if kind == "Submit":
            self.played = True
            self.hand = [card for card in self.hand if card not in action["play"]]
        self._send({"action": kind, **action})

    def decide(self) -> None:
        super().decide()
        if not self.game and self.host and self.share.playing and not self.closed:
            asyncio.get_running_loop().call_later(START_AGAIN, self.decide)


def _slots(call: dict) -> int:
    """How many answers a call takes: its distinct slots (a slot may be repeated by index;
    an object with a text is styled text, not a slot)."""
    indices, following = set(), 0
    for line in call["parts"]:
        for part in line:
            if isinstance(part, dict) and "text" not in part:
                index = part.get("index")
                if index is None:
                    index, following = following, following + 1
                indices.add(index)
    return len(indices)


async def setup(url: str, players: int, tables: int) -> list[tuple[str, list[str]]]:
    """Make the lobbies and register every player; returns (code, tokens) per lobby."""
    base, extra = divmod(players, tables)
    sizes = [base + (t < extra) for t in range(tables)]
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:

        async def lobby(index: int, size: int) -> tuple[str, list[str]]:
            body = {"name": f"bench {index}", "owner": {"name": "P0"}}
            made = (await http.post("/api/games", json=body)).raise_for_status()
            code = made.headers["location"].rsplit("/", 1)[-1]
            tokens = [made.json()]
            for p in range(1, size):
                joined = await http.post(f"/api/games/{code}", json={"name": f"P{p}"})
                tokens.append(joined.raise_for_status().json())
            return code, tokens

        return await asyncio.gather(*(lobby(i, n) for i, n in enumerate(sizes)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="the running Massive Decks server")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--warmup", type=float, default=2, help="seconds before measuring")
    parser.add_argument("--clients", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--rate", type=float, help="actions per second at most, together")
    args = parser.parse_args()
    if args.players < 3 * args.tables:
        raise SystemExit("md-load: a game needs at least 3 players per table")
    args.find_rate = False
    line = run(args, args.url, _local_process(args.url), MdPlayer, setup)
    print(line.replace("load:", "md-load:", 1), flush=True)


if __name__ == "__main__":
    main()
