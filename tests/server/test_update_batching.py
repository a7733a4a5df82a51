"""How a connection is sent the messages of steps stored together (protocol 2): consecutive
updates as one, cut after an acknowledged update, other messages and closes in their place;
an update may itself report several steps applied together (protocol 4)."""

from __future__ import annotations

import orjson

from cardtable.server.realtime.outgoing import NO_ACK, Update, send_in_order


class Recorder:
    """Stands in for a connection: records what it is sent."""

    def __init__(self):
        self.sent: list = []

    def send(self, message: bytes) -> None:
        self.sent.append(orjson.loads(message))

    def close(self, code: int) -> None:
        self.sent.append(code)


def _update(seq: int, ack=NO_ACK, steps: int = 1) -> Update:
    events = orjson.dumps([{"type": "step", "n": n} for n in range(seq - steps + 1, seq + 1)])
    patch = orjson.dumps([{"op": "replace", "path": "/table/seq", "value": seq}])
    return Update(seq, steps, events, patch, ack)


def test_updates_in_a_row_go_as_one_cut_after_each_ack_with_other_messages_in_place():
    ann, bob = Recorder(), Recorder()
    presence = orjson.dumps({"type": "presence", "seq": 3, "patch": []})
    u1, u2, u3, u4 = _update(1), _update(2), _update(3), _update(4)
    sends = [
        (ann, u1),
        (bob, u1),
        (ann, _update(2, ack="a")),  # Ann's action: her update ends here
        (bob, u2),
        (ann, u3),
        (bob, u3),
        (ann, presence),  # not an update: the run so far goes first
        (ann, u4),
        (bob, u4),
        (bob, 4003),  # removed from the table: after its updates
    ]
    send_in_order(sends)
    assert ann.sent == [
        {
            "type": "update",
            "seq": 2,
            "steps": 2,
            "events": [{"type": "step", "n": 1}, {"type": "step", "n": 2}],
            "patch": [
                {"op": "replace", "path": "/table/seq", "value": 1},
                {"op": "replace", "path": "/table/seq", "value": 2},
            ],
            "ack": "a",
        },
        {
            "type": "update",
            "seq": 3,
            "events": [{"type": "step", "n": 3}],
            "patch": [{"op": "replace", "path": "/table/seq", "value": 3}],
        },
        {"type": "presence", "seq": 3, "patch": []},
        {
            "type": "update",
            "seq": 4,
            "events": [{"type": "step", "n": 4}],
            "patch": [{"op": "replace", "path": "/table/seq", "value": 4}],
        },
    ]
    assert [m if isinstance(m, int) else (m["seq"], m.get("steps")) for m in bob.sent] == [
        (4, 4),
        4003,
    ]
    assert [e["n"] for e in bob.sent[0]["events"]] == [1, 2, 3, 4]


def test_an_update_with_nothing_to_report_keeps_its_arrays_valid():
    quiet = Update(5, 1, b"[]", b"[]")
    busy = _update(6)
    ann = Recorder()
    send_in_order([(ann, quiet), (ann, busy)])
    (message,) = ann.sent
    assert message["steps"] == 2 and message["events"] == [{"type": "step", "n": 6}]
    assert len(message["patch"]) == 1


def test_updates_of_several_steps_each_count_them_all():
    ann, bob = Recorder(), Recorder()
    together = _update(4, steps=3)  # steps 2 to 4, applied together: one patch
    send_in_order(
        [(ann, _update(1)), (bob, _update(1)), (ann, together), (bob, _update(4, "b", 3))]
    )
    (message,) = ann.sent
    assert (message["seq"], message["steps"]) == (4, 4)
    assert [e["n"] for e in message["events"]] == [1, 2, 3, 4]
    assert len(message["patch"]) == 2
    assert [(m["seq"], m.get("steps"), m.get("ack")) for m in bob.sent] == [(4, 4, "b")]
