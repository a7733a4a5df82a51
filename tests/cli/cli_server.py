"""A server for CLI tests: on the settings `cardtable serve` would take, in a thread."""

from __future__ import annotations

from contextlib import contextmanager

import httpx

from cardtable.cli import build_parser
from cardtable.cli.serve import settings_from
from cardtable.server import Settings, create_app
from thread_server import serve_in_thread


def serve_settings(database_args: list[str]) -> Settings:
    """What `cardtable serve` with these arguments would run with."""
    return settings_from(build_parser().parse_args(["serve", *database_args]))


@contextmanager
def serving(settings: Settings):
    """A server on `settings` in a thread; yields an HTTP client for it."""
    server, thread = serve_in_thread(create_app(settings))
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as http:
            yield http
    finally:
        server.should_exit = True
        thread.join(20)
