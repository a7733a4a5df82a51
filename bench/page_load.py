"""Page-load benchmark: how long Chromium takes to show the home page and a table's first
render, cold (a new browser context: empty cache) and warm (the same context, reloaded).
Prints the median of N runs of each, one line per measure:

page_load: home cold_ms=N cold_static_ms=N warm_ms=N requests_cold=N kb_cold=N (median of N runs)
page_load: table cold_ms=N cold_static_ms=N warm_ms=N requests_cold=N kb_cold=N (median ...)

A time runs from the navigation's start to the first animation frame at which the page shows
what a person came for: the home page's create form filled with the server's games, or the
table with the player's hand of a CAH game under way (a table created over the HTTP API, two
bots added and the game started over the WebSocket protocol, a new one each run, untimed).
`cold_static_ms` is when the cold load's last script or stylesheet had arrived by then: the
depth of the import chain shows there more than in the whole time on a busy machine.
`requests_cold` and `kb_cold` count the responses the cold load had by then (static files and
API calls) and the bytes they took on the wire (compressed, headers included). `--throttle`
adds a network of 40 ms round trips and 10 Mbit/s down (Chromium's own emulation, per page),
where a chain of imports costs a round trip a link. The server is `cardtable serve` on a free
port and a new data folder. Usage:

    uv run python bench/page_load.py                 # 7 runs each, no throttling
    uv run python bench/page_load.py --runs 5 --throttle
    uv run python bench/page_load.py --url http://127.0.0.1:8000   # a running server (it
                                     # must allow this address N+1 new tables: --create-burst)
"""

from __future__ import annotations

import argparse
import contextlib
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import httpx
from playwright.sync_api import TimeoutError as PageTimeout
from playwright.sync_api import sync_playwright
from websockets.sync.client import connect

from cardtable.server.realtime.messages import PROTOCOL_VERSION

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
#: The throttled network: round trip, and bytes a second down and up.
THROTTLE = {"latency": 40, "downloadThroughput": 10e6 / 8, "uploadThroughput": 5e6 / 8}

#: In the page: the moment (ms since navigation start) its content is there, polled each frame.
HOME_READY = """() => document.querySelector('#create-game option') && performance.now()"""
TABLE_READY = """() => document.querySelector('.hand-grid > li') && performance.now()"""
#: In the page: when the last script or stylesheet it loaded so far had arrived (ms).
STATIC_DONE = """() => Math.max(0, ...performance.getEntriesByType('resource')
  .filter((e) => /[.](js|css)$/.test(new URL(e.name).pathname)).map((e) => e.responseEnd))"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def started_server():
    """`cardtable serve` on a free port and a new data folder; yields its URL."""
    with tempfile.TemporaryDirectory() as data_dir:
        port = free_port()
        command = [
            str(Path(sys.executable).with_name("cardtable")),
            "serve",
            "--port",
            str(port),
            "--data-dir",
            data_dir,
            "--log-level",
            "warning",
            "--create-rate",
            "1e9",
            "--create-burst",
            "1000000000",
        ]
        process = subprocess.Popen(command)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 90
            while time.monotonic() < deadline:
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                        break
                time.sleep(0.1)
            else:
                raise SystemExit("page_load: the server did not start")
            yield url
        finally:
            process.terminate()
            process.wait(30)


def table_under_way(url: str) -> tuple[str, dict]:
    """A CAH table with its host and two bots, started: its code and the host's join answer."""
    host = httpx.post(
        f"{url}/api/tables",
        json={"game": "cah", "name": "Ann", "options": {}, "client": "page-load-ann-0001"},
        timeout=10,
    )
    host.raise_for_status()
    joined = host.json()
    code = joined["code"]
    ws_url = url.replace("http", "ws", 1)
    with connect(f"{ws_url}/ws/{code}", max_size=2**24, open_timeout=10) as ws:
        ws.send(
            json.dumps({"type": "hello", "token": joined["token"], "protocol": PROTOCOL_VERSION})
        )
        ws.recv(10)
        for number, action in enumerate(
            [{"type": "add-bot"}, {"type": "add-bot"}, {"type": "start"}], start=1
        ):
            ws.send(json.dumps({"type": "table", "id": number, "action": action}))
            while True:
                message = json.loads(ws.recv(10))
                if message.get("type") == "error":
                    raise SystemExit(f"page_load: {action['type']} refused: {message}")
                if message.get("ack") == number:
                    break
    return code, joined


