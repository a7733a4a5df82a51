"""Fixtures for services some tests need: PostgreSQL and Redis on this machine.

A test whose service is missing skips with the reason; with CI=true it fails instead, because
CI must run every test.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from concurrent.futures import ThreadPoolExecutor

import pytest

POSTGRES_DSN = os.environ.get("CARDTABLE_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432")
REDIS_URL = os.environ.get("CARDTABLE_TEST_REDIS", "redis://127.0.0.1:6379/0")

pytest_plugins = ["cpu_time", "output_folder"]  # --cpu-durations N; test-output/


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: two workers per core, at most four. A good part of the suite waits (on
    servers it started, browsers, bots that pause like people, the soak's paced table), and a
    second worker on a core runs other tests meanwhile."""
    return min(4, 2 * (os.cpu_count() or 1))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first: parallel workers then end at about the same time (the longest
    tests, started last, would otherwise keep one worker busy after the rest)."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


def missing_service(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: tests must not skip)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def service_missing():
    """`service_missing(reason)`: what a test calls when this machine lacks a service it needs
    (a fixture, so that tests in any folder reach it without importing a conftest)."""
    return missing_service


async def _admin_async(sql: str) -> None:
    import asyncpg

    connection = await asyncpg.connect(f"{POSTGRES_DSN}/postgres", timeout=5)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


def _admin(sql: str) -> None:
    """Run one statement on the server's `postgres` database, in a thread of its own so that
    it works from fixtures of async tests too (their event loop is already running)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, _admin_async(sql)).result()


@pytest.fixture
def postgres_url():
    """The URL of a new, empty PostgreSQL database, dropped after the test."""
    name = f"cardtable_test_{secrets.token_hex(6)}"
    try:
        _admin(f"CREATE DATABASE {name}")
    except Exception as error:
        missing_service(f"PostgreSQL is not available at {POSTGRES_DSN}: {error}")
    yield f"{POSTGRES_DSN}/{name}"
    _admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def postgres_admin():
    """Runs one statement on the PostgreSQL server's `postgres` database."""
    return _admin


@pytest.fixture
def redis_url():
    """The URL of the Redis server, after checking that it answers."""
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_timeout=3).ping()
    except Exception as error:
        missing_service(f"Redis is not available at {REDIS_URL}: {error}")
    return REDIS_URL
