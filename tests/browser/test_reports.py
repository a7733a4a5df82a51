"""Reports from the table (issue 4's browser side): a chat line, the black card, a card in your
hand and a player, each through the report dialog, stored on the server as the moderators see
them (GET /api/admin/reports). Cards players wrote are reported in test_xss.py."""

from __future__ import annotations

import re

from driver import (
    DESKTOP,
    PHONE,
    add_bots,
    create_table,
    expect_heard,
    join_table,
    listen,
    tab_to,
    wait_for_table,
)
from playwright.sync_api import expect


def _dialog(page):
    return page.get_by_role("dialog")


def _send_report(page, reason: str, details: str = "") -> None:
    dialog = _dialog(page)
    dialog.get_by_role("radio", name=reason, exact=True).check()
    if details:
        dialog.get_by_label("More details").fill(details)
    dialog.get_by_role("button", name="Send report").click()
    expect(dialog).to_have_count(0)


def test_report_a_chat_line_a_card_and_a_player(open_page, site, screens):
    host = create_table(site, "Ann", {"pointsTarget": 5})
    code = host["code"]
    bob_seat = join_table(site, code, "Bob")
    join_table(site, code, "Cy")
    ann = open_page(DESKTOP, seat=(code, host), path=f"/#/t/{code}")
    bob = open_page(PHONE, seat=(code, bob_seat), path=f"/#/t/{code}")
    for page in (ann, bob):
        wait_for_table(page)
    listen(bob)

    ann.fill("#chat-input", "Something rude")
    ann.get_by_role("button", name="Send").click()
    bob.get_by_role("button", name="Report message from Ann").click()
    dialog = _dialog(bob)
    expect(dialog).to_contain_text("Ann wrote: “Something rude”")
    # Escape closes the dialog and gives focus back to the button that opened it.
    bob.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(bob.get_by_role("button", name="Report message from Ann")).to_be_focused()
    assert site.admin("GET", "/api/admin/reports") == []

    bob.get_by_role("button", name="Report message from Ann").click()
    # Focus stays inside the dialog: Tab from the last control comes back to the first.
    bob.get_by_role("button", name="Cancel").focus()
    bob.keyboard.press("Tab")
    assert bob.evaluate("document.activeElement.closest('dialog') !== null")
    # "Something else" needs words; the dialog says so and stays open.
    dialog.get_by_role("radio", name="Something else").check()
    dialog.get_by_role("button", name="Send report").click()
    expect(dialog.get_by_role("alert")).to_contain_text("Say in a few words")
    screens(bob, "report-dialog")
    _send_report(bob, "Harassment or bullying", "aimed at me")
    expect_heard(bob, "report was sent")

    ann.get_by_role("button", name="Start the game").click()
    bob.wait_for_selector(".hand-grid .white-card")
    black = bob.locator(".black-text").inner_text()
    # The black card, with the keyboard alone: Tab to its button, Space on the first reason.
    tab_to(bob, "button", "Report the black card")
    bob.keyboard.press("Enter")
    expect(_dialog(bob).locator(".report-subject")).to_contain_text(black.split()[0])
    expect(_dialog(bob).get_by_role("radio", name="Hateful or offensive")).to_be_focused()
    bob.keyboard.press("Space")
    tab_to(bob, "button", "Send report")
    bob.keyboard.press("Enter")
    expect(_dialog(bob)).to_have_count(0)
    expect(bob.get_by_role("button", name="Report the black card")).to_be_focused()

    third = bob.locator(".hand-grid .card-text").nth(2).inner_text()
    bob.get_by_role("button", name="Report a card in your hand").click()
    _dialog(bob).get_by_role("radio", name=third, exact=True).check()
    _send_report(bob, "Spam or advertising")

    bob.get_by_role("button", name="Report a player").click()
    who = _dialog(bob).get_by_role("group", name="What are you reporting?").get_by_role("radio")
    expect(who).to_have_count(2)  # Ann and Cy, never Bob himself
    _dialog(bob).get_by_role("radio", name="Cy", exact=True).check()
    _send_report(bob, "Something else", "keeps stalling")

    reports = site.admin("GET", "/api/admin/reports")
    assert [r["kind"] for r in reports] == ["chat", "card", "card", "player"]
    assert all(r["code"] == code and r["reporter"]["name"] == "Bob" for r in reports)
    chat, black_card, white_card, player = reports
    assert chat["target"]["text"] == "Something rude" and chat["target"]["name"] == "Ann"
    assert chat["reason"] == "Harassment or bullying: aimed at me"
    assert black_card["target"]["card"]["pick"] >= 1
    # the page reads a blank as "blank", the report keeps the card's own underscores
    reported = [word for word in black_card["target"]["card"]["text"].split() if "_" not in word]
    assert reported[0] in black
    assert black_card["reason"] == "Hateful or offensive"
    assert white_card["target"]["card"]["text"] == third
    assert white_card["reason"] == "Spam or advertising"
    assert player["target"]["name"] == "Cy"
    assert player["reason"] == "Something else: keeps stalling"


