"""A connection's messages are handled in the order sent, even when the client does not wait
for answers: a game action waits for the table action before it, a ping for the step before
it, and messages sent right after the hello, before the welcome, are all handled."""

from __future__ import annotations

import orjson
from harness import Client
from websockets.sync.client import connect


def _table(server):
    host = server.create(options={"target": 3})
    server.join(host["code"], "Bob", client="bob-client-1")
    return host["code"], host["token"]


def test_messages_sent_without_waiting_are_handled_in_order(server):
    code, token = _table(server)
    ann = server.client(code, token)
    ann.send({"type": "table", "id": "start", "action": {"type": "start"}})  # handled by a task
    ann.send({"type": "play", "id": "pick", "action": {"type": "pick", "n": 1}})  # needs the game
    ann.send({"type": "ping"})
    ann.until(lambda c: c.messages and c.messages[-1]["type"] == "pong")
    answers = [m.get("ack") or m["type"] for m in ann.messages if m["type"] != "presence"]
    assert answers == ["start", "pick", "pong"]
    assert ann.game["you"]["pick"] == 1


def test_messages_sent_with_the_hello_are_handled_after_the_welcome(server):
    code, token = _table(server)
    with connect(f"{server.ws_url}/ws/{code}", open_timeout=10) as socket:
        for message in (
            {"type": "hello", "token": token},
            {"type": "table", "id": "start", "action": {"type": "start"}},
            {"type": "play", "id": "pick", "action": {"type": "pick", "n": 2}},
            {"type": "ping"},
        ):
            socket.send(orjson.dumps(message).decode())
        received = []
        while not received or received[-1]["type"] != "pong":
            received.append(orjson.loads(socket.recv(timeout=10)))
    kinds = [m.get("ack") or m["type"] for m in received if m["type"] != "presence"]
    assert kinds == ["welcome", "start", "pick", "pong"]
    again = Client(f"{server.ws_url}/ws/{code}", token)
    assert again.game["you"]["pick"] == 2
