"""Names, chat, table names, custom and blank cards are shown as text, never run as HTML."""

from __future__ import annotations

from driver import DESKTOP, PHONE, create_table, play_until_over, take_turn, wait_for_table
from playwright.sync_api import expect

IMG = "<img src=x onerror=alert(1)>"
SVG = "<svg onload=alert(2)>"
QUOTE = '"><script>alert(3)</script>'
CARDS = [f"<img src=x onerror=alert({n})> card {n}" for n in range(40)]
BLACKS = [f"<b onclick=alert({n})>Call</b> _ <script>alert({n})</script>" for n in range(4)]


def no_markup(page) -> None:
    assert page.locator("img").count() == 0
    assert page.locator("main svg:not(.qr):not(.icon)").count() == 0
    assert page.locator("main script, main b[onclick]").count() == 0


def test_html_in_names_chat_and_cards_shows_as_text(open_page, site):
    options = {
        "decks": [],
        "customWhiteCards": CARDS,
        "customBlackCards": BLACKS,
        "blankCards": 10,
        "pointsTarget": 1,
    }
    host = create_table(site, SVG, options, table_name=IMG, public=True)
    code = host["code"]
    ann = open_page(DESKTOP, seat=(code, host), path=f"/#/t/{code}")
    wait_for_table(ann)

    others = []
    for name in (IMG, QUOTE):
        page = open_page(PHONE)
        page.wait_for_selector(".table-item")
        assert page.locator(".table-name").first.inner_text() == IMG
        page.fill("#player-name", name)
        page.fill("#join-code", code)
        page.get_by_role("button", name="Join table").click()
        wait_for_table(page)
        others.append(page)
    pages = [ann, *others]
    ann.wait_for_function("document.querySelectorAll('.member').length === 3")
    names = ann.locator(".member-name").all_inner_texts()
    assert names == [f"{SVG} (you)", IMG, QUOTE]
    assert ann.locator(".table-title").inner_text() == IMG

    ann.fill("#chat-input", IMG)
    ann.get_by_role("button", name="Send").click()
    others[0].wait_for_selector(".chat-text")
    assert others[0].locator(".chat-text").inner_text() == IMG
    # The report dialog names the message as text, and the report stores it as sent.
    others[0].get_by_role("button", name=f"Report message from {SVG}").click()
    report = others[0].get_by_role("dialog")
    expect(report.locator(".report-subject")).to_have_text(f"{SVG} wrote: “{IMG}”")
    report.get_by_role("radio", name="Hateful or offensive").check()
    report.get_by_role("button", name="Send report").click()
    expect(report).to_have_count(0)

    ann.get_by_role("button", name="Start the game").click()
    for page in pages:
        page.wait_for_selector(".hand-grid .white-card")
        assert "<script>" in page.locator(".black-text").inner_text()
        texts = page.locator(".hand-grid .card-text").all_inner_texts()
        assert any(text.startswith("<img src=x") for text in texts)
    # A card a player wrote is reported as a custom card, its text kept as it is.
    written = next(t for t in ann.locator(".hand-grid .card-text").all_inner_texts() if "<img" in t)
    ann.get_by_role("button", name="Report a card in your hand").click()
    report = ann.get_by_role("dialog")
    report.get_by_role("radio", name=written, exact=True).check()
    report.get_by_role("radio", name="Spam or advertising").check()
    report.get_by_role("button", name="Send report").click()
    expect(report).to_have_count(0)
    chat, card = site.admin("GET", "/api/admin/reports")
    assert (chat["kind"], chat["target"]["text"], chat["target"]["name"]) == ("chat", IMG, SVG)
    assert (card["kind"], card["target"]["card"]["text"]) == ("custom-card", written)
    # Everyone plays a blank card if they hold one, writing markup on it.
    for page in pages:
        blank = page.locator(".hand-grid > li", has_text="blank")
        submitting = page.locator(".action-bar:not([hidden]) .action-button", has_text="Submit")
        if blank.count() and submitting.count():
            blank.first.locator(".white-card").click()
            page.locator(".write-input").fill(IMG)
            page.locator(".action-button").click()
    play_until_over(pages)
    for page in pages:
        no_markup(page)
        assert take_turn(page) is None
        page.wait_for_selector(".history-round")
        assert "<img" in page.locator(".history-card").first.inner_text()
    # The host removes a player, who is told so, after a confirmation naming them; Cancel and
    # Escape leave everyone at the table.
    ann.get_by_role("button", name="Manage").click()
    ann.get_by_role("button", name=f"Ban {QUOTE} from this table").click()
    confirm = ann.get_by_role("dialog", name=f"Ban {QUOTE}?")
    confirm.get_by_role("button", name="Cancel").click()
    expect(confirm).to_have_count(0)
    ann.get_by_role("button", name=f"Remove {QUOTE}").click()
    expect(ann.get_by_role("dialog", name=f"Remove {QUOTE}?")).to_be_visible()
    ann.keyboard.press("Escape")
    expect(ann.get_by_role("dialog")).to_have_count(0)
    expect(ann.locator(".member")).to_have_count(3)
    ann.get_by_role("button", name=f"Remove {QUOTE}").click()
    ann.get_by_role("dialog").get_by_role("button", name="Remove", exact=True).click()
    expect(others[1].locator(".stage")).to_contain_text("The host removed you")
    expect(ann.locator(".member")).to_have_count(2)
