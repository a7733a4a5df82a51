"""What a person sees when the server refuses them for the limits of issue 23: a tab past the
connection cap (close 4429), a tab closed for not reading fast enough (close 4008), a table
created or joined too often from one address (429), a hello while the server's database does
not answer (close 1013) and a person banned from the site (close 4403). Each time a sentence
says what happened and what to do, never a bare code; a refused tab gets in by itself once it
can, and a banned one stops trying."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace

import orjson
import pytest
from driver import DESKTOP, create_table, join_table, wait_for_table
from playwright.sync_api import expect

from cardtable.server.realtime.connection import CLOSE_BANNED, CLOSE_SLOW
from cardtable.server.realtime.endpoint import CLOSE_UNAVAILABLE
from cardtable.server.realtime.outgoing import error_message

TOO_MANY_TABS = "Too many tabs are open on this table"
FELL_BEHIND = "This tab fell behind the table's updates"
NO_DATABASE = "The server cannot reach its database; retrying…"
BANNED = "You are banned from this site"


@pytest.fixture
def site(site):
    """The site allowing two connections per member, one table created and one join per
    address (then none for hours): the limits are met at once."""
    site.stop()
    site.settings = replace(
        site.settings,
        member_connections=2,
        create_rate=1e-6,
        create_burst=1,
        join_rate=1e-6,
        join_burst=1,
    )
    site.start()
    return site


def notice(page):
    return page.get_by_role("region", name="Connection")


def test_a_tab_past_the_cap_says_so_and_gets_in_once_another_closes(open_page, site, screens):
    host = create_table(site, "Ann", {})
    code = host["code"]
    tabs = [open_page(DESKTOP, seat=(code, host), path=f"/#/t/{code}") for _ in range(2)]
    for tab in tabs:
        wait_for_table(tab)
        expect(notice(tab)).to_be_hidden()
    third = open_page(DESKTOP, seat=(code, host), path=f"/#/t/{code}")
    expect(notice(third)).to_contain_text(TOO_MANY_TABS)
    expect(notice(third)).to_contain_text("Close a tab you don't need")
    expect(third.locator(".action-error")).to_be_empty()  # said once, in the banner
    screens(third, "too-many-tabs")
    tabs[0].context.close()
    expect(third.locator("#connection-status")).to_have_attribute(
        "data-state", "open", timeout=30_000
    )
    expect(notice(third)).to_be_hidden()
    wait_for_table(third)


def test_a_tab_closed_for_falling_behind_says_so_and_catches_up(open_page, site):
    host = create_table(site, "Ann", {})
    code = host["code"]
    page = open_page(DESKTOP, seat=(code, host), path=f"/#/t/{code}")
    wait_for_table(page)
    page.evaluate(
        """() => {
      const status = document.getElementById("connection-status");
      window.states = [];
      new MutationObserver(() => window.states.push(status.dataset.state))
        .observe(status, { attributes: true, attributeFilter: ["data-state"] });
    }"""
    )
    _close_on_the_server(site, code, CLOSE_SLOW)  # as the server does a tab that does not read
    expect(notice(page)).to_contain_text(FELL_BEHIND)
    page.wait_for_function(
        "window.states.includes('reconnecting')"
        " && document.getElementById('connection-status').dataset.state === 'open'"
    )
    expect(notice(page)).to_contain_text("close other tabs or check your connection")
    expect(notice(page)).to_be_hidden(timeout=20_000)  # once it has been seen


def test_creating_or_joining_too_often_says_to_wait(open_page, site):
    open_page.expected_console.append("status of 429")
    code = create_table(site, "Ann", {})["code"]  # this address's one table
    join_table(site, code, "Bob")  # and its one join
    page = open_page(DESKTOP)
    page.wait_for_selector("#create-game option", state="attached")
    page.fill("#player-name", "Cy")
    page.get_by_role("button", name="Create table").click()
    expect(page.get_by_role("alert").filter(has_text="tables were created")).to_have_text(
        "Too many tables were created from your network in the last few minutes. "
        "Wait a minute, then create yours."
    )
    page.fill("#join-code", code)
    page.get_by_role("button", name="Join table").click()
    join_refusal = page.get_by_role("alert").filter(has_text="attempts to join")
    expect(join_refusal).to_have_text(
        "Too many attempts to join came from your network just now. Wait a moment, then try again."
    )
    # A proxy in front of the site refusing with no word of the server's: still a sentence.
    page.route("**/api/tables", lambda route: route.fulfill(status=429, body="Too Many"))
    page.get_by_role("button", name="Refresh").click()
    expect(page.get_by_text("Too many requests came from your network just now.")).to_be_visible()
    assert "429" not in page.locator("main").inner_text()


def test_a_tab_refused_while_the_database_is_down_says_so_and_tries_again_steadily(open_page, site):
    """Hellos refused with 1013 are tried again every second, however many in a row (the
    page's clock moved by hand), until one is let in."""
    host = create_table(site, "Ann", {})
    code = host["code"]
    page = open_page(DESKTOP, seat=(code, host), path=f"/#/t/{code}")
    wait_for_table(page)
    database = {"answers": False}

    def hello(route) -> None:  # as the server answers a hello while its database is down
        if database["answers"]:
            route.connect_to_server()
            return
        refusal = {"type": "error", "id": None, "code": "unavailable", "message": "down"}
        route.on_message(
            lambda _: (route.send(orjson.dumps(refusal).decode()), route.close(code=1013))
        )

    page.route_web_socket(f"**/ws/{code}", hello)
    _count_sockets(page)  # (the route stands in for the page's WebSocket: counted after it)
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)
    _close_on_the_server(site, code, CLOSE_UNAVAILABLE)
    expect(notice(page)).to_contain_text(NO_DATABASE)
    for refused in range(1, 8):  # past every step of the back-off (at most 8 s)
        page.clock.run_for(1000)
        assert page.evaluate("window.sockets") == refused
        _until(page, f"window.socketsClosed === {refused}")
    expect(page.locator(".action-error")).to_be_empty()  # said once, in the banner
    database["answers"] = True
    page.clock.run_for(1000)
    page.clock.resume()
    expect(page.locator("#connection-status")).to_have_attribute("data-state", "open")
    expect(notice(page)).to_be_hidden()


