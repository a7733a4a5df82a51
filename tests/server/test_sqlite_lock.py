"""SQLite's write lock held by another connection (a long write elsewhere in the server, or
another program) never stops the server: actions wait for it off the event loop, are stored
once it is free, and only then acknowledged."""

from __future__ import annotations

import sqlite3

import pytest
from harness import eventually


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_write_lock_held_elsewhere_never_blocks_the_server(server, database_url):
    host = server.create()
    code = host["code"]
    ann = server.client(code, host["token"])
    bob = server.client(code, server.join(code, "Bob", client="bob-client-1")["token"])
    other = sqlite3.connect(database_url.removeprefix("sqlite:///"), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # as a long write by another connection would
    try:
        rename = {"type": "settings", "name": "Renamed"}
        ann.send({"type": "table", "id": "rename", "action": rename})
        eventually(lambda: server.read(code, lambda state: state.name) == "Renamed")  # storing
        # The server answers meanwhile, and sent nothing of the rename before: its update
        # (Ann's carries her ack, sent at the same moment) waits until it is stored.
        assert "update" not in bob.ping()
    finally:
        other.execute("COMMIT")
        other.close()
    ann.until(lambda c: any(m.get("ack") == "rename" for m in c.messages))
    bob.until(lambda c: c.table_doc["name"] == "Renamed")
    assert ann.table_doc["name"] == "Renamed"
