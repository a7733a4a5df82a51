"""No table waits forever (issue 20), in the browser: someone whose page closes is marked away
after the grace period and the others finish the game; the host's lobby settings apply as they
change and Start plays what the form shows; a join link to a game that takes nobody new says so
before the name field; the one player left may claim the game.

The server runs on a `ManualClock`: the tests move time on with `clock.advance` (grace periods,
deadlines, bot moves) instead of waiting, and set each page's clock to the server's with
Playwright's clock so that what the page computes from wall-clock times matches it.
"""

from __future__ import annotations

import time

import pytest
from driver import DESKTOP, PHONE, create_table, is_over, join_table, take_turn, wait_for_table
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from cardtable.server.clock import ManualClock
from conftest import started_site


@pytest.fixture
def site(tmp_path):
    """The site on a clock that moves only when a test advances it (replaces conftest's)."""
    live = started_site(tmp_path, ManualClock(start=time.time()))
    yield live
    live.stop()


def advance(site, seconds: float, pages=()) -> None:
    """Move the server's time on, and the pages' clocks with it."""
    site.clock.advance(seconds)
    for page in pages:
        page.clock.set_fixed_time(site.clock.time())


def member_row(page, name: str):
    return page.locator(".member", has=page.locator(".member-name", has_text=name))


def play_on(site, pages, limit: int = 400) -> None:
    """Everyone still here plays their turns; when nobody can act, time moves on a second
    (bots, autopilot and deadlines run on the server's clock). Until every page shows the end."""
    for _ in range(limit):
        if all(is_over(page) for page in pages):
            return
        acted = False
        for page in pages:
            try:
                acted = bool(take_turn(page)) or acted
            except PlaywrightTimeout:
                # The round moved on under the click (a void round restarts with the cards
                # back in hand, so the button is left as it was): look again.
                acted = True
        if not acted:
            advance(site, 1)
            pages[0].wait_for_timeout(50)  # let the pages draw what the server did
    raise AssertionError("the game did not end")


def test_a_player_whose_page_closes_is_marked_away_and_the_others_finish(open_page, site, screens):
    host = create_table(site, "Ann", {"pointsTarget": 2})
    code = host["code"]
    seats = [host, *(join_table(site, code, name) for name in ("Bob", "Cy", "Dee"))]
    sizes = [DESKTOP, PHONE, DESKTOP, PHONE]
    pages = [
        open_page(size, seat=(code, seat), path=f"/#/t/{code}")
        for size, seat in zip(sizes, seats, strict=True)
    ]
    for page in pages:
        wait_for_table(page)
        page.wait_for_function("document.querySelectorAll('.member').length === 4")
    ann, bob, cy, dee = pages
    expect(ann.locator(".grace-line")).to_have_text("Players who leave are marked away after 45 s.")
    ann.get_by_role("button", name="Start the game").click()
    for page in pages:
        page.wait_for_selector(".cah .black-card")
    expect(ann.locator(".timer")).to_be_visible()

    # Dee's page closes during the round; the others see her offline, then away.
    dee.context.close()
    expect(member_row(ann, "Dee")).to_contain_text("offline")
    advance(site, 46)
    for page in (ann, bob, cy):
        expect(member_row(page, "Dee")).to_contain_text("away")
    screens(ann, "liveness-away")
    screens(bob, "liveness-away-phone")

    play_on(site, [ann, bob, cy])
    for page in (ann, bob, cy):
        expect(page.locator(".winner-title")).not_to_be_empty()


