"""`cardtable replay`: a logged table from the store and a simulated game, step by step, from a
seat, a spectator or omniscient; `--to`; refusals (an unknown code, a bad seat) exit 2."""

from __future__ import annotations

import asyncio

import pytest

from cardtable import bots, games
from cardtable.cli import main
from cardtable.engine import OMNISCIENT, Rng
from cardtable.sim import play_game
from cardtable.sim.render import action_text, lines
from cardtable.store import Entry, Store
from cardtable.table import reducer
from cardtable.table.state import TableState

CODE = "RPLY23"
MOVES = 12


def logged_table() -> tuple[list[Entry], TableState]:
    """A Russian Bank table as the server logs one: created, joined, started, then moves."""
    game = games.get("russian-bank")
    host = {"name": "Ann", "token": "secret-token-0", "client": "c0", "address": "a0"}
    create = {
        "type": "create",
        "game": game.id,
        "options": game.options("default"),
        "name": "Replayed",
        "public": False,
        "created": 0.0,
        "host": host,
    }
    entries = [Entry(1, "lobby", None, create, 0.0, 0.0)]
    table = TableState.create(CODE, entries[0])

    def log(kind: str, seat, action: dict) -> None:
        at = table.clock + 1.0
        entry = Entry(table.seq + 1, kind, seat, action, at, at)
        reducer.apply(table, entry)
        entries.append(entry)

    log("lobby", None, {"type": "join", "name": "Bo", "token": "secret-token-1"})
    log("lobby", None, {"type": "start", "by": table.host, "seed": 7})
    rng = Rng(3)
    for _ in range(MOVES):
        seat = min(game.to_act(table.game_state))
        log("game", seat, game.random_action(table.game_state, seat, rng))
    return entries, table


async def store_log(url: str, entries: list[Entry], table: TableState) -> None:
    store = await Store.open(url)
    try:
        await store.create_table(table.summary(), entries[0])
        await store.append(CODE, entries[1:], table.summary())
    finally:
        await store.close()


@pytest.fixture
def data_dir(tmp_path):
    entries, table = logged_table()
    folder = tmp_path / "data"
    folder.mkdir()
    asyncio.run(store_log(f"sqlite:///{folder / 'cardtable.db'}", entries, table))
    return folder, table


def test_a_logged_table_replays_to_the_state_its_log_built(data_dir, capsys):
    folder, table = data_dir
    assert main(["replay", CODE, "--data-dir", str(folder), "--omniscient"]) == 0
    out = capsys.readouterr().out
    assert "step 1, t=0, lobby: create" in out
    assert "step 2, t=1, lobby: join Bo" in out
    assert "step 3, t=2, lobby: start" in out
    assert f"step {3 + MOVES}, t={2 + MOVES}, seat " in out
    assert "secret-token" not in out  # lobby actions show their type and name only
    final = "\n".join(lines(table.game.view(table.game_state, OMNISCIENT), "    "))
    assert out.rstrip().endswith(final)


def test_a_logged_table_from_one_seat_stops_at_a_step(data_dir, capsys):
    folder, _ = data_dir
    assert (
        main(["replay", CODE.lower(), "--data-dir", str(folder), "--seat", "1", "--to", "5"]) == 0
    )
    out = capsys.readouterr().out
    assert "view (seat 1):" in out and '"you"' not in out and "    you:" in out
    assert "step 5," in out and "step 6," not in out
    assert "secret:" not in out and "    seats:" not in out


def test_an_unknown_table_is_refused(tmp_path, capsys):
    assert main(["replay", "NOPE99", "--data-dir", str(tmp_path / "data")]) == 2
    assert "no table 'NOPE99'" in capsys.readouterr().err


def test_a_simulated_game_is_the_one_simulate_plays(capsys):
    game = games.get("example")
    args = ["replay", "--game", "example", "--seed", "4", "--players", "3", "--bots", "random"]
    assert main(args) == 0
    out = capsys.readouterr().out
    seated = [bots.get("random", game.id) for _ in range(3)]
    played = play_game(game, game.options("default"), 3, 4, seated, record=True)
    assert out.count("\nstep ") == len(played.actions)
    assert out.rstrip().splitlines()[-1] == f"  result: {action_text(played.result.to_json())}"
    assert "view (spectator):" in out and "    you:" not in out
    assert main(args) == 0
    assert capsys.readouterr().out == out  # a seed replays the same game


def test_a_seat_the_game_does_not_have_is_refused(capsys):
    args = ["replay", "--game", "example", "--players", "2", "--seat", "5", "--to", "1"]
    assert main(args) == 2
    assert "--seat 5" in capsys.readouterr().err


def test_a_code_and_a_game_together_are_refused(tmp_path, capsys):
    args = ["replay", CODE, "--game", "example", "--data-dir", str(tmp_path)]
    assert main(args) == 2
    assert "name a table's code, or a game" in capsys.readouterr().err
