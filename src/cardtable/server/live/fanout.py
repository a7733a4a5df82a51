"""A live table's fan-out: from the state after a group of steps, each connection's `update`
(the events meant for it and a patch of what it was sent), built once per kind of viewer; and
the whole document a connection is welcomed with.

By the engine contract a seat's view is exactly `{"public": public_view, "you": seat_view}`,
so the public part is built once per group for everyone, and viewers with the same content
share one encoded `Update`.
"""

from __future__ import annotations

from typing import Any

import orjson

from ...engine import Event
from ...table.patch import changes, diff, pointer
from ...table.state import TableState
from ..realtime.connection import CLOSE_REMOVED, Connection
from ..realtime.messages import PROTOCOL_VERSION
from ..realtime.outgoing import NO_ACK, Update, joined

_REMOVE_YOU = {"op": "remove", "path": "/game/you"}
#: Values a public part keeps as they are (see `_Part`).
_SCALARS = frozenset({str, int, float, type(None)})
_MISSING = object()
#: Objects and lists whose JSON is shorter are replaced whole when they change: diffing them
#: costs more than it saves.
DIFF_FROM_BYTES = 128


class FanOut:
    """The fan-out of `LiveTable` (live/table.py holds its state)."""

    def _views(self, keys) -> tuple[_Part | None, dict[int, _Part]]:
        """The game's public part and each seat's own part, for the seats in `keys`.

        By the engine contract a seat's view is exactly `{"public": public_view, "you":
        seat_view}`, so the public part is built once per step for everyone.
        """
        state = self.state
        if state.game_state is None:
            return None, {}
        game, game_state = state.game, state.game_state
        yous = {key: _Part(game.seat_view(game_state, key)) for key in keys if key is not None}
        return _Part(game.public_view(game_state)), yous

    def document(self, connection: Connection) -> dict:
        """What `connection` is welcomed with; the game's parts are spliced in as sent."""
        key = self.state.seat_of(connection.member)
        if self._public is None and self.state.game_state is not None:
            self._public = self._views(())[0].sent
        if key is not None and key not in self._yous and self._public is not None:
            self._yous[key] = self._views((key,))[1][key].sent
        connection.key = key
        game = None
        if self._public is not None:
            game = {"public": _spliced(self._public)}
            if key is not None:
                game["you"] = _spliced(self._yous[key])
        return {"table": self._table_doc, "game": game}

    def _broadcast(
        self, steps: list[tuple[int, list[Event]]], table_changed: bool, acks: dict
    ) -> list:
        """Each connection's `update` reporting `steps` ((seq, events) pairs, the last being the
        state's), and a close for members gone, to send once they are stored.
        `table_changed`: whether any of the steps changed the table itself (see
        `TableState.table_changed`). `acks`: the client id to acknowledge, by connection."""
        state = self.state
        sends: list[tuple[Connection, Update | int]] = []
        table_ops = self._table_ops(table_changed)
        seats = _seats_by_member(state)
        old_public, old_yous = self._public, self._yous
        public, yous = self._views({seats.get(c.member) for c in self.connections})
        shared = table_ops
        if old_public is not None and public is not None:
            shared = table_ops + public.patch(old_public, "/game/public")
        shared_json = orjson.dumps(shared)  # encoded once, spliced into every update
        events = [event for _, step_events in steps for event in step_events]
        everyone = None
        if all(event.to is None for event in events):
            everyone = orjson.dumps([event.to_json() for event in events])
        seq, count = steps[-1][0], len(steps)
        #: (events, patch) by (key before, key now): viewers with the same content share one
        #: `Update`, encoded once.
        contents: dict[tuple, tuple[bytes, bytes]] = {}
        built: dict[tuple, Update] = {}
        for connection in self.connections:
            key = seats.get(connection.member)
            content = contents.get((connection.key, key))
            if content is None:
                if old_public is None or public is None:
                    old = _game_doc(old_public, old_yous.get(connection.key))
                    new = None if public is None else public.game_doc(yous.get(key))
                    own = diff(old, new, "/game")
                elif key is None:
                    own = [] if connection.key is None else [_REMOVE_YOU]
                elif connection.key is None:
                    own = [{"op": "add", "path": "/game/you", "value": yous[key].view}]
                else:
                    own = yous[key].patch(old_yous.get(connection.key), "/game/you")
                content = contents[(connection.key, key)] = (
                    everyone or orjson.dumps([e.to_json() for e in events if e.is_for(key)]),
                    shared_json if not own else joined([shared_json, orjson.dumps(own)]),
                )
            acked = connection in acks
            viewer = (*content, connection if acked else None)
            message = built.get(viewer)
            if message is None:
                ack = acks[connection] if acked else NO_ACK
                message = built[viewer] = Update(seq, count, *content, ack)
            connection.key = key
            sends.append((connection, message))
            member = state.members.get(connection.member)
            if member is None or member.left:
                sends.append((connection, CLOSE_REMOVED))
        self._public = None if public is None else public.sent
        self._yous = {key: part.sent for key, part in yous.items()}
        return sends

    def _table_ops(self, table_changed: bool) -> list[dict]:
        """Operations from the table's document last sent to the state's: the whole document
        built and diffed when the table itself may have changed, else only the fields the
        game decides (`TableState.game_fields`) compared, the rest being as sent."""
        if not table_changed:
            sent = self._table_doc
            fields = self.state.game_fields()
            ops = [
                {"op": "replace", "path": f"/table/{key}", "value": value}
                for key, value in fields.items()
                if sent[key] != value
            ]
            if ops:
                self._table_doc = {**sent, **fields}
            return ops
        table_doc = self.state.document(self.online())
        ops = diff(self._table_doc, table_doc, "/table")
        self._table_doc = table_doc
        return ops

    def _send_presence(self) -> None:
        self._build()
        ops = self._table_ops(True)
        if ops:
            message = orjson.dumps({"type": "presence", "seq": self.state.seq, "patch": ops})
            for connection in self.connections:
                self._post(connection, message)

    def welcome(self, connection: Connection) -> None:
        self._build()  # the document below is the state's: the open group's steps go first
        member = self.state.members[connection.member]
        self._post(
            connection,
            orjson.dumps(
                {
                    "type": "welcome",
                    "protocol": PROTOCOL_VERSION,
                    "seq": self.state.seq,
                    "member": member.id,
                    "role": member.role,
                    "document": self.document(connection),
                }
            ),
        )

    async def resync(self, connection: Connection) -> None:
        async with self.lock:
            self.welcome(connection)


