"""A table's public history over HTTP (issue 23, finding 1): read in pages, built once per
table and extended with the steps stored since, built and encoded off the event loop, so
reading a long history holds up no other table, and a page read again is not encoded again
until the history grows."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from harness import bearer
from pydantic import TypeAdapter

from cardtable.table.history import MAX_PAGE_STEPS, PublicHistory


def _busy_table(server, steps: int):
    """A table whose host renamed it `steps` times: that many logged steps."""
    host = server.create()
    ann = server.client(host["code"], host["token"])
    for n in range(steps):
        assert ann.table({"type": "settings", "name": f"Table {n}"})["type"] == "update"
    return host, ann


def _page(server, code, token, **query):
    answer = server.http.get(f"/api/tables/{code}/history", params=query, headers=bearer(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_history_is_read_in_pages(server):
    host, ann = _busy_table(server, 7)
    code, token = host["code"], host["token"]
    whole = _page(server, code, token)
    assert [s["seq"] for s in whole["steps"]] == list(range(2, ann.seq + 1))
    assert whole["next"] is None
    pages, after = [], 0
    while after is not None:
        page = _page(server, code, token, after=after, limit=3)
        assert len(page["steps"]) <= 3 and page["start"] == whole["start"]
        pages += page["steps"]
        after = page["next"]
    assert pages == whole["steps"]
    assert _page(server, code, token, after=ann.seq)["steps"] == []
    for query in ({"limit": 0}, {"limit": MAX_PAGE_STEPS + 1}, {"after": -1}):
        answer = server.http.get(f"/api/tables/{code}/history", params=query, headers=bearer(token))
        assert answer.status_code == 422 and answer.json()["error"]["code"] == "bad-request"


def test_the_history_is_built_once_and_extended_with_new_steps(server, monkeypatch):
    replayed: list[list[int]] = []
    extend = PublicHistory.extend

    def counted(self, entries):
        replayed.append([e.seq for e in entries])
        extend(self, entries)

    monkeypatch.setattr(PublicHistory, "extend", counted)
    host, ann = _busy_table(server, 3)
    first = _page(server, host["code"], host["token"])
    assert replayed == [list(range(1, ann.seq + 1))]  # the whole log, once
    assert _page(server, host["code"], host["token"]) == first
    assert len(replayed) == 1  # nothing new stored: nothing replayed
    ann.table({"type": "settings", "name": "One more"})
    again = _page(server, host["code"], host["token"])
    assert replayed[1:] == [[ann.seq]]
    assert again["steps"][:-1] == first["steps"] and again["steps"][-1]["seq"] == ann.seq


def test_another_table_plays_on_while_a_history_is_built(server, monkeypatch):
    building, release = threading.Event(), threading.Event()
    extend = PublicHistory.extend

    def slow(self, entries):
        building.set()
        assert release.wait(30), "the test never released the build"
        extend(self, entries)

    monkeypatch.setattr(PublicHistory, "extend", slow)
    host, _ = _busy_table(server, 2)
    other = server.create()
    bob = server.client(other["code"], other["token"])
    with ThreadPoolExecutor(1) as pool:
        reading = pool.submit(_page, server, host["code"], host["token"])
        assert building.wait(30)
        # The build is under way (and cannot finish until released): the event loop is free.
        answer = bob.table({"type": "chat", "text": "still here"})
        assert answer["type"] == "update" and "ack" in answer
        assert not reading.done()
        release.set()
        assert reading.result(30)["steps"]


def test_a_page_read_again_is_not_encoded_again_until_the_history_grows(server):
    host, ann = _busy_table(server, 3)
    code, token = host["code"], host["token"]
    history = server.site.tables.history(code)
    first = server.http.get(f"/api/tables/{code}/history", headers=bearer(token))
    assert history.pages_encoded == 1
    again = server.http.get(f"/api/tables/{code}/history", headers=bearer(token))
    assert again.content == first.content and history.pages_encoded == 1
    _page(server, code, token, limit=2)  # another page: encoded, and kept too
    assert history.pages_encoded == 2
    _page(server, code, token)
    assert history.pages_encoded == 2
    ann.table({"type": "settings", "name": "One more"})
    grown = _page(server, code, token)
    assert history.pages_encoded == 3 and grown["steps"][-1]["seq"] == ann.seq


def test_an_encoded_page_is_what_the_api_encoded_before(server):
    """The page is encoded in the history's thread: byte for byte as FastAPI encodes a
    route's `dict[str, Any]`, non-ASCII text and times included."""
    host, ann = _busy_table(server, 2)
    ann.table({"type": "chat", "text": 'déjà vu ☃ "quoted" \\ back'})
    answer = server.http.get(f"/api/tables/{host['code']}/history", headers=bearer(host["token"]))
    assert answer.headers["content-type"] == "application/json"
    assert answer.content == TypeAdapter(dict[str, Any]).dump_json(answer.json())
    assert any(isinstance(step["wall_time"], float) for step in answer.json()["steps"])
