"""`GET /api/health`: the database it asked, the tables and connections live here, and
`unavailable` (503) once the database no longer answers."""

from __future__ import annotations

import pytest


def test_health_reports_the_database_and_what_is_live(server, database_url):
    assert server.http.get("/api/health").json()["tables"] == 0
    host = server.create()
    ann = server.client(host["code"], host["token"])
    try:
        answer = server.http.get("/api/health")
        assert answer.status_code == 200
        assert answer.json() == {
            "status": "ok",
            "database": database_url.split(":", 1)[0],
            "tables": 1,
            "connections": 1,
        }
    finally:
        ann.close()


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_health_says_unavailable_once_the_database_is_gone(server, database_url, postgres_admin):
    assert server.http.get("/api/health").status_code == 200
    postgres_admin(f"DROP DATABASE {database_url.rsplit('/', 1)[1]} WITH (FORCE)")
    answer = server.http.get("/api/health")
    assert answer.status_code == 503
    assert answer.json()["error"]["code"] == "unavailable"
