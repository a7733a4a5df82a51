"""Four people create, join and play a whole game through the site, each seeing only their hand."""

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


@pytest.mark.long
def test_four_players_create_join_and_play_to_the_end(open_page, site, screens):
    host = open_page(DESKTOP)
    host.wait_for_selector("#create-game option", state="attached")
    screens(host, "home")
    host.fill("#player-name", "Ann")
    host.get_by_text("End", exact=True).click()
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
    # Cy types the code.
    cy = open_page(DESKTOP)
    cy.fill("#player-name", "Cy")
    cy.fill("#join-code", code.lower())
    cy.get_by_role("button", name="Join table").click()
    wait_for_table(cy)
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
