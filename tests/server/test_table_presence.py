"""The table's reducer on presence (issue 20), pure: no server, no socket, no clock but the
game time each entry carries. Who is away, who hosts, who may claim, who takes a seat, and
that replaying the log gives the same table."""

from __future__ import annotations

import pytest
from table_log import Log

from cardtable.table import reducer
from cardtable.table.errors import TableError


def test_an_away_member_makes_their_seat_away_and_the_host_role_moves_on():
    log = Log("cah", ["Ann", "Bob", "Cy"])
    log.start()
    events = log.lobby({"type": "away", "members": [0]}, at=50.0)
    assert [e.type for e in events] == ["member-away", "seat-away", "host-changed"]
    assert log.table.host == 1  # the longest-seated player still here
    assert log.table.seats[0].away and log.table.seats[0].absent_since == 50.0
    log.lobby({"type": "present", "members": [0]}, at=60.0)
    assert not log.table.seats[0].away and log.table.host == 1  # passed back only by Bob
    with pytest.raises(TableError) as again:
        log.lobby({"type": "present", "members": [0]})
    assert again.value.code == "no-change"


def test_the_host_role_stays_when_nobody_is_here_to_take_it_then_goes_to_who_returns():
    log = Log("russian-bank", ["Ann", "Bob"])
    log.lobby({"type": "away", "members": [1]})
    log.lobby({"type": "away", "members": [0]})
    assert log.table.host == 0  # nobody here to take it
    log.lobby({"type": "present", "members": [1]})
    assert log.table.host == 1


def test_a_claim_waits_for_claim_after_and_is_only_for_the_one_left():
    log = Log("russian-bank", ["Ann", "Bob"], spectators=("Eve",))
    log.start()
    assert log.table.claim() is None
    log.lobby({"type": "away", "members": [1]}, at=100.0)
    assert log.table.claim() == {"members": [0], "at": 100.0 + log.table.claim_after}
    for by, at, code in ((0, 150.0, "too-early"), (2, 400.0, "no-claim"), (1, 400.0, "no-claim")):
        with pytest.raises(TableError) as refused:
            log.lobby({"type": "claim", "outcome": "win", "by": by}, at=at)
        assert refused.value.code == code
    log.lobby({"type": "claim", "outcome": "win", "by": 0}, at=400.0)
    assert log.table.status == "ended"
    assert log.table.results[-1]["places"] == [1, 2] and log.table.results[-1]["winners"] == [0]


def test_no_claim_against_a_bot():
    log = Log("russian-bank", ["Ann"])
    log.lobby({"type": "add-bot", "by": 0, "bot": "random"})
    log.start()
    assert log.table.claim() is None


def test_the_host_skips_whom_the_game_waits_on_and_a_spectator_takes_a_seat():
    log = Log("cah", ["Ann", "Bob", "Cy"], spectators=("Eve",))
    log.start()
    waiting = log.table.game.to_act(log.table.game_state)
    events = log.lobby({"type": "skip-waiting", "by": 0})
    assert {e.data["seat"] for e in events} == set(waiting)
    assert all(e.data["reason"] == "skipped" for e in events)
    with pytest.raises(TableError) as nobody:
        log.lobby({"type": "skip-waiting", "by": 0})
    assert nobody.value.code == "nobody-to-skip"
    assert log.table.late_join_open()
    log.lobby({"type": "sit", "by": 3})
    assert log.table.members[3].role == "player" and log.table.seat_of(3) == 3


def test_a_game_that_takes_nobody_mid_game_refuses_a_seat_and_says_so():
    log = Log("russian-bank", ["Ann", "Bob"], spectators=("Eve",))
    log.start()
    assert not log.table.late_join_open()
    with pytest.raises(TableError) as refused:
        log.lobby({"type": "sit", "by": 2})
    assert refused.value.code == "no-seat"


def test_replaying_the_log_gives_the_same_table():
    log = Log("cah", ["Ann", "Bob", "Cy"])
    log.start()
    log.lobby({"type": "away", "members": [1]}, at=45.0)
    log.lobby({"type": "skip-waiting", "by": 0}, at=46.0)
    replayed = reducer.replay("TEST01", log.entries)
    assert replayed.document(set()) == log.table.document(set())


def test_a_seat_keeps_the_name_of_who_left_in_the_document_and_the_result():
    log = Log("russian-bank", ["Ann", "Bob"])
    log.start()
    log.lobby({"type": "leave", "by": 1}, at=10.0)
    document = log.table.document(online=set())
    assert [m["name"] for m in document["members"]] == ["Ann"]
    assert [seat["names"] for seat in document["seats"]] == [["Ann"], ["Bob"]]
    log.lobby({"type": "claim", "outcome": "win", "by": 0}, at=10.0 + log.table.claim_after)
    assert log.table.results[-1]["names"] == [["Ann"], ["Bob"]]
