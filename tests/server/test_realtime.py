"""Presence, reconnects, several tabs, resync, timers and away marks, and restarts."""

from __future__ import annotations

import contextlib
import threading
from functools import partial

from harness import RunningServer, settings_for

from cardtable.server.clock import ManualClock
from cardtable.store import Store
from cardtable.store.writers import DuplicateStep


def _two_player_table(server, **options):
    host = server.create(options=options)
    bob = server.join(host["code"], "Bob", client="bob-client-1")
    return host["code"], host["token"], bob["token"]


def test_presence_shows_who_is_online(server):
    code, ann_token, bob_token = _two_player_table(server)
    ann = server.client(code, ann_token)
    online = lambda c, i: next(m["online"] for m in c.table_doc["members"] if m["id"] == i)  # noqa: E731
    assert online(ann, 0) and not online(ann, 1)
    bob = server.client(code, bob_token)
    ann.until(lambda c: online(c, 1))
    bob.close()
    ann.until(lambda c: not online(c, 1))


def test_every_tab_of_a_player_stays_in_sync_and_reconnects_restore_everything(server):
    code, ann_token, _bob_token = _two_player_table(server)
    tab1 = server.client(code, ann_token)
    tab2 = server.client(code, ann_token)
    tab1.table({"type": "start"})
    answer = tab1.play({"type": "pick", "n": 2})
    assert answer["ack"]
    tab2.until(lambda c: c.seq == tab1.seq)
    assert tab2.document == tab1.document
    assert all("ack" not in m for m in tab2.messages)
    tab2.close()
    again = server.client(code, ann_token)
    assert again.document == tab1.document and again.seq == tab1.seq
    again.send({"type": "resync"})
    again.until(lambda c: c.messages and c.messages[-1]["type"] == "welcome")
    assert again.document == tab1.document


def test_acks_come_after_storage_and_errors_carry_stable_codes(server):
    code, ann_token, _ = _two_player_table(server)
    ann = server.client(code, ann_token)
    ann.table({"type": "start"})
    answer = ann.play({"type": "pick", "n": 9})
    assert answer["type"] == "error" and answer["code"] == "bad-pick" and answer["seq"] == ann.seq
    ack = ann.play({"type": "pick", "n": 1})
    stored = server.history(code, ann_token)["steps"]
    assert stored[-1]["seq"] == ack["seq"]
    assert ann.play({"type": "pick", "n": 1})["code"] == "not-your-turn"
    ann.send({"type": "ping"})
    assert ann.recv()["type"] == "pong"


def test_steps_applied_together_reach_each_tab_as_one_update_with_its_own_ack(server):
    """Protocol 4: steps applied in one turn of the server's loop are built and stored together
    and reach every tab in one `update` with `steps` (the events of all of them, in order, and
    one patch); each acting tab's copy acknowledges its own step."""
    code, ann_token, bob_token = _two_player_table(server)
    ann, bob = server.client(code, ann_token), server.client(code, bob_token)
    ann.table({"type": "start"})
    bob.until(lambda c: c.seq == ann.seq)
    before = ann.seq
    with _loop_held(server):  # both picks arrive meanwhile: one turn applies both
        ann.send({"type": "play", "id": "ann-1", "action": {"type": "pick", "n": 1}})
        bob.send({"type": "play", "id": "bob-1", "action": {"type": "pick", "n": 2}})

    updates = {}
    for tab in (ann, bob):
        tab.until(lambda c: c.seq == before + 2)
        updates[tab] = [m for m in tab.messages if m["type"] == "update" and m["seq"] > before]
    (for_ann,) = updates[ann]
    (for_bob,) = updates[bob]
    for update, ack in ((for_ann, "ann-1"), (for_bob, "bob-1")):
        assert update["steps"] == 2 and update["seq"] == before + 2 and update["ack"] == ack
        assert [e["type"] for e in update["events"] if e["type"] != "you-picked"] == [
            "picked",
            "picked",
            "round-over",
        ]
    # Each tab hears only its own private event, though both steps went in one update.
    for update, pick in ((for_ann, 1), (for_bob, 2)):
        assert [e["n"] for e in update["events"] if e["type"] == "you-picked"] == [pick]
    stored = server.history(code, ann_token)["steps"]
    assert {s["seat"] for s in stored[-2:]} == {0, 1}
    # The patches, applied in order, give the document the server holds for each.
    for tab in (ann, bob):
        patched = tab.document
        tab.send({"type": "resync"})
        tab.until(lambda c: c.messages[-1]["type"] == "welcome")
        assert tab.document == patched


@contextlib.contextmanager
def _loop_held(server):
    """Keep the server's event loop busy until the block ends, so that what the block sends
    (on a socket to this machine, in the server's buffers once sent) is read and applied in
    one turn."""
    held, released = threading.Event(), threading.Event()

    def hold() -> None:
        held.set()
        released.wait(60)

    server.loop.call_soon_threadsafe(hold)
    assert held.wait(10)
    try:
        yield
    finally:
        released.set()