def test_the_lobby_form_applies_at_once_and_start_plays_it(open_page, site):
    host = create_table(site, "Ann", {})
    code = host["code"]
    ann = open_page(DESKTOP, seat=(code, host), path=f"/#/t/{code}")
    bob = open_page(PHONE, seat=(code, join_table(site, code, "Bob")), path=f"/#/t/{code}")
    cy = open_page(PHONE, seat=(code, join_table(site, code, "Cy")), path=f"/#/t/{code}")
    for page in (ann, bob, cy):
        wait_for_table(page)
    assert not ann.get_by_role("button", name="Save settings").count()

    # A table setting: Bob's read-only form and players panel follow without any Save.
    ann.get_by_label("Mark a player away after (s)").fill("60")
    expect(bob.get_by_label("Mark a player away after (s)")).to_have_value("60")
    expect(bob.get_by_label("Mark a player away after (s)")).to_be_disabled()
    expect(bob.locator(".grace-line")).to_have_text("Players who leave are marked away after 60 s.")
    expect(ann.locator(".settings-state")).to_have_text("Saved")
    assert site.read(code, lambda s: s.grace) == 60

    # A game setting changed just before Start: Start waits for it, so the game plays it.
    ann.locator(".host-panel summary", has_text="More settings").click()
    ann.locator(".host-panel summary", has_text="Players").click()
    ann.get_by_label("Hand size").fill("8")
    ann.get_by_role("button", name="Start the game").click()
    for page in (ann, bob, cy):
        page.wait_for_selector(".cah .hand-grid .white-card")
    assert site.read(code, lambda s: s.options["handSize"]) == 8
    expect(bob.locator(".hand-grid > li")).to_have_count(8)


def test_a_join_link_to_a_running_russian_bank_game_offers_to_watch(open_page, site, screens):
    host = site.api(
        "POST", "/api/tables", game="russian-bank", name="Ann", client="client-rb-ann-0001"
    )
    code = host["code"]
    join_table(site, code, "Bob")
    ann = open_page(DESKTOP, seat=(code, host), path=f"/#/t/{code}")
    wait_for_table(ann)
    ann.get_by_role("button", name="Start the game").click()
    ann.wait_for_selector(".rb-board, .russian-bank", state="attached")

    guest = open_page(PHONE, path=f"/#/join/{code}")
    note = guest.locator("#arrival-note")
    expect(note).to_have_text("This game is under way and cannot take new players; you can watch.")
    before = guest.evaluate(
        "() => Boolean(document.querySelector('#arrival-note').compareDocumentPosition("
        "document.querySelector('#player-name')) & Node.DOCUMENT_POSITION_FOLLOWING)"
    )
    assert before, "the note comes before the name field"
    expect(guest.get_by_role("button", name="Join table")).to_have_count(0)
    screens(guest, "join-running-watch")
    guest.fill("#player-name", "Cy")
    guest.get_by_role("button", name="Watch", exact=True).click()
    wait_for_table(guest)
    expect(guest.locator(".table-role")).to_have_text("You are watching")
    expect(guest.get_by_role("button", name="Take a seat")).to_be_hidden()


def test_the_player_left_alone_may_claim_the_win(open_page, site, screens):
    host = site.api(
        "POST", "/api/tables", game="russian-bank", name="Ann", client="client-rb-ann-0001"
    )
    code = host["code"]
    bob_seat = join_table(site, code, "Bob")
    ann = open_page(PHONE, seat=(code, host), path=f"/#/t/{code}")
    bob = open_page(DESKTOP, seat=(code, bob_seat), path=f"/#/t/{code}")
    for page in (ann, bob):
        page.clock.set_fixed_time(site.clock.time())
        wait_for_table(page)
    ann.get_by_role("button", name="Start the game").click()
    bob.wait_for_selector(".rb-board, .russian-bank", state="attached")

    bob.context.close()
    expect(member_row(ann, "Bob")).to_contain_text("offline")
    # The server may arm Bob's grace period a turn of its loop after it shows him offline: time
    # moves on until he is away (the 45 s themselves are the server tests' to check).
    for _ in range(120):
        advance(site, 1, [ann])
        if site.read(code, lambda s: s.seat_of(bob_seat["member"]) in s.autopilot_seats()):
            break
    expect(member_row(ann, "Bob")).to_contain_text("autopilot")
    screens(ann, "liveness-autopilot")
    claim = ann.get_by_role("button", name="Claim the win")
    expect(claim).to_be_hidden()
    advance(site, 121, [ann])
    expect(claim).to_be_visible()
    screens(ann, "liveness-claim")
    claim.click()
    dialog = ann.get_by_role("dialog")
    expect(dialog).to_contain_text("Claim the win?")
    dialog.get_by_role("button", name="Claim the win").click()
    expect(ann.locator(".winner-title")).to_have_text("You win!")
    assert site.read(code, lambda s: s.results[-1]["reason"]) == "claimed"
