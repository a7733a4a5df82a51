"""Server test fixtures: the tiny test game, a database of each kind, a running server."""

from __future__ import annotations

import pytest
from harness import RunningServer, settings_for
from tinygame import TINY

from cardtable import games


@pytest.fixture(autouse=True, scope="module")
def tiny_game():
    """The tiny test game, registered for the tests of each module (servers may be shared)."""
    with games.registered(TINY):
        yield TINY


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    """Each test that uses this runs once on SQLite and once on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'cardtable.db'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def server(database_url):
    with RunningServer(settings_for(database_url)) as running:
        yield running
