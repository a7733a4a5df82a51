"""Decks and player cards in the browser (issue 4): the `decks` option is a picker from the deck
library, a deck file is uploaded from the create form (a bad one is refused with the place of
its first problem), the lobby shows the decks in play, and players write cards when the host
lets them."""

from __future__ import annotations

import json

from driver import DESKTOP, PHONE, add_bots, expect_heard, join_table, listen, wait_for_table
from playwright.sync_api import expect

CALLS = [[[f"Test call number {n} is ", {}, "."]] for n in range(12)]
RESPONSES = [f"Test answer {n}" for n in range(60)]
GOOD = json.dumps(
    {
        "name": "Our Test Deck",
        "language": "en",
        "author": "tests",
        "calls": CALLS,
        "responses": RESPONSES,
    }
).encode()
BAD = b'{\n  "white": ["Broken."],\n  "black": [,]\n}\n'  # not JSON: refused whole


def _upload(page, name: str, data: bytes) -> None:
    if not page.locator(".deck-upload").evaluate("details => details.open"):
        page.get_by_text("Upload a deck file").click()
    page.get_by_label("Deck file").set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": data}]
    )
    page.get_by_role("button", name="Upload deck").click()


def test_pick_and_upload_decks_then_play_with_them(open_page, site, screens):
    ann = open_page(DESKTOP)
    ann.fill("#player-name", "Ann")
    ann.get_by_text("More settings", exact=True).click()
    ann.get_by_text("Cards", exact=True).click()  # the option group holding the decks
    main = ann.get_by_role("checkbox", name="cardtable: Main Deck")
    expect(main).to_be_checked()
    expect(ann.locator(".deck-item", has=main)).to_contain_text("144 black cards, 607 white cards")
    expect(ann.locator(".deck-item", has=main)).to_contain_text("built in")

    open_page.expected_console.append("status of 400")
    _upload(ann, "broken.json", BAD)
    expect(ann.locator(".deck-upload .form-error")).to_have_text(
        "The deck was not added. Line 3: This is not valid JSON."
    )

    _upload(ann, "ours.deck.json5", GOOD)
    expect(ann.locator(".upload-done")).to_have_text(
        "Imported “Our Test Deck”: 72 cards (12 black, 60 white). It is chosen for this game."
    )
    expect(ann.locator(".import-report")).to_have_text(
        "Text encoding: UTF-8. Licence not stated · by tests."
    )
    ours = ann.get_by_role("checkbox", name="Our Test Deck")
    expect(ours).to_be_checked()
    expect(ann.locator(".deck-item", has=ours)).to_contain_text("uploaded")
    main.uncheck()
    expect(ann.locator(".deck-fieldset [role=status]")).to_have_text(
        "1 deck chosen: 12 black cards, 60 white cards."
    )
    screens(ann, "create-decks")
    ann.get_by_role("button", name="Create table").click()
    wait_for_table(ann)
    listen(ann)
    expect(ann.locator(".decks-in-play")).to_have_text(
        "Our Test Deck · 12 black, 60 white · every pack"
    )
    code = ann.url.rsplit("/", 1)[1]

    # The host lets players write cards; Bob writes one from the lobby.
    ann.get_by_label("Players may write their own cards in the lobby").check()
    expect(ann.locator(".settings-state")).to_have_text("Saved")
    bob = open_page(PHONE, seat=(code, join_table(site, code, "Bob")), path=f"/#/t/{code}")
    wait_for_table(bob)
    bob.get_by_label("Your card").fill("A card Bob wrote")
    bob.get_by_role("button", name="Add my card").click()
    expect(bob.locator(".write-card [role=status]")).to_have_text(
        "Your white card was added to this table's deck."
    )
    bob.get_by_role("radio", name="Black card (a question)").check()
    bob.get_by_label("Your card").fill("Bob asks: _?")
    bob.get_by_role("button", name="Add my card").click()
    expect(bob.locator(".write-card [role=status]")).to_contain_text("Your black card")
    expect_heard(ann, "Bob wrote a black card.")
    screens(bob, "lobby-write-card")
    options = site.read(code, lambda s: s.options)
    assert list(options["customWhiteCards"]) == ["A card Bob wrote"]
    assert list(options["customBlackCards"]) == ["Bob asks: _?"]
    # The host's form shows Bob's cards and keeps them when the host changes a setting.
    ann.locator(".host-panel summary", has_text="More settings").click()
    ann.locator(".host-panel summary", has_text="Players").click()
    ann.get_by_label("Hand size").fill("9")
    expect(ann.locator(".settings-state")).to_have_text("Saved")
    options = site.read(code, lambda s: s.options)
    assert options["handSize"] == 9
    assert list(options["customWhiteCards"]) == ["A card Bob wrote"]

    add_bots(ann, 1)
    ann.get_by_role("button", name="Start the game").click()
    ann.wait_for_selector(".hand-grid .white-card")
    black = ann.locator(".black-text").inner_text()
    assert black.startswith(("Test call number", "Bob asks"))
    hand = ann.locator(".hand-grid .card-text").all_inner_texts()
    assert all(text in RESPONSES or text == "A card Bob wrote" for text in hand)
