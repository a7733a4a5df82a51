"""`cardtable replay`: a logged table from the store and a simulated game, step by step, from a
seat, a spectator or omniscient; `--to`; refusals (an unknown code, a bad seat) exit 2."""

from __future__ import annotations

import asyncio
import dataclasses
import json

import pytest

from cardtable import bots, games
from cardtable.cli import main
from cardtable.decks import Call, Deck, Response
from cardtable.decks.content import library_id
from cardtable.engine import OMNISCIENT, Rng
from cardtable.sim import play_game
from cardtable.sim.render import action_text, lines
from cardtable.store import Entry, Store, deck_library
from cardtable.table import reducer
from cardtable.table.state import TableState

CODE = "RPLY23"
DECK_CODE = "DECK23"  # a CAH table that played a library deck, since removed
MOVES = 12


def logged_table(
    code: str, game_id: str = "russian-bank", options="default", players: int = 2, decks=None
) -> tuple[list[Entry], TableState]:
    """A table as the server logs one: created, joined, started, then moves; its games deal
    from `decks`."""
    game = games.get(game_id)
    host = {"name": "Ann", "token": "secret-token-0", "client": "c0", "address": "a0"}
    create = {
        "type": "create",
        "game": game.id,
        "options": game.options(options, decks),
        "name": "Replayed",
        "public": False,
        "created": 0.0,
        "host": host,
    }
    entries = [Entry(1, "lobby", None, create, 0.0, 0.0)]
    table = TableState.create(code, entries[0], decks)

    def log(kind: str, seat, action: dict) -> None:
        at = table.clock + 1.0
        entry = Entry(table.seq + 1, kind, seat, action, at, at)
        reducer.apply(table, entry)
        entries.append(entry)

    for player in range(1, players):
        log("lobby", None, {"type": "join", "name": f"P{player}", "token": f"secret-{player}"})
    log("lobby", None, {"type": "start", "by": table.host, "seed": 7})
    rng = Rng(3)
    for _ in range(MOVES):
        seat = min(game.to_act(table.game_state))
        log("game", seat, game.random_action(table.game_state, seat, rng))
    return entries, table


def _uploaded() -> Deck:
    """A deck as a file gives it (the library stores it under its `library_id`)."""
    calls = tuple(Call(((f"Stored call {n}: ", {}),), 1) for n in range(6))
    answers = tuple(Response(f"Stored answer {n}.") for n in range(40))
    return Deck("stored-test", "Stored deck", calls, answers)


async def store_logs(url: str, logged: dict, deck: Deck) -> None:
    """Store `deck` in the deck library, then remove it; then the tables' logs."""
    store = await Store.open(url)
    try:
        stored, _ = await deck_library.add_deck(store, deck)
        assert await deck_library.remove_deck(store, stored["id"]) is not None
        for code, (entries, table) in logged.items():
            await store.create_table(table.summary(), entries[0])
            await store.append(code, entries[1:], table.summary())
    finally:
        await store.close()


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory):
    """One database for the module: the Russian Bank table CODE, and the CAH table DECK_CODE
    whose log names a library deck by its content address only; each with its log and the
    table it built."""
    uploaded = _uploaded()
    deck = dataclasses.replace(uploaded, id=library_id(uploaded))  # as the library stores it
    options = {"decks": [deck.id], "handSize": 4, "pointsTarget": 3}
    logged = {
        CODE: logged_table(CODE),
        DECK_CODE: logged_table(DECK_CODE, "cah", options, players=3, decks={deck.id: deck}),
    }
    folder = tmp_path_factory.mktemp("data")
    asyncio.run(store_logs(f"sqlite:///{folder / 'cardtable.db'}", logged, uploaded))
    return folder, logged


def test_a_logged_table_replays_to_the_state_its_log_built(data_dir, capsys):
    folder, logged = data_dir
    _, table = logged[CODE]
    assert main(["replay", CODE, "--data-dir", str(folder), "--omniscient"]) == 0
    out = capsys.readouterr().out
    assert "step 1, t=0, lobby: create" in out
    assert "step 2, t=1, lobby: join P1" in out
    assert "step 3, t=2, lobby: start" in out
    assert f"step {3 + MOVES}, t={2 + MOVES}, seat " in out
    assert "secret-token" not in out  # lobby actions show their type and name only
    final = "\n".join(lines(table.game.view(table.game_state, OMNISCIENT), "    "))
    assert out.rstrip().endswith(final)


def test_a_table_that_played_a_removed_library_deck_replays_from_its_log_and_the_store(
    data_dir, capsys
):
    """The log names the deck by its content address only; the replay reads the deck from
    the store (this process never had it: no deck is looked up anywhere but in what the
    replay hands the game) though a moderator removed it, and reaches the same views."""
    folder, logged = data_dir
    entries, table = logged[DECK_CODE]
    with pytest.raises(ValueError, match="unknown deck"):
        reducer.replay(DECK_CODE, entries)  # the built-in decks alone cannot replay it
    assert main(["replay", DECK_CODE, "--data-dir", str(folder), "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert "Stored answer" in out
    final = "\n".join(lines(table.game.view(table.game_state, 1), "    "))
    assert out.rstrip().endswith(final)


def test_a_simulated_game_and_simulate_deal_from_deck_files(tmp_path, capsys):
    """`--deck FILE`: the games deal from that deck (under its content address), not from the
    preset's; `simulate` plays them too."""
    calls = tuple(Call(((f"Filed call {n}: ", {}),), 1) for n in range(5))
    answers = tuple(Response(f"Filed answer {n}.") for n in range(40))
    path = tmp_path / "filed.json"
    path.write_text(json.dumps(Deck("filed", "Filed deck", calls, answers).to_json()))
    args = ["replay", "--game", "cah", "--players", "3", "--seat", "0", "--to", "0"]
    assert main([*args, "--deck", str(path), "--options", '{"pointsTarget": 2}']) == 0
    out = capsys.readouterr().out
    cards = [line for line in out.splitlines() if line.strip().startswith(('- "', "black:"))]
    assert len(cards) == 11 and all("Filed" in line for line in cards)  # a hand and a call
    simulate = ["simulate", "cah", "--games", "2", "--workers", "1", "--json"]
    assert main([*simulate, "--deck", str(path), "--options", '{"pointsTarget": 2}']) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert main([*simulate, "--deck", str(tmp_path / "missing.json")]) == 2


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
