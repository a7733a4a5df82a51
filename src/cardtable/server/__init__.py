"""The ASGI server: HTTP API, WebSocket protocol, and the tables it runs live.

- app.py: `create_app`; config.py: `Settings`; site.py: the services one process holds;
- http/: one router per resource; realtime/: the WebSocket protocol, its endpoint and
  connections; live/: tables in memory (the registry, the write pipeline, fan-out, presence,
  autoplay); moderation/: admins, bans, reports, hidden cards, the word filter; workers/:
  `serve --workers` (dispatcher, worker, shards, status).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .config import Settings

if TYPE_CHECKING:
    from .app import create_app

__all__ = ["Settings", "create_app"]


def __getattr__(name: str):
    """`create_app`, imported on first use: `serve --workers`' dispatcher reads `Settings`
    from here and never builds an app, so it does not pay for FastAPI's import."""
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
