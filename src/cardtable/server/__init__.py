"""The ASGI server: HTTP API, WebSocket protocol, and the tables it runs live.

- app.py: `create_app`; config.py: `Settings`; site.py: the services one process holds;
- http/: one router per resource; realtime/: the WebSocket protocol, its endpoint and
  connections; live/: tables in memory (the registry, the write pipeline, fan-out, presence,
  autoplay); moderation/: admins, bans, reports, hidden cards, the word filter; workers/:
  `serve --workers` (dispatcher, worker, shards, status).
"""

from .app import create_app
from .config import Settings

__all__ = ["Settings", "create_app"]
