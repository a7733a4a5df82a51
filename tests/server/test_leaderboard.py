"""The leaderboard over HTTP, fed by games played over WebSocket, on SQLite and PostgreSQL:
ranking by game and period (older results written through the store API), kept names, bots
not ranked, bad queries refused, results stored with the step that ends the game (never one
without the other), and every finished game counted exactly once."""

from __future__ import annotations

import asyncio
import time

from harness import RunningServer, settings_for
from sqlalchemy import delete

from cardtable.server.tokens import token_hash
from cardtable.store import Conflict, Entry, Store
from cardtable.store.finished import FinishedGame, SeatResult
from cardtable.store.schema import results

ANN, BOB, DAN, IMPOSTOR = "ann-client-1", "bob-client-1", "dan-client-1", "not-ann-client"
DAY = 86400.0


def _game(server, names_clients, picks, bot=False) -> str:
    """A game of the tiny test game (first to 3) between these people, each picking once."""
    (name, client), *others = names_clients
    host = server.create(name=name, client=client, options={"target": 3})
    code = host["code"]
    tokens = [host["token"]] + [server.join(code, n, client=c)["token"] for n, c in others]
    players = [server.client(code, token) for token in tokens]
    if bot:
        players[0].table({"type": "add-bot"})
    players[0].table({"type": "start"})
    for player, pick in zip(players, picks, strict=True):
        player.until(lambda c: c.game is not None)
        assert player.play({"type": "pick", "n": pick})["type"] == "update"
    players[0].until(lambda c: c.table_doc["status"] == "ended")
    for player in players:
        player.close()
    return code


def _board(server, **query) -> list[tuple]:
    answer = server.http.get("/api/leaderboard", params=query)
    assert answer.status_code == 200, answer.text
    return [(r["name"], r["wins"], r["games"], r["points"]) for r in answer.json()]


def _through_store(database_url: str, work) -> None:
    async def run():
        store = await Store.open(database_url)
        try:
            await work(store)
        finally:
            await store.close()

    asyncio.run(run())


def _old_game(code, game_id, finished_at, name, client, score) -> FinishedGame:
    """A two-seat game `name` won against a bot, finished at `finished_at`."""
    seats = (
        SeatResult(0, name, name.casefold(), token_hash(client), 1, score),
        SeatResult(1, "Bot 1", "bot 1", None, 2, 0),
    )
    return FinishedGame(code, 1, game_id, finished_at, seats)


def test_the_leaderboard_ranks_kept_names_by_game_and_period(server, database_url):
    # The final step's ack means its results are stored too: no waiting for them.
    _game(server, [("Ann", ANN), ("Bob", BOB)], [3, 1], bot=True)
    assert _board(server) == [("Ann", 1, 1, 3), ("Bob", 0, 1, 1)]
    # Someone else playing as "ann" wins, but the name is Ann's: not credited to anyone.
    _game(server, [("ann", IMPOSTOR), ("Dan", DAN)], [3, 2])
    assert _board(server) == [("Ann", 1, 1, 3), ("Dan", 0, 1, 2), ("Bob", 0, 1, 1)]

    now = time.time()
    older = [
        _old_game("OLD001", "tiny", now - 3 * DAY, "Ann", ANN, 3),
        _old_game("OLD002", "tiny", now - 10 * DAY, "Ann", ANN, 3),
        _old_game("OLD003", "cah", now - DAY / 24, "Bob", BOB, 5),
    ]

    async def write(store):
        for game in older:
            await store.record_results(game)

    _through_store(database_url, write)
    # By wins, then fewer games, then points: Ann 3 of 3; Bob 1 of 2; Dan none.
    assert _board(server) == [("Ann", 3, 3, 9), ("Bob", 1, 2, 6), ("Dan", 0, 1, 2)]
    assert _board(server, period="all", limit=1) == [("Ann", 3, 3, 9)]
    assert _board(server, game="tiny") == [("Ann", 3, 3, 9), ("Dan", 0, 1, 2), ("Bob", 0, 1, 1)]
    assert _board(server, game="tiny", period="week") == [
        ("Ann", 2, 2, 6),
        ("Dan", 0, 1, 2),
        ("Bob", 0, 1, 1),
    ]
    assert _board(server, period="day") == [("Ann", 1, 1, 3), ("Bob", 1, 2, 6), ("Dan", 0, 1, 2)]
    assert _board(server, game="cah", period="day") == [("Bob", 1, 1, 5)]
    assert _board(server, game="csh") == []

    answer = server.http.get("/api/leaderboard")
    assert all(set(row) == {"name", "wins", "games", "points"} for row in answer.json())
    for client in (ANN, BOB, DAN, IMPOSTOR):
        assert client not in answer.text and token_hash(client) not in answer.text


