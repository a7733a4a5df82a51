"""Browser test fixtures: the site on a real server, and Debian's Chromium driven by Playwright.

The server runs in a background thread on a free port, with the static client mounted at `/`
after the API routes (as `cardtable serve` does), SQLite in the test's folder, and bots that
move quickly. It can be restarted on the same port and database, as after a crash.

A test skips with the reason when Chromium or Playwright is missing; with CI=true it fails.
Screenshots go to test-output/screens/.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import httpx
import pytest
import uvicorn
from driver import ACTION_TIMEOUT_S, DESKTOP, PHONE

from cardtable.server import Settings, create_app
from cardtable.server.clock import Clock
from cardtable.web import mount
from output_folder import SCREENS
from thread_server import free_port, read_table, serve_in_thread

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ACTION_TIMEOUT_MS = ACTION_TIMEOUT_S * 1000


def missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: browser tests must run)")
    pytest.skip(reason)


ADMIN_TOKEN = "browser-tests-admin-token"


class LiveSite:
    """The app with the static site, served from a thread; `restart()` keeps port and data.
    `ADMIN_TOKEN` is its admin token, for checking what moderators would see."""

    def __init__(self, database_url: str, clock: Clock | None = None, bot_delay: float = 0.3):
        #: The server's clock when a test moves time on by hand (a ManualClock), else None.
        self.clock = clock
        self.settings = Settings(
            database_url=database_url,
            bot_delay=bot_delay,
            join_rate=1000.0,
            join_burst=1000,
            admin_token=ADMIN_TOKEN,
            **({} if clock is None else {"clock": clock}),
        )
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None
        self.app = None

    def start(self) -> None:
        self.app = create_app(self.settings)
        mount(self.app)
        self.server, self.thread = serve_in_thread(self.app, self.port)

    def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = True
            self.thread.join(20)
            self.server = None

    def restart(self) -> None:
        self.stop()
        self.start()

    @property
    def site(self):
        return self.app.state.site

    def read(self, code: str, look):
        """`look(state)` on the server's loop under the table's lock (`read_table`)."""
        return read_table(self.server, self.site.tables, code, look)

    def api(self, method: str, path: str, **body):
        answer = httpx.request(method, self.url + path, json=body or None, timeout=10)
        assert answer.status_code < 300, answer.text
        return answer.json()

    def admin(self, method: str, path: str, **body):
        """An admin API call (`/api/admin/...`) with the site's admin token."""
        answer = httpx.request(
            method,
            self.url + path,
            json=body or None,
            headers={"authorization": f"Bearer {ADMIN_TOKEN}"},
            timeout=10,
        )
        assert answer.status_code < 300, answer.text
        return answer.json()


def started_site(folder: Path, clock: Clock | None = None, bot_delay: float = 0.3) -> LiveSite:
    """A LiveSite on a new SQLite database in `folder`, started (or the test skips or fails
    with the reason)."""
    live = LiveSite(f"sqlite:///{folder / 'cardtable.db'}", clock, bot_delay)
    try:
        live.start()
    except Exception as error:
        missing(f"the cardtable server could not start: {error}")
    return live


@pytest.fixture
def site(tmp_path, request):
    """The site; a test marked `quick_bots` has bots that answer at once (a whole game against
    bots then waits on nobody), the others a pause of 0.3 s a move, as people see."""
    quick = request.node.get_closest_marker("quick_bots") is not None
    live = started_site(tmp_path, bot_delay=0.0 if quick else 0.3)
    yield live
    live.stop()


@pytest.fixture(scope="module")
def browser():
    """Chromium for one test module. Playwright's sync API keeps an event loop marked as
    running on the main thread while it is open, which breaks asyncio tests that run after
    it; closing it with each module keeps the rest of the suite clean."""
    if not Path(CHROMIUM).exists():
        missing(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError as error:
        missing(f"Playwright for Python is not installed: {error}")
    expect.set_options(timeout=ACTION_TIMEOUT_MS)
    with sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
        except Exception as error:
            missing(f"Chromium did not start: {error}")
        yield chromium
        chromium.close()


@pytest.fixture
def open_page(browser, site):
    """`open_page(viewport=PHONE, seat=None)`: a fresh browser profile on the site, failing the
    test on any script error or alert. `seat=(code, joined)` puts a seat in its storage.
    A test that makes the server refuse a request on purpose lists the console line the
    browser logs for it in `open_page.expected_console` (substrings). The browser's language
    is `locale` (English unless a test asks for another), so pages open in it."""
    contexts = []
    errors: list[str] = []
    expected: list[str] = []

    def open_one(viewport=DESKTOP, seat=None, path="/", locale="en-US"):
        context = browser.new_context(viewport=viewport, reduced_motion="reduce", locale=locale)
        context.set_default_timeout(ACTION_TIMEOUT_MS)
        contexts.append(context)
        if seat is not None:
            code, joined = seat
            seats = {f"seat:{code}": {**joined, "spectate": False}}
            context.add_init_script(
                f"localStorage.setItem('cardtable.seats', {json.dumps(json.dumps(seats))});"
            )
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
        page.on("console", lambda message: _console(message, errors, expected))
        page.on("dialog", lambda dialog: _dialog(dialog, errors))
        page.goto(site.url + path)
        return page

    open_one.expected_console = expected
    yield open_one
    for context in contexts:
        context.close()
    assert not errors, errors


def _console(message, errors: list[str], expected: list[str]) -> None:
    # A socket that fails while the server restarts is expected; the client reconnects.
    if message.type != "error" or "WebSocket" in message.text:
        return
    if not any(text in message.text for text in expected):
        errors.append(f"console error: {message.text}")


def _dialog(dialog, errors: list[str]) -> None:
    if dialog.type == "confirm":
        dialog.accept()
    else:
        errors.append(f"unexpected {dialog.type}: {dialog.message}")
        dialog.dismiss()


@pytest.fixture(scope="session")
def screens():
    """`screens(page, name)` saves PNGs of the page as test-output/screens/NAME-WxH.png (the
    folder is emptied at the start of the run, `output_folder`)."""
    SCREENS.mkdir(parents=True, exist_ok=True)

    def shoot(page, name: str) -> None:
        """At the page's own size, then on a phone and a desktop, then back. Nothing may
        stick out sideways."""
        own = page.viewport_size
        for size in (own, *(s for s in (PHONE, DESKTOP) if s != own)):
            page.set_viewport_size(size)
            wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert wide <= 0, f"{name} is {wide}px too wide at {size['width']}px"
            page.screenshot(
                path=SCREENS / f"{name}-{size['width']}x{size['height']}.png", full_page=True
            )
        page.set_viewport_size(own)

    return shoot
