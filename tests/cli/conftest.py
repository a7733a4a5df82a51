"""CLI test fixtures: the database arguments of each kind."""

from __future__ import annotations

import pytest


@pytest.fixture(params=["sqlite", "postgresql"])
def database_args(request, tmp_path):
    """`--data-dir` (SQLite) or `--database-url` (PostgreSQL), as a command line takes them."""
    if request.param == "sqlite":
        return ["--data-dir", str(tmp_path / "data")]
    return ["--database-url", request.getfixturevalue("postgres_url")]
