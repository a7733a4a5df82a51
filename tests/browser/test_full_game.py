"""Four people create, join and play a whole game through the site, each seeing only their hand.
On the way: the game's how-to-play page, from the create form and from the table, and the
table's first-time hint, which stays dismissed on the device that dismissed it."""

from __future__ import annotations

import json

import pytest
from driver import DESKTOP, PHONE, hand_ids, is_over, play_until_over, take_turn, wait_for_table
from playwright.sync_api import expect


def seat_of(page, site, code: str) -> int:
    seats = json.loads(page.evaluate("localStorage.getItem('cardtable.seats')"))
    member = seats[f"seat:{code}"]["member"]
    return site.read(code, lambda s: s.seat_of(member))


def check_own_hands(pages, site, code: str) -> None:
    """Each page shows exactly its seat's hand, and no card of another hand anywhere."""
    game = site.read(code, lambda s: s.game_state)
    hands = [set(hand) for hand in game.hands]
    for page in pages:
        seat = seat_of(page, site, code)
        shown = set(hand_ids(page))
        assert shown == hands[seat], (seat, shown, hands[seat])
        keys = set(
            page.locator(".card-grid > li").evaluate_all("els => els.map(e => e.dataset.key)")
        )
        for other, hand in enumerate(hands):
            if other != seat:
                assert not {str(card) for card in hand} & keys


def check_how_to_play_link(page, screens) -> None:
    """The create form links to the chosen game's page, which opens beside it."""
    link = page.locator(".game-howto a")
    page.select_option("#create-game", "russian-bank")
    expect(link).to_have_attribute("href", "howto/russian-bank.html")
    page.select_option("#create-game", "cah")
    expect(link).to_have_attribute("href", "howto/cah.html")
    with page.expect_popup() as opened:
        link.click()
    howto = opened.value
    expect(howto.locator("h1")).to_have_text("How to play Cards Against Humanity")
    screens(howto, "howto")
    howto.close()


def check_first_time_hint(page) -> None:
    """A table shows the hint until it is dismissed, and not again after a reload; its bar
    links to the game's page all along."""
    hint = page.locator(".howto-hint")
    expect(hint).to_contain_text("New to Cards Against Humanity? How to play")
    expect(hint.locator("a")).to_have_attribute("href", "howto/cah.html")
    hint.get_by_role("button", name="Got it").click()
    expect(hint).to_be_hidden()
    page.reload()
    wait_for_table(page)
    expect(page.locator(".table-howto a")).to_have_attribute("href", "howto/cah.html")
    expect(hint).to_be_hidden()


@pytest.mark.long
def test_four_players_create_join_and_play_to_the_end(open_page, site, screens):
    host = open_page(DESKTOP)
    host.wait_for_selector("#create-game option", state="attached")
    screens(host, "home")
    check_how_to_play_link(host, screens)
    host.fill("#player-name", "Ann")
    host.get_by_text("More settings", exact=True).click()
    host.get_by_text("How it ends", exact=True).click()
    host.get_by_label("Points to win").fill("2")
    # A new table is unlisted unless the host lists it.
    host.locator("summary", has_text="name, privacy").click()
    expect(host.get_by_label("List this table under public games")).not_to_be_checked()
    host.get_by_label("List this table under public games").check()
    host.get_by_role("button", name="Create table").click()
    wait_for_table(host)
    code = host.locator(".big-code").inner_text()

    # Bob opens the shared link on his phone.
    bob = open_page(PHONE, path=f"/#/join/{code}")
    bob.fill("#player-name", "Bob")
    bob.get_by_role("button", name="Join table").click()
    wait_for_table(bob)
    check_first_time_hint(bob)
    # Cy types the code.
    cy = open_page(DESKTOP)
    cy.fill("#player-name", "Cy")
    cy.fill("#join-code", code.lower())
    cy.get_by_role("button", name="Join table").click()
    wait_for_table(cy)
    expect(cy.locator(".howto-hint")).to_be_visible()  # dismissed on Bob's phone only
    # Dee picks the table from the public list.
    dee = open_page(PHONE)
    dee.fill("#player-name", "Dee")
    dee.get_by_role("button", name="Join Ann's table").click()
    wait_for_table(dee)
    home_phone = open_page(PHONE)
    home_phone.wait_for_selector(".table-item")
    screens(home_phone, "home")

    pages = [host, bob, cy, dee]
    for page in pages:
        page.wait_for_function("document.querySelectorAll('.member').length === 4")
    assert host.locator(".qr").count() == 1
    # The host changes a setting: it applies at once, and the others read it in the rules.
    host.locator(".host-panel summary", has_text="More settings").click()
    host.locator(".host-panel summary", has_text="Players").click()
    host.get_by_label("Hand size").fill("8")
    expect(bob.locator(".rules-summary")).to_contain_text("Hand size: 8")
    expect(host.locator(".settings-state")).to_have_text("Saved")
    screens(host, "lobby")
    screens(bob, "lobby")
    host.get_by_role("button", name="Start the game").click()
    for page in pages:
        page.wait_for_selector(".cah .black-card")
    check_own_hands(pages, site, code)
    assert {len(hand_ids(page)) for page in pages} == {8}
    screens(bob, "table")
    screens(cy, "table")

    shot = {"judge": False, "winner": False}

    def after_turn(page, label):
        if label.startswith("Submit"):
            check_own_hands(pages, site, code)
        if label.startswith("Choose") and not shot["winner"]:
            page.wait_for_selector(".celebration")
            screens(page, "winner")
            shot["winner"] = True
        if not shot["judge"] and any(p.locator(".answer-grid .selectable").count() for p in pages):
            judge = next(p for p in pages if p.locator(".answer-grid .selectable").count())
            screens(judge, "czar")
            shot["judge"] = True

    play_until_over(pages, each_turn=after_turn)
    assert all(is_over(page) for page in pages)
    results = site.read(code, lambda s: s.results[-1])
    winner = host.locator(".winner-title").inner_text()
    names = {
        seat_of(p, site, code): n for p, n in zip(pages, ["Ann", "Bob", "Cy", "Dee"], strict=True)
    }
    assert names[results["winners"][0]] in winner
    for page in pages:
        page.wait_for_selector(".history-round")
        assert take_turn(page) is None
    # Each round of the history shows its own black card with its winning answer.
    blacks = host.locator(".history-card").evaluate_all(
        "cards => cards.map(c => [...c.childNodes].filter(n => n.nodeType === Node.TEXT_NODE)"
        ".map(n => n.textContent).join(''))"
    )
    assert len(blacks) >= 2
    assert len(set(blacks)) == len(blacks), blacks
    for page in (host, dee):
        page.keyboard.press("Escape")  # the winner's moment goes away
        screens(page, "end")
    assert not bob.get_by_role("button", name="Rematch: play again").count()
    host.get_by_role("button", name="Rematch: play again").click()
    for page in pages:
        page.wait_for_selector(".cah .hand-grid .white-card")
        assert page.locator(".round-title").inner_text().startswith("Round 1")
