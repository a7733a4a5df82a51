"""Per-address quotas over the real server (issue 23, finding 5): tables created and deck
uploads (how many, and their total size) answer `rate-limited` (429) naming the limit past
their quota, store nothing, and leave other addresses their own. The quotas refill so slowly
here that no test depends on the time it takes."""

from __future__ import annotations

import pytest
from harness import RunningServer, settings_for

OTHER = {"x-forwarded-for": "203.0.113.9"}


def create(server, headers=None):
    body = {"game": "tiny", "name": "Ann", "client": "ann-client-1", "public": True}
    return server.http.post("/api/tables", json=body, headers=headers or {})


def deck(n: int) -> bytes:
    """A small deck of its own (not stored already): every one is as long as the others."""
    return f"Answer number {n:04}.\nAnother answer.\n".encode()


def upload(server, n: int, headers=None):
    params = {"name": f"deck{n}.txt", "kind": "white"}
    return server.http.post("/api/decks", content=deck(n), params=params, headers=headers or {})


def refused(answer, says: str) -> None:
    assert answer.status_code == 429, answer.text
    error = answer.json()["error"]
    assert error["code"] == "rate-limited" and says in error["message"], error


def test_tables_past_an_address_quota_are_refused_naming_the_limit(database_url):
    settings = settings_for(database_url, create_rate=1e-6, create_burst=3)
    with RunningServer(settings) as server:
        for _ in range(3):
            assert create(server).status_code == 201
        refused(create(server), "tables a minute (bursts of 3) from one address")
        assert len(server.http.get("/api/tables").json()) == 3
        assert create(server, OTHER).status_code == 201
        assert len(server.http.get("/api/tables").json()) == 4


@pytest.mark.parametrize("quota", ["count", "bytes"])
def test_deck_uploads_past_an_address_quota_are_refused_naming_the_limit(database_url, quota):
    limits = (
        {"uploads_per_hour": 2}
        if quota == "count"
        else {"uploads_per_hour": 100, "upload_bytes_per_hour": 2 * len(deck(0)) + 10}
    )
    with RunningServer(settings_for(database_url, **limits)) as server:
        before = len(server.http.get("/api/decks").json())
        assert upload(server, 1).status_code == 201
        assert upload(server, 2).status_code == 201
        refused(upload(server, 3), "an hour from one address")
        assert len(server.http.get("/api/decks").json()) == before + 2
        assert upload(server, 4, OTHER).status_code == 201