def test_a_banned_person_is_told_and_the_tab_stops_trying(open_page, site):
    host = create_table(site, "Ann", {})
    code = host["code"]
    page = open_page(DESKTOP, seat=(code, host), path=f"/#/t/{code}")
    wait_for_table(page)
    _count_sockets(page)
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)
    _close_on_the_server(site, code, CLOSE_BANNED, ("banned", "you are banned from this site"))
    expect(notice(page)).to_contain_text(BANNED)
    expect(page.locator("#connection-status")).to_have_attribute("data-state", "closed")
    expect(page.locator(".action-error")).to_be_empty()  # said once, in the banner
    page.clock.run_for(60_000)
    page.evaluate("window.dispatchEvent(new Event('online'))")  # a network back: still not
    assert page.evaluate("window.sockets") == 0
    expect(page.locator("#stage-title")).to_contain_text("waiting for players")  # as it was


def _count_sockets(page) -> None:
    """Count the WebSockets the page opens from now on (`window.sockets`), and those of them
    closed (`window.socketsClosed`)."""
    page.evaluate(
        """() => {
      window.sockets = 0;
      window.socketsClosed = 0;
      const Real = WebSocket;
      window.WebSocket = class extends Real {
        constructor(...args) {
          super(...args);
          window.sockets += 1;
          this.addEventListener("close", () => { window.socketsClosed += 1; });
        }
      };
    }"""
    )


def _until(page, condition: str, timeout: float = 20) -> None:
    """Wait for `condition` (JavaScript) to hold in the page, asking every 20 ms: the page's
    own timers may be stopped (its clock moved by hand)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(condition):
        assert time.monotonic() < deadline, f"waited {timeout} s in vain for {condition}"
        time.sleep(0.02)


def _close_on_the_server(
    site, code: str, close_code: int, error: tuple[str, str] | None = None
) -> None:
    """Close every connection at table `code` with `close_code`, on the server's loop, after
    an `error` (code, message) if one is given."""
    loop = site.server.servers[0].get_loop()

    async def close() -> None:
        live = await site.site.tables.get(code)
        for connection in list(live.connections):
            if error is not None:
                connection.send(error_message(*error))
            connection.close(close_code)

    asyncio.run_coroutine_threadsafe(close(), loop).result(10)
