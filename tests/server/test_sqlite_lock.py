"""SQLite's write lock held by another connection (a long write elsewhere in the server, or
another program) never stops the server: actions wait for it off the event loop, are stored
once it is free, and only then acknowledged."""

from __future__ import annotations

import sqlite3
import time

import pytest


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_write_lock_held_elsewhere_never_blocks_the_server(server, database_url):
    host = server.create()
    code = host["code"]
    ann = server.client(code, host["token"])
    bob = server.client(code, server.join(code, "Bob", client="bob-client-1")["token"])
    ann.drain()
    bob.drain()
    other = sqlite3.connect(database_url.removeprefix("sqlite:///"), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # as a long write by another connection would
    try:
        rename = {"type": "settings", "name": "Renamed"}
        ann.send({"type": "table", "id": "rename", "action": rename})
        time.sleep(0.2)
        bob.send({"type": "ping"})
        assert bob.recv(timeout=2)["type"] == "pong"  # the server answers meanwhile
        with pytest.raises(TimeoutError):
            ann.recv(timeout=0.3)  # not stored yet, so not acknowledged
    finally:
        other.execute("COMMIT")
        other.close()
    assert ann.recv()["ack"] == "rename"
    bob.recv()
    assert ann.table_doc["name"] == bob.table_doc["name"] == "Renamed"