def test_a_draw_counts_as_a_game_played_and_won_by_nobody(server, database_url):
    """Both seats of a drawn game share first place (Russian Bank, RB-20): neither wins."""
    seats = (
        SeatResult(0, "Ann", "ann", token_hash(ANN), 1, 0),
        SeatResult(1, "Bob", "bob", token_hash(BOB), 1, 0),
    )

    async def write(store):
        await store.record_results(FinishedGame("DRAW01", 1, "russian-bank", time.time(), seats))

    _through_store(database_url, write)
    assert sorted(_board(server)) == [("Ann", 0, 1, 0), ("Bob", 0, 1, 0)]


def test_bad_leaderboard_queries_are_refused(server):
    for query, code in [
        ({"game": "no-such-game"}, "unknown-game"),
        ({"period": "month"}, "bad-request"),
        ({"limit": 0}, "bad-request"),
        ({"limit": 101}, "bad-request"),
        ({"game": "x" * 65}, "bad-request"),
    ]:
        answer = server.http.get("/api/leaderboard", params=query)
        assert answer.status_code == 422, (query, answer.text)
        assert answer.json()["error"]["code"] == code


def test_every_finished_game_counts_once(database_url):
    settings = settings_for(database_url)
    with RunningServer(settings) as first:
        code = _game(first, [("Ann", ANN), ("Bob", BOB)], [1, 3])
        assert _board(first) == [("Bob", 1, 1, 3), ("Ann", 0, 1, 1)]

    async def lose_the_rows_then_rewrite_one(store):
        async with store.engine.begin() as connection:
            await connection.execute(delete(results))
        # Bob's row only, as if the game had been half written; twice: still one row.
        bob = SeatResult(1, "Bob", "bob", token_hash(BOB), 1, 3)
        game = FinishedGame(code, 1, "tiny", time.time(), (bob,))
        await store.record_results(game)
        await store.record_results(game)

    _through_store(database_url, lose_the_rows_then_rewrite_one)
    with RunningServer(settings) as second:
        assert _board(second) == [("Bob", 1, 1, 3)]
        # Loading the ended table writes its last game's results where they are missing; the
        # row already there (Bob's) is kept, never counted twice.
        assert second.read(code, lambda state: state.status) == "ended"
        assert _board(second) == [("Bob", 1, 1, 3), ("Ann", 0, 1, 1)]
        assert second.read(code, lambda state: state.status) == "ended"
        assert _board(second) == [("Bob", 1, 1, 3), ("Ann", 0, 1, 1)]


def test_a_game_is_stored_with_its_results_or_not_at_all(database_url):
    """The results ride in the transaction of the step that ended the game: when another
    writer took that step first, neither the step nor these results are written."""
    ann = SeatResult(0, "Ann", "ann", token_hash(ANN), 1, 3)
    bob = SeatResult(1, "Bob", "bob", token_hash(BOB), 2, 1)
    summary = {
        "code": "ATOM01",
        "game_id": "tiny",
        "name": "",
        "public": False,
        "locked": False,
        "status": "playing",
        "host_name": "Ann",
        "players": 2,
        "max_players": 2,
    }

    async def run(store):
        first = Entry(1, "lobby", None, {"type": "create"}, 0.0, time.time())
        assert await store.create_table(summary, first)
        ending = Entry(2, "game", 0, {"type": "pick", "n": 3}, 1.0, time.time())
        won = FinishedGame("ATOM01", 1, "tiny", time.time(), (ann, bob))
        await store.submit("ATOM01", [ending], finished=won)
        # Someone else's step 2 ending a game Bob won: refused, and its results with it.
        lost = FinishedGame("ATOM01", 2, "tiny", time.time(), (bob,))
        try:
            await store.submit("ATOM01", [ending], finished=lost)
        except Conflict:
            pass
        else:
            raise AssertionError("a step stored twice")
        async with store.engine.connect() as connection:
            rows = (await connection.execute(results.select())).all()
        stored = sorted((row.game_no, row.name, row.won) for row in rows)
        assert stored == [(1, "Ann", True), (1, "Bob", False)]

    _through_store(database_url, run)
