"""Every message of a real session, both ways, is valid under its JSON Schema as written in
docs/protocol.md: the document and the server cannot drift apart unnoticed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema_rs
import orjson

from cardtable.server.realtime.messages import PROTOCOL_VERSION

PROTOCOL_DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
#: The schemas' `$id`s are relative: they are resolved against this made-up base.
BASE = "https://cardtable.invalid/protocol/"


def _schemas() -> dict[str, dict]:
    """The schemas of docs/protocol.md, by `$id` (the message type)."""
    schemas = {}
    for block in re.findall(r"```json\n(.*?)```", PROTOCOL_DOC.read_text(), re.S):
        try:
            schema = json.loads(block)
        except ValueError:
            continue  # an example, not a schema
        if isinstance(schema, dict) and "$id" in schema:
            schemas[schema["$id"]] = schema
    return schemas


def _validators() -> dict[str, jsonschema_rs.Validator]:
    schemas = _schemas()

    def retrieve(uri: str) -> dict:
        return schemas[uri.rsplit("/", 1)[-1]]

    return {
        name: jsonschema_rs.validator_for(schema, retriever=retrieve, base_uri=BASE + name)
        for name, schema in schemas.items()
    }


def test_every_message_of_a_session_matches_its_schema(server):
    validators = _validators()
    assert set(validators) == {
        "hello", "play", "table", "resync", "ping",  # client to server
        "welcome", "update", "presence", "error", "pong",  # server to client
    }  # fmt: skip
    host = server.create(options={"target": 2})
    code = host["code"]
    bob_seat = server.join(code, "Bob", client="bob-client-1")
    ann = server.client(code, host["token"])
    sent: list[dict] = []

    def send(client, message: dict) -> None:
        sent.append(message)
        client.send(message)

    bob = server.client(code, bob_seat["token"])  # Ann hears Bob come online: a presence
    ann.until(lambda c: any(m["type"] == "presence" for m in c.messages))
    ann.table({"type": "start"})
    send(ann, {"type": "play", "id": "bad", "action": {"type": "pick", "n": 99}})  # an error
    ann.until(lambda c: c.messages[-1]["type"] == "error")
    while ann.table_doc["status"] == "playing":
        for client, n in ((ann, 1), (bob, 2)):
            server.catch_up(client, code)
            if client.game["you"]["pick"] is None and client.table_doc["status"] == "playing":
                assert client.play({"type": "pick", "n": n})["type"] == "update"
    send(ann, {"type": "ping"})
    ann.until(lambda c: c.messages[-1]["type"] == "pong")
    send(ann, {"type": "resync"})
    ann.until(lambda c: c.messages[-1]["type"] == "welcome")
    sent += [{"type": "hello", "token": host["token"], "protocol": PROTOCOL_VERSION}]
    sent += [{"type": "table", "id": "t1", "action": {"type": "start"}}]

    received = ann.messages + bob.messages
    assert {m["type"] for m in received} == {"update", "presence", "error", "pong", "welcome"}
    for message in received + sent:
        errors = [e.message for e in validators[message["type"]].iter_errors(message)]
        assert not errors, (orjson.dumps(message)[:300], errors)
