"""The lobby reducer (`cardtable.table`) played like a game, with no server or socket: random
sequences of lobby actions, mostly from the table's members (its host most of all), some from
strangers or ill-formed. A refused action leaves the table exactly as it was; the table's
invariants hold after every step; and replaying the log gives the same table."""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from table_log import Log

from cardtable.table import reducer
from cardtable.table.errors import TableError
from cardtable.table.state import TableState

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "ann", "Bot 1")
KINDS = (
    "join", "join", "join", "leave", "kick", "transfer-host", "add-bot", "start", "start",
    "chat", "sit", "settings", "claim", "away", "present", "back", "skip-waiting",
)  # fmt: skip
STRANGER = 99


def draw_action(draw, table: TableState) -> dict:
    """One lobby action for `table`: by a present member (the host half the time) or, now and
    then, by a stranger; about a member, usually a present one."""
    present = [member.id for member in table.present()]
    people = present + [table.host] * len(present) if table.host is not None else present
    by = draw(st.sampled_from([*people, STRANGER])) if people else STRANGER
    member = draw(st.sampled_from([*present, STRANGER])) if present else STRANGER
    kind = draw(st.sampled_from(KINDS))
    if kind == "join":
        number = draw(st.integers(0, 20))
        return {
            "type": "join",
            "name": draw(st.sampled_from(NAMES)),
            "token": f"token-{number}",
            "client": f"client-{number}",
            "spectate": draw(st.booleans()),
        }
    if kind in ("away", "present"):
        return {
            "type": kind,
            "members": draw(st.lists(st.sampled_from([*present, 99]), max_size=2)),
        }
    action: dict = {"type": kind, "by": by}
    if kind in ("kick", "transfer-host"):
        action.update(member=member, ban=draw(st.booleans()))
    elif kind == "add-bot":
        action["bot"] = draw(st.sampled_from(["random", "genius"]))
    elif kind == "start":
        action["seed"] = draw(st.integers(0, 9))
    elif kind == "chat":
        action["text"] = draw(st.text(max_size=8))
    elif kind == "settings":
        action.update(
            grace=draw(st.integers(0, 700)), chat=draw(st.sampled_from(["on", "off", "x"]))
        )
    elif kind == "claim":
        action["outcome"] = draw(st.sampled_from(["win", "abandon", "draw"]))
    return action


def snapshot(table: TableState) -> tuple:
    """Everything of the table a step may change, as plain data."""
    return table.seq, repr(table.document(set(table.members))), sorted(table.banned), table.host


def check_invariants(table: TableState) -> None:
    present = table.present()
    names = [member.name.casefold() for member in present]
    assert len(names) == len(set(names)), "two members present share a name"
    if table.host is not None:
        host = table.members[table.host]
        assert not host.left and host.player and not host.bot, "the host is a present person"
    assert len(table.lobby_seats()) <= table.seat_range()[1]
    if table.status == "playing":
        assert all(member in table.members for seat in table.seats for member in seat.members)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_refused_lobby_actions_change_nothing_and_the_log_replays_to_the_same_table(data):
    log = Log("cah", ["Ann"])
    for number in range(data.draw(st.integers(0, 40))):
        action = draw_action(data.draw, log.table)
        before = snapshot(log.table)
        try:
            log.lobby(action, at=float(number))
        except TableError:
            assert snapshot(log.table) == before, f"refused {action} changed the table"
            continue
        event(f"accepted {action['type']}")  # --hypothesis-show-statistics shows the mix
        check_invariants(log.table)
    replayed = reducer.replay(log.table.code, log.entries)
    assert snapshot(replayed) == snapshot(log.table)
