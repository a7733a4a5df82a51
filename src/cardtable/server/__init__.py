"""The ASGI server: HTTP API, WebSocket protocol, tables (lobby + seats + timers around a game)."""

from .app import create_app
from .settings import Settings

__all__ = ["Settings", "create_app"]
