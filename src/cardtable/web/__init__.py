"""The browser client: static HTML, CSS and ES modules written by us, with no build step.

`mount(app)` serves the static folder at `/`, after the API's routes, from memory as read at
that moment (delivery.py): compressed, versioned with long cache headers, the module graph
preloaded from the index page. The client talks to the server only through the HTTP API and
the WebSocket protocol.
"""

from __future__ import annotations

from pathlib import Path

from .delivery import StaticSite


def static_dir() -> Path:
    """The folder of static files the site is served from."""
    return Path(__file__).parent / "static"


def mount(app) -> None:
    """Serve the site at `/` on `app` (a Starlette or FastAPI app whose routes come first)."""
    app.mount("/", StaticSite(static_dir()), name="site")