def table_page(url: str) -> tuple[str, str]:
    """A new CAH table under way (each run its own, in its first round): the address of its
    host's seat, and the script that puts the seat in the browser's storage."""
    code, joined = table_under_way(url)
    seats = {f"seat:{code}": {**joined, "spectate": False}}
    script = f"localStorage.setItem('cardtable.seats', {json.dumps(json.dumps(seats))});"
    return f"{url}/#/t/{code}", script


class Measure:
    """Cold and warm loads of one page of the site in a browser; `where()` gives the page's
    address and a script run before the page's own, afresh for each run."""

    def __init__(self, browser, where: Callable[[], tuple[str, str]], ready: str, throttle: bool):
        self.browser, self.where, self.ready, self.throttle = browser, where, ready, throttle

    def run(self) -> tuple[float, float, float, int, float]:
        """One cold load then one warm reload: (cold ms, cold load's last script or stylesheet
        ms, warm ms, cold responses, cold kB)."""
        url, init_script = self.where()
        context = self.browser.new_context(viewport={"width": 1280, "height": 800})
        try:
            if init_script:
                context.add_init_script(init_script)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            if self.throttle:
                cdp.send("Network.emulateNetworkConditions", {"offline": False, **THROTTLE})
            wire = {"responses": 0, "bytes": 0.0}

            def finished(event):
                wire["responses"] += 1
                wire["bytes"] += event["encodedDataLength"]

            cdp.on("Network.loadingFinished", finished)
            page.goto(url, wait_until="commit")
            cold = self.ready_at(page, "cold")
            cold_wire = dict(wire)
            static = page.evaluate(STATIC_DONE)
            page.reload(wait_until="commit")
            warm = self.ready_at(page, "warm")
            return cold, static, warm, int(cold_wire["responses"]), cold_wire["bytes"] / 1024
        finally:
            context.close()

    def ready_at(self, page, step: str) -> float:
        try:
            return page.wait_for_function(self.ready, polling="raf", timeout=30_000).json_value()
        except PageTimeout:
            shows = page.evaluate("document.body.innerText.replace(/\\s+/g, ' ').slice(0, 200)")
            raise NotReady(f"{step} load not ready after 30 s; the page shows: {shows}") from None


class NotReady(Exception):
    """A page that did not show what it is for in time."""


def measured_runs(name: str, page: Measure, runs: int) -> tuple[list, int]:
    """`runs` runs of `page`: the results of those that finished, and how many did not (each
    said on stderr)."""
    results, failed = [], 0
    for _ in range(runs):
        try:
            results.append(page.run())
        except NotReady as error:
            failed += 1
            print(f"page_load: {name}: {error}", file=sys.stderr)
    return results, failed


def report(name: str, runs: list, failed: int, throttle: bool) -> None:
    if not runs:
        print(f"page_load: {name} no run finished ({failed} timed out)")
        return
    cold, static, warm, responses, kilobytes = (
        statistics.median(column) for column in zip(*runs, strict=True)
    )
    print(
        f"page_load: {name} cold_ms={cold:.0f} cold_static_ms={static:.0f} warm_ms={warm:.0f} "
        f"requests_cold={responses:.0f} "
        f"kb_cold={kilobytes:.0f} (median of {len(runs)} runs"
        + (", throttled: 40 ms RTT, 10 Mbit/s" if throttle else "")
        + (f"; {failed} more timed out" if failed else "")
        + ")"
    )


def measure(url: str, runs: int, throttle: bool) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            pages = {
                "home": Measure(browser, lambda: (f"{url}/", ""), HOME_READY, throttle),
                "table": Measure(browser, lambda: table_page(url), TABLE_READY, throttle),
            }
            for page in pages.values():  # one untimed load each: the server's first answers
                page.run()
            for name, page in pages.items():
                report(name, *measured_runs(name, page, runs), throttle)
        finally:
            browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="loads of each page (median)")
    parser.add_argument("--throttle", action="store_true", help="40 ms RTT, 10 Mbit/s down")
    parser.add_argument("--url", help="a running server instead of starting one")
    args = parser.parse_args()
    if args.url:
        measure(args.url.rstrip("/"), args.runs, args.throttle)
        return
    with started_server() as url:
        measure(url, args.runs, args.throttle)


if __name__ == "__main__":
    main()