def test_a_refused_report_says_why_and_stays_open(open_page, site):
    host = create_table(site, "Ann", {})
    code = host["code"]
    join_table(site, code, "Bob")
    ann = open_page(DESKTOP, seat=(code, host), path=f"/#/t/{code}")
    wait_for_table(ann)
    ann.get_by_role("button", name="Report a player").click()
    expect(_dialog(ann)).to_contain_text("Bob")
    _dialog(ann).get_by_role("radio", name="Spam or advertising").check()
    # The server refuses the report (as when someone reports too often): the dialog says why.
    open_page.expected_console.append("status of 429")
    ann.route(
        "**/api/reports",
        lambda route: route.fulfill(
            status=429,
            json={"error": {"code": "rate-limited", "message": "too many reports; wait a little"}},
        ),
    )
    _dialog(ann).get_by_role("button", name="Send report").click()
    expect(_dialog(ann).get_by_role("alert")).to_have_text(
        "You sent too many reports just now. Wait a little, then try again."
    )
    expect(_dialog(ann).get_by_role("button", name="Send report")).to_be_enabled()
    assert site.admin("GET", "/api/admin/reports") == []


def test_the_czar_reports_a_revealed_answer(open_page, site):
    host = create_table(
        site, "Ann", {"firstCzar": "hostPick", "firstCzarSeat": 0, "revealOneByOne": True}
    )
    code = host["code"]
    ann = open_page(DESKTOP, seat=(code, host), path=f"/#/t/{code}")
    wait_for_table(ann)
    add_bots(ann, 2)
    ann.get_by_role("button", name="Start the game").click()
    expect(ann.locator(".round-title")).to_contain_text("You are the Card Czar")
    report = ann.get_by_role("button", name="Report an answer")
    expect(report).to_be_hidden()  # nothing to report before an answer is shown
    # Ann reveals the answers one by one, and stops before choosing a winner.
    action = ann.locator(".action-bar:not([hidden]) .action-button")
    expect(action).to_have_text(re.compile("Reveal answer 1"))
    while (label := action.inner_text()).startswith("Reveal"):
        action.click()
        expect(action).not_to_have_text(label)
    expect(action).to_have_text("Choose this winner")
    expect(ann.locator(".answer-grid .white-card")).to_have_count(2)
    second = ann.locator(".answer-grid .white-card").nth(1).locator(".fill").all_inner_texts()
    report.click()
    choice = ann.get_by_role("radio", name=f"Answer 2: {second[0]}")
    choice.check()
    _send_report(ann, "Sexual content that does not belong here")
    (stored,) = site.admin("GET", "/api/admin/reports")
    assert stored["kind"] == "card"
    assert stored["target"]["card"]["text"].rstrip(".") == second[0].rstrip(".")
