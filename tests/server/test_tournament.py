"""Tournaments: a series of games at one table, its running standings, its winner, and a
restart in the middle of one, over HTTP and WebSocket on SQLite and PostgreSQL; the time-span
rule straight on the table reducer, whose logged game times decide it."""

from __future__ import annotations

import pytest
from harness import RunningServer, eventually, settings_for

from cardtable.store import Entry
from cardtable.table import reducer
from cardtable.table.errors import TableError
from cardtable.table.state import TableState

#: First to 2 points wins a game of the tiny test game; each pick scores 1, 2 or 3.
QUICK = {"target": 2}


def _play_game(host, players, picks) -> None:
    """The host starts the next game; each client picks its number; wait for the end."""
    assert host.table({"type": "start"})["type"] == "update"
    for client in players:
        client.until(lambda c: c.game is not None and c.table_doc["status"] == "playing")
    for client, pick in zip(players, picks, strict=True):
        assert client.play({"type": "pick", "n": pick})["type"] == "update"
    for client in players:
        client.until(lambda c: c.table_doc["status"] == "ended")


def _standings(client) -> list[tuple]:
    series = client.table_doc["series"]
    return [(s["name"], s["wins"], s["points"], s["left"]) for s in series["standings"]]


def _series_won(client) -> list[dict]:
    return [e for e in client.events if e["type"] == "series-won"]


def test_k21_a_three_game_series_ranks_its_players_and_announces_the_winner(server):
    host = server.create(options=QUICK)
    code = host["code"]
    ann = server.client(code, host["token"])
    bob = server.client(code, server.join(code, "Bob", client="bob-client-1")["token"])
    eve = server.client(
        code, server.join(code, "Eve", client="eve-client-1", spectate=True)["token"]
    )
    assert ann.table({"type": "settings", "series": {"games": 3}})["type"] == "update"
    series = ann.table_doc["series"]
    assert series["games"] == 3 and series["minutes"] is None
    assert series["played"] == 0 and series["standings"] == [] and series["started_at"] is None
    assert series["winner"] is None and series["over"] is False

    _play_game(ann, [ann, bob], [2, 1])  # Ann first to 2
    assert ann.table_doc["series"]["played"] == 1
    assert ann.table_doc["series"]["started_at"] is not None
    assert _standings(ann) == [("Ann", 1, 2, False), ("Bob", 0, 1, False)]
    eve.until(lambda c: c.table_doc["status"] == "ended")
    assert _standings(eve) == _standings(ann)
    assert ann.table({"type": "start"})["type"] == "update"  # no settings between games needed
    assert _standings(ann) == [("Ann", 1, 2, False), ("Bob", 0, 1, False)]
    ann.table({"type": "host-action", "action": {"type": "end"}})
    ann.until(lambda c: c.table_doc["status"] == "ended")
    # The host ended game 2 at 0-0: every seat first is a draw, won by nobody (issue 24).
    assert _standings(ann) == [("Ann", 1, 2, False), ("Bob", 0, 1, False)]

    # A latecomer plays the last game but is not ranked, even when they win it.
    cid = server.client(code, server.join(code, "Cid", client="cid-client-1")["token"])
    _play_game(ann, [ann, bob, cid], [1, 2, 3])  # Cid 3, Bob 2, Ann 1
    series = ann.table_doc["series"]
    assert series["played"] == 3 and series["over"] is True
    assert _standings(ann) == [("Ann", 1, 3, False), ("Bob", 0, 3, False)]
    assert series["winner"] == 0 and series["winners"] == [0]
    for client in (ann, bob, cid, eve):
        client.until(lambda c: _series_won(c))
        assert _series_won(client) == [
            {"type": "series-won", "winners": [0], "names": ["Ann"], "played": 3}
        ]

    # Each game also counts on the leaderboard, where Cid's win is his own and game 2, ended
    # at 0-0 with every seat first, is a draw: played by both, won by nobody (issue 24).
    expected = [
        {"name": "Cid", "wins": 1, "games": 1, "points": 3},
        {"name": "Ann", "wins": 1, "games": 3, "points": 3},
        {"name": "Bob", "wins": 0, "games": 3, "points": 3},
    ]
    eventually(lambda: server.http.get("/api/leaderboard").json() == expected, what="the board")

    # No fourth game of this series; a new series starts afresh.
    refused = ann.table({"type": "start"})
    assert refused["type"] == "error" and refused["code"] == "series-over"
    assert ann.table_doc["status"] == "ended" and ann.table_doc["game_number"] == 3
    assert ann.table({"type": "settings", "series": {"games": 2}})["type"] == "update"
    assert ann.table_doc["series"]["played"] == 0 and ann.table_doc["series"]["over"] is False
    assert ann.table({"type": "settings", "series": None})["type"] == "update"
    assert ann.table_doc["series"] is None
    assert ann.table({"type": "start"})["type"] == "update"


