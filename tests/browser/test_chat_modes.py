"""Who may chat (issue 4): the host chooses everyone, players only or nobody, in the lobby and
during a game; whoever cannot write is told why (on screen and through the live region)."""

from __future__ import annotations

from driver import (
    DESKTOP,
    PHONE,
    add_bots,
    create_table,
    expect_heard,
    join_table,
    listen,
    wait_for_table,
)
from playwright.sync_api import expect


def test_host_mutes_spectators_then_turns_chat_off_and_on(open_page, site, screens):
    host = create_table(site, "Ann", {})
    code = host["code"]
    bob_seat = join_table(site, code, "Bob")
    wes_seat = join_table(site, code, "Wes", spectate=True)
    ann = open_page(DESKTOP, seat=(code, host), path=f"/#/t/{code}")
    bob = open_page(DESKTOP, seat=(code, bob_seat), path=f"/#/t/{code}")
    wes = open_page(PHONE, seat=(code, wes_seat), path=f"/#/t/{code}")
    for page in (ann, bob, wes):
        wait_for_table(page)
    listen(wes)
    expect(wes.locator("#chat-input")).to_be_visible()
    expect(bob.get_by_label("Who can chat (host)")).to_be_hidden()

    ann.get_by_label("Who can chat (host)").select_option("players")
    expect(wes.locator(".chat-notice")).to_have_text(
        "Spectators are muted: only players can chat at this table."
    )
    expect(wes.locator("#chat-input")).to_be_hidden()
    expect_heard(wes, "Spectators are muted")
    expect(bob.locator(".chat-notice")).to_be_hidden()
    bob.fill("#chat-input", "Players still talk")
    bob.get_by_role("button", name="Send").click()
    expect(wes.locator(".chat-text")).to_have_text(["Players still talk"])
    screens(wes, "chat-muted-spectator")

    # Chat is the one setting the host may change during a game.
    add_bots(ann, 1)
    ann.get_by_role("button", name="Start the game").click()
    bob.wait_for_selector(".hand-grid .white-card")
    ann.get_by_label("Who can chat (host)").select_option("off")
    for page in (bob, wes):
        expect(page.locator(".chat-notice")).to_have_text("The host turned the chat off.")
        expect(page.locator("#chat-input")).to_be_hidden()
    expect(ann.locator("#chat-input")).to_be_hidden()
    expect(bob.locator(".chat-text")).to_have_text(["Players still talk"])

    ann.get_by_label("Who can chat (host)").select_option("on")
    expect_heard(wes, "You can write in the chat again.")
    wes.fill("#chat-input", "Hello from the stands")
    wes.get_by_role("button", name="Send").click()
    expect(ann.locator(".chat-text")).to_have_text(["Players still talk", "Hello from the stands"])
    assert site.read(code, lambda s: s.chat_mode) == "on"