def _answer(tab, client_id: str) -> dict:
    """Read until the ack or the error of `client_id`; return it."""
    tab.until(
        lambda c: any(m.get("ack") == client_id or m.get("id") == client_id for m in c.messages)
    )
    return next(m for m in tab.messages if m.get("ack") == client_id or m.get("id") == client_id)


class FailingWrite:
    """A store's `before_write`: the write of `step` ((code, seq); None: none) fails as on
    a full disk. Written in a batch with others, it is first refused as a step another
    process took, so that the store writes each of them alone and only its own write fails."""

    def __init__(self):
        self.step: tuple[str, int] | None = None

    def __call__(self, steps: list[tuple[str, int]]) -> None:
        if self.step in steps:
            if len(steps) > 1:
                raise DuplicateStep
            raise OSError("the disk is full (test)")


def test_a_step_stored_before_a_failed_one_of_its_group_is_acknowledged_after_the_rebuild(
    database_url,
):
    """Two picks applied in one turn share a group. The first is stored, the second's write
    fails: the second is refused (`unavailable`), the table is rebuilt from the log, and the
    first's update, with its ack, reaches both tabs. The tables go on from there."""
    failing = FailingWrite()
    opened = partial(Store.open, before_write=failing)
    with RunningServer(settings_for(database_url), open_store=opened) as server:
        code, ann_token, bob_token = _two_player_table(server)
        ann, bob = server.client(code, ann_token), server.client(code, bob_token)
        ann.table({"type": "start"})
        bob.until(lambda c: c.seq == ann.seq)
        failing.step = (code, ann.seq + 2)
        with _loop_held(server):
            ann.send({"type": "play", "id": "ann-1", "action": {"type": "pick", "n": 1}})
            bob.send({"type": "play", "id": "bob-1", "action": {"type": "pick", "n": 2}})
        answers = {"ann": _answer(ann, "ann-1"), "bob": _answer(bob, "bob-1")}
        stored, refused = sorted(answers, key=lambda name: answers[name]["type"] == "error")
        seq = failing.step[1]
        assert answers[stored]["type"] == "update" and answers[stored]["seq"] == seq - 1
        assert answers[refused]["type"] == "error" and answers[refused]["code"] == "unavailable"
        for tab in (ann, bob):
            tab.until(lambda c: c.seq == seq - 1)
            shown = tab.document
            tab.send({"type": "resync"})
            tab.until(lambda c: c.messages[-1]["type"] == "welcome")
            assert tab.document == shown and tab.seq == seq - 1
        failing.step = None
        again = {"ann": ann, "bob": bob}[refused].play({"type": "pick", "n": 3})
        assert again["type"] == "update" and again["seq"] == seq
        steps = server.history(code, ann_token)["steps"]
        assert [s["seq"] for s in steps][-2:] == [seq - 1, seq]


def test_deadlines_fire_and_missing_players_are_marked_away_then_skipped(database_url):
    clock = ManualClock()
    with RunningServer(settings_for(database_url, clock=clock)) as server:
        code, ann_token, bob_token = _two_player_table(server, timer=1)
        ann = server.client(code, ann_token)
        ann.table({"type": "settings", "away_after": 1})
        ann.table({"type": "start"})
        ann.play({"type": "pick", "n": 1})
        server.catch_up(ann, code)
        assert ann.game["public"]["round"] == 1  # the deadline has not come
        clock.advance(1)
        ann.until(lambda c: c.game["public"]["round"] == 2)
        assert ann.table_doc["seats"][1]["away"] is True
        # Bob is away: once Ann has picked, the round closes with no time passing at all.
        ann.play({"type": "pick", "n": 1})
        ann.until(lambda c: c.game["public"]["round"] == 3)
        bob = server.client(code, bob_token)
        assert bob.table({"type": "back"})["type"] == "update"
        assert bob.table_doc["seats"][1]["away"] is False


def test_a_table_whose_people_all_left_does_not_stall(server):
    code, ann_token, bob_token = _two_player_table(server)
    ann = server.client(code, ann_token)
    ann.table({"type": "add-bot"})
    ann.table({"type": "start"})
    bob = server.client(code, bob_token)
    bob.table({"type": "leave"})
    ann.play({"type": "pick", "n": 1})
    ann.until(lambda c: c.game["public"]["round"] == 2)


def test_tables_and_timers_survive_a_restart(database_url):
    clock = ManualClock()
    settings = settings_for(database_url, clock=clock)
    with RunningServer(settings) as first:
        code, ann_token, _bob_token = _two_player_table(first, timer=2)
        ann = first.client(code, ann_token)
        ann.table({"type": "start"})
        ann.play({"type": "pick", "n": 3})
        before = ann.document
        seq = ann.seq
        ann.close()
    with RunningServer(settings) as second:
        ann = second.client(code, ann_token)
        assert ann.seq == seq
        assert ann.document["game"] == before["game"]
        clock.advance(2)  # the deadline, armed again from the log by the new process
        ann.until(lambda c: c.game["public"]["round"] == 2)
        assert ann.game["public"]["scores"] == [3, 0]