@pytest.mark.parametrize(
    ("series", "code"),
    [
        ({"games": 1}, "bad-settings"),
        ({"games": 21}, "bad-settings"),
        ({"minutes": 4}, "bad-settings"),
        ({"minutes": 601}, "bad-settings"),
        ({"games": 3, "minutes": 10}, "bad-message"),
        ({"rounds": 3}, "bad-message"),
        ({"games": "3"}, "bad-message"),
        ([3], "bad-message"),
    ],
)
def test_a_bad_series_setting_is_refused_and_changes_nothing(server, series, code):
    host = server.create(options=QUICK)
    ann = server.client(host["code"], host["token"])
    # A message that fails validation is answered without its id (it could not be read).
    ann.send({"type": "table", "id": "s1", "action": {"type": "settings", "series": series}})
    refused = ann.recv()
    assert refused["type"] == "error" and refused["code"] == code
    assert ann.table_doc["series"] is None


def test_only_the_host_sets_a_series_and_only_between_games(server):
    host = server.create(options=QUICK)
    code = host["code"]
    ann = server.client(code, host["token"])
    bob = server.client(code, server.join(code, "Bob", client="bob-client-1")["token"])
    assert bob.table({"type": "settings", "series": {"games": 2}})["code"] == "not-host"
    assert ann.table({"type": "settings", "series": {"games": 2}})["type"] == "update"
    ann.table({"type": "start"})
    for series in ({"games": 3}, None):
        refused = ann.table({"type": "settings", "series": series})
        assert refused["code"] == "game-running"
        assert ann.table_doc["series"]["games"] == 2


def test_a_restart_in_the_middle_of_a_series_replays_its_standings(database_url):
    settings = settings_for(database_url)
    with RunningServer(settings) as first:
        host = first.create(options=QUICK)
        code = host["code"]
        bob_token = first.join(code, "Bob", client="bob-client-1")["token"]
        ann, bob = first.client(code, host["token"]), first.client(code, bob_token)
        ann.table({"type": "settings", "series": {"games": 3}})
        _play_game(ann, [ann, bob], [1, 2])  # Bob
        before = ann.table_doc["series"]
        ann.close()
        bob.close()
    with RunningServer(settings) as second:
        ann, bob = second.client(code, host["token"]), second.client(code, bob_token)
        assert ann.table_doc["series"] == before
        assert _standings(ann) == [("Bob", 1, 2, False), ("Ann", 0, 1, False)]
        _play_game(ann, [ann, bob], [3, 1])  # Ann
        _play_game(ann, [ann, bob], [1, 3])  # Bob
        series = ann.table_doc["series"]
        assert series["over"] and series["winners"] == [1]
        assert _standings(ann) == [("Bob", 2, 6, False), ("Ann", 1, 5, False)]
        history = second.history(code, host["token"])
        won = [e for step in history["steps"] for e in step["events"] if e["type"] == "series-won"]
        assert won == [{"type": "series-won", "winners": [1], "names": ["Bob"], "played": 3}]