class _Part:
    """A part of the game's view built for this step: `view` as the game returned it (read
    at once, never kept: it may share objects with the game's state) and `sent`, what is kept
    to compare the next step's with, key by key: strings and numbers as they are (being
    immutable), anything else as its JSON (booleans too, so that a kept part equals another
    only if their JSON does: True == 1 in Python). A changed value is then found without
    parsing anything, and only a larger object or list is parsed again to be diffed.

    A seat's part is kept so too, not as one JSON text: when it changes (its hand, its `can`)
    only the values that changed are parsed again, not the whole part (bench/fanout.py: 5%
    fewer instructions per step, views, diffs and encoding together)."""

    __slots__ = ("sent", "view")

    def __init__(self, view: dict):
        self.view = view
        dumps, scalars = orjson.dumps, _SCALARS
        self.sent = {k: v if type(v) in scalars else dumps(v) for k, v in view.items()}

    def patch(self, old: dict[str, Any] | None, path: str) -> list[dict]:
        """Operations from the part sent before (`old`) to this one."""
        if old is None:
            return [{"op": "replace", "path": path, "value": self.view}]
        if old == self.sent:  # most seats' parts, most steps
            return []
        ops: list[dict] = []
        for key, kept in self.sent.items():
            before = old.get(key, _MISSING)
            if before == kept:
                continue
            value = self.view[key]
            if before is _MISSING:
                ops.append({"op": "add", "path": pointer(path, key), "value": value})
            elif (
                type(before) is bytes
                and len(before) >= DIFF_FROM_BYTES
                and isinstance(value, (dict, list))
            ):
                ops.extend(changes(orjson.loads(before), value, pointer(path, key)))
            else:
                ops.append({"op": "replace", "path": pointer(path, key), "value": value})
        ops.extend(
            {"op": "remove", "path": pointer(path, key)} for key in old if key not in self.sent
        )
        return ops

    def game_doc(self, you: _Part | None) -> dict:
        return {"public": self.view} if you is None else {"public": self.view, "you": you.view}


def _spliced(sent: dict[str, Any]) -> dict[str, Any]:
    """A part as kept, to encode again without parsing it."""
    return {key: orjson.Fragment(v) if type(v) is bytes else v for key, v in sent.items()}


def _parsed(sent: dict[str, Any]) -> dict[str, Any]:
    return {key: orjson.loads(v) if type(v) is bytes else v for key, v in sent.items()}


def _game_doc(public: dict[str, Any] | None, you: dict[str, Any] | None) -> dict | None:
    """A game document as sent, parsed back from its kept parts."""
    if public is None:
        return None
    doc = {"public": _parsed(public)}
    if you is not None:
        doc["you"] = _parsed(you)
    return doc


def _seats_by_member(state: TableState) -> dict[int, int]:
    """`state.seat_of` for every member at once."""
    if state.game_state is None:
        return {}
    return {member: seat for seat, status in enumerate(state.seats) for member in status.members}
