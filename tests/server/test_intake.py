"""The server's one queue of messages (intake.py): handled in arrival order, a batch per turn
of the event loop (the first as they are read) with the updates of a batch sent before the
next is handled; a bug in one message stalls no one; a connection flooding the queue is
refused at once, others are served."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import orjson
from harness import RunningServer, settings_for

from cardtable.server.intake import BATCH, MAX_WAITING, Intake


class _Inbox:
    """What the queue needs of an inbox. Handling a message sends its update at the end of the
    turn, as a table does (live.py: `call_soon(self._build_and_send)`)."""

    def __init__(self, log: list, fail: bool = False):
        self.log, self.fail, self.queued = log, fail, 0
        self.live = SimpleNamespace(code="TESTED")
        self.connection = SimpleNamespace(close=lambda code: log.append(("closed", code)))

    def receive(self, raw: bytes) -> None:
        self.log.append(("handled", raw))
        if self.fail:
            raise RuntimeError("a bug")
        asyncio.get_running_loop().call_soon(self.log.append, ("sent", raw))

    def refuse_waiting(self, raw: bytes) -> None:
        self.log.append(("refused", raw))


async def _settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def test_messages_are_handled_in_arrival_order_a_batch_per_turn():
    async def scenario() -> list:
        log: list = []
        intake = Intake(batch=3)
        ann, bob = _Inbox(log), _Inbox(log)
        for index in range(7):
            intake.receive(ann if index % 2 else bob, index)
        assert log == [("handled", 0), ("handled", 1), ("handled", 2)]  # as they were read
        await _settle()
        return log

    log = asyncio.run(scenario())
    batches = [[0, 1, 2], [3, 4, 5], [6]]
    expected = [(kind, i) for batch in batches for kind in ("handled", "sent") for i in batch]
    assert log == expected


def test_a_message_that_fails_stalls_no_other():
    async def scenario() -> list:
        log: list = []
        intake = Intake(batch=2)
        ann, broken = _Inbox(log), _Inbox(log, fail=True)
        for inbox, raw in ((ann, "a1"), (broken, "b1"), (ann, "a2"), (ann, "a3")):
            intake.receive(inbox, raw)
        await _settle()
        return log

    log = asyncio.run(scenario())
    assert [entry for entry in log if entry[0] != "sent"] == [
        ("handled", "a1"),
        ("handled", "b1"),
        ("closed", 1011),
        ("handled", "a2"),
        ("handled", "a3"),
    ]


def test_a_connection_with_too_many_messages_waiting_has_the_next_refused_at_once():
    async def scenario() -> tuple[list, list]:
        log: list = []
        intake = Intake()
        flooding, other = _Inbox(log), _Inbox(log)
        for index in range(BATCH + MAX_WAITING + 5):
            intake.receive(flooding, index)
        intake.receive(other, "other")
        refused_at_once = [entry for entry in log if entry[0] == "refused"]
        await _settle()
        return refused_at_once, log

    refused_at_once, log = asyncio.run(scenario())
    assert refused_at_once == [("refused", BATCH + MAX_WAITING + i) for i in range(5)]
    handled = [raw for kind, raw in log if kind == "handled"]
    assert handled == [*range(BATCH + MAX_WAITING), "other"]


def test_a_flood_in_one_write_is_answered_in_full_and_others_are_served(tmp_path):
    url = f"sqlite:///{tmp_path / 'cardtable.db'}"
    with RunningServer(settings_for(url, message_rate=1e6, message_burst=10**6)) as server:
        _, ann, bob = server.ann_and_bob()
        flood = 3 * MAX_WAITING
        connection = ann.socket
        with connection.protocol_mutex:  # every frame in one write: the server reads them at once
            for _ in range(flood):
                connection.protocol.send_text(orjson.dumps({"type": "ping"}))
            connection.socket.sendall(b"".join(connection.protocol.data_to_send()))
        bob.send({"type": "ping"})
        assert bob.recv()["type"] == "pong"
        answers = [ann.recv() for _ in range(flood)]
        kinds = [answer["type"] for answer in answers]
        refused = [answer for answer in answers if answer["type"] == "error"]
        assert kinds.count("pong") >= MAX_WAITING
        assert kinds.count("pong") + len(refused) == flood
        assert refused and {answer["code"] for answer in refused} == {"rate-limited"}
        ann.send({"type": "ping"})  # the connection goes on
        assert ann.recv()["type"] == "pong"
