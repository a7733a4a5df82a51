"""The messages the server sends a connection besides its welcome: the `update` messages of
a table's steps, how a connection is sent several at once, and `error` messages.

An update reports one or more steps applied together (live/writes.py's groups). It is built once per
kind of viewer (`Update`), and sent once its steps are stored. Consecutive updates reach a
connection as one message (`seq` is the last step, `steps` how many it reports; events and
patches are theirs in order), so a burst of steps costs one frame per connection, not one per
step. A message carries at most one `ack`, for one of its last update's steps (protocol 4).
"""

from __future__ import annotations

from typing import Any

import orjson

from .connection import Connection

#: An update sent to a connection that did not make the step: no `ack` key.
NO_ACK: Any = object()


class Update:
    """The update of `steps` steps ending at `seq` as one kind of viewer receives it; `events`
    and `patch` are encoded JSON arrays. `ack` is the client's action id when sent to the
    connection that made one of the steps."""

    __slots__ = ("_encoded", "ack", "events", "patch", "seq", "steps")

    def __init__(self, seq: int, steps: int, events: bytes, patch: bytes, ack: Any = NO_ACK):
        self.seq, self.steps, self.events, self.patch, self.ack = seq, steps, events, patch, ack
        self._encoded: bytes | None = None

    def encoded(self) -> bytes:
        """This update alone as a message (encoded once, shared by every viewer of its kind)."""
        if self._encoded is None:
            self._encoded = _message(self.seq, self.steps, self.events, self.patch, self.ack)
        return self._encoded


def joined(arrays: list[bytes]) -> bytes:
    """Encoded JSON arrays as one array holding their items in order."""
    items = [array[1:-1] for array in arrays if array != b"[]"]
    return b"[" + b",".join(items) + b"]"


def combined(updates: list[Update]) -> bytes:
    """Consecutive updates (only the last may carry an ack) as one message."""
    if len(updates) == 1:
        return updates[0].encoded()
    events = joined([u.events for u in updates])
    patch = joined([u.patch for u in updates])
    steps = sum(u.steps for u in updates)
    return _message(updates[-1].seq, steps, events, patch, updates[-1].ack)


def _message(seq: int, steps: int, events: bytes, patch: bytes, ack: Any) -> bytes:
    message: dict[str, Any] = {"type": "update", "seq": seq}
    if steps > 1:
        message["steps"] = steps
    message["events"] = orjson.Fragment(events)
    message["patch"] = orjson.Fragment(patch)
    if ack is not NO_ACK:
        message["ack"] = ack
    return orjson.dumps(message)


def send_in_order(sends: list[tuple[Connection, Update | bytes | int]]) -> None:
    """Hand each connection its messages in order: consecutive updates as one message, which
    ends at an acknowledged step; other messages as they are, an int as a close code."""
    runs: dict[Connection, list[Update]] = {}
    for connection, message in sends:
        if type(message) is Update:
            run = runs.setdefault(connection, [])
            run.append(message)
            if message.ack is not NO_ACK:
                connection.send(combined(run))
                del runs[connection]
            continue
        run = runs.pop(connection, None)
        if run:
            connection.send(combined(run))
        if isinstance(message, int):
            connection.close(message)
        else:
            connection.send(message)
    for connection, run in runs.items():
        connection.send(combined(run))


def error_message(code: str, message: str, seq: int | None = None, client_id: Any = None) -> bytes:
    """An `error` message: a refusal's stable code and message, the id of the message refused
    (if it had one) and the table's seq (None before the hello is done)."""
    return orjson.dumps(
        {"type": "error", "id": client_id, "code": code, "message": message, "seq": seq}
    )
