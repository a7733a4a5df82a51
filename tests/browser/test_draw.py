"""A game that ends with every seat in first place is a draw, and the end screen says so
(issue 24: draws are their own outcome, not a win for everyone)."""

from __future__ import annotations

from driver import DESKTOP, PHONE, create_table, join_table, wait_for_table
from playwright.sync_api import expect


def test_a_game_the_host_ends_with_everyone_level_is_shown_as_a_draw(open_page, site):
    host = create_table(site, "Ann", {"manualEnd": True})
    code = host["code"]
    seats = [host, join_table(site, code, "Bob"), join_table(site, code, "Cy")]
    pages = [
        open_page(size, seat=(code, seat), path=f"/#/t/{code}")
        for size, seat in zip((DESKTOP, PHONE, DESKTOP), seats, strict=True)
    ]
    for page in pages:
        wait_for_table(page)
    pages[0].get_by_role("button", name="Start the game").click()
    for page in pages:
        page.wait_for_selector(".cah .black-card")
    pages[0].get_by_role("button", name="End the game").click()
    for page in pages:
        expect(page.locator(".winner-title")).to_have_text(
            "The game is a draw: everyone shares first place"
        )
    assert site.read(code, lambda s: s.results[-1]["draw"]) is True
