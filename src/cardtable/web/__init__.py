"""The browser client: static HTML, CSS and ES modules, served as they are (no build step).

`mount(app)` serves the static folder at `/`, after the API's routes. Everything in it is
written by us; the client talks to the server only through the HTTP API and the WebSocket
protocol.
"""

from __future__ import annotations

from pathlib import Path

from starlette.staticfiles import StaticFiles


def static_dir() -> Path:
    """The folder of static files the site is served from."""
    return Path(__file__).parent / "static"


def mount(app) -> None:
    """Serve the site at `/` on `app` (a Starlette or FastAPI app whose routes come first)."""
    app.mount("/", StaticFiles(directory=static_dir(), html=True), name="site")