# -- the time span, on the reducer: its logged game times decide ------------------------------


class _Log:
    """A table's log written by hand, each step with the game time we choose."""

    def __init__(self):
        create = {
            "type": "create",
            "game": "tiny",
            "options": QUICK,
            "name": "Ann's table",
            "public": True,
            "password": None,
            "created": 1_000_000.0,
            "host": {"name": "Ann", "token": "token-0", "client": "client-0"},
        }
        self.entries = [Entry(1, "lobby", None, create, 0.0, 1_000_000.0)]
        self.state = TableState.create("TBL", self.entries[0])

    def step(self, at: float, kind: str, action: dict, seat: int | None = None) -> list:
        entry = Entry(self.state.seq + 1, kind, seat, action, at, 1_000_000.0 + at)
        events = reducer.apply(self.state, entry)
        self.entries.append(entry)
        return events

    def join(self, at: float, name: str, number: int) -> None:
        self.step(
            at,
            "lobby",
            {
                "type": "join",
                "name": name,
                "token": f"token-{number}",
                "client": f"client-{number}",
                "spectate": False,
            },
        )

    def game(self, start: float, end: float, picks: list[int]) -> list:
        self.step(start, "lobby", {"type": "start", "by": 0, "seed": 7})
        events = []
        for seat, pick in enumerate(picks):
            events += self.step(end, "game", {"type": "pick", "n": pick}, seat)
        return [e.to_json() for e in events]


def test_a_time_series_ends_with_the_game_that_finishes_after_its_span():
    table = _Log()
    table.join(1, "Bob", 1)
    table.step(2, "lobby", {"type": "settings", "by": 0, "series": {"minutes": 5}})
    table.game(10, 20, [2, 1])  # Ann wins; the span runs from 10 to 310
    assert table.state.series.started == 10
    table.join(30, "Cid", 2)  # a latecomer: plays, not ranked
    table.step(40, "lobby", {"type": "leave", "by": 1})  # Bob leaves and keeps his standing
    table.game(100, 200, [1, 2])  # Cid wins (seats: Ann, Cid)
    assert not table.state.series.over
    # The span runs out at 310 during game 3: that game is played to its end, and it is the last.
    events = table.game(300, 330, [3, 1])
    assert {"type": "series-won", "winners": [0], "names": ["Ann"], "played": 3} in events
    document = table.state.document(set())["series"]
    assert document["over"] and document["winner"] == 0
    assert document["started_at"] == 1_000_010.0 and document["ends_at"] == 1_000_310.0
    standings = [(s["name"], s["wins"], s["points"], s["left"]) for s in document["standings"]]
    assert standings == [("Ann", 2, 6, False), ("Bob", 0, 1, True)]
    # The log replays to exactly the same series.
    replayed = reducer.replay("TBL", table.entries)
    assert replayed.document(set()) == table.state.document(set())
    # No game of a finished series starts, and the refusal changes nothing.
    with pytest.raises(TableError) as refused:
        table.step(400, "lobby", {"type": "start", "by": 0, "seed": 8})
    assert refused.value.code == "series-over"
    assert table.state.game_number == 3 and table.state.status == "ended"


def test_a_game_started_after_the_span_ran_out_is_the_last_one():
    table = _Log()
    table.join(1, "Bob", 1)
    table.step(2, "lobby", {"type": "settings", "by": 0, "series": {"minutes": 5}})
    table.game(10, 20, [1, 2])  # Bob
    assert not table.state.series.over
    events = table.game(1000, 1010, [2, 1])  # Ann; started after the span ran out
    series = table.state.series
    assert series.over and series.played == 2
    # 1 win each and 3 points each: they share the series.
    assert series.winners == [0, 1]
    assert {"type": "series-won", "winners": [0, 1], "names": ["Ann", "Bob"], "played": 2} in (
        events
    )
