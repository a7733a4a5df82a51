"""The pack picker and the import report in the browser (issue 22): an upload shows what was
repaired or skipped card by card and the deck's licence and attribution; the packs of the
chosen decks are chosen by name (with counts, official marks, ratings and a search), which sets
the CAH `packs` option at once; the table shows the packs in play."""

from __future__ import annotations

import json

import httpx
from driver import PHONE, wait_for_table
from playwright.sync_api import expect

EXPANSIONS = [f"Expansion {n}" for n in range(1, 31)]
# A compact JSON Against Humanity file of invented cards: 30 packs sharing black cards, a
# black card whose blanks all take one answer (repaired) and an empty white card (skipped).
WHITE = [f"Made-up answer {n}." for n in range(300)] + [""]
BLACK = [{"text": f"Made-up call {n}: _.", "pick": 1} for n in range(60)]
BLACK.append({"text": "The same answer _ and _ again.", "pick": 1})
PACKED = json.dumps(
    {
        "license": "CC BY-NC-SA 4.0",
        "author": "The test writers",
        "white": WHITE,
        "black": BLACK,
        "packs": [
            {
                "name": name,
                "official": n < 5,
                "white": [w for w in range(len(WHITE)) if w % 30 == n],
                "black": [b for b in range(len(BLACK)) if b % 30 in (n, (n + 1) % 30)],
            }
            for n, name in enumerate(EXPANSIONS)
        ],
    }
).encode()


def _rated_deck() -> bytes:
    """A `cardtable-deck` with a family pack and an adult pack."""
    cards = {"calls": [], "responses": []}
    for rating in ("family", "adult"):
        pack = f"{rating.title()} pack"
        cards["calls"] += [{"text": f"A {rating} call {n}: _.", "packs": [pack]} for n in range(4)]
        cards["responses"] += [
            {"text": f"A {rating} answer {n}.", "rating": rating, "packs": [pack]}
            for n in range(12)
        ]
    deck = {"format": "cardtable-deck", "version": 1, "id": "rated", "name": "Rated deck"}
    return json.dumps({**deck, "packs": ["Family pack", "Adult pack"], **cards}).encode()


def _packs(state) -> list[str]:
    """The packs the table's options choose (none: every pack)."""
    return state.options["packs"]


def test_upload_report_then_choose_packs_and_see_them_in_play(open_page, site, screens):
    rated = httpx.post(
        f"{site.url}/api/decks", content=_rated_deck(), params={"name": "r.json"}, timeout=60
    )  # read in a sandbox process of its own, slow to start on a busy machine
    assert rated.status_code == 201, rated.text
    ann = open_page(PHONE)
    ann.fill("#player-name", "Ann")
    ann.get_by_text("More settings", exact=True).click()
    ann.get_by_text("Cards", exact=True).click()  # the option group holding the decks
    ann.get_by_role("checkbox", name="Rated deck").check()
    ann.get_by_role("checkbox", name="cardtable: Main Deck").uncheck()
    picker = ann.locator(".pack-picker")
    expect(picker.get_by_role("checkbox", name="Family pack")).to_be_visible()
    expect(ann.get_by_label("Only these packs")).to_be_hidden()  # the picker stands in for it

    ann.get_by_text("Upload a deck file").click()
    ann.get_by_label("Deck file").set_input_files(
        files=[{"name": "made-up.json", "mimeType": "application/json", "buffer": PACKED}]
    )
    ann.get_by_role("button", name="Upload deck").click()
    expect(ann.locator(".upload-done")).to_have_text(
        "Imported “made-up”: 361 cards (61 black, 300 white); repaired 1, skipped 1. "
        "It is chosen for this game."
    )
    report = ann.locator(".import-report")
    expect(report).to_contain_text("Text encoding: UTF-8.")
    expect(report).to_contain_text("Licence: CC BY-NC-SA 4.0 · by The test writers.")
    report.get_by_text("What was repaired or skipped (2 cards)").click()
    expect(report.locator("li").first).to_have_text(
        "Field black[60].pick: “pick” is 1 but the text has 2 blanks: every blank now takes the"
        " same answer."
    )
    expect(report.locator("li").nth(1)).to_have_text(
        "Field white[300]: The text is missing or empty."
    )
    made_up = ann.locator(".deck-item", has=ann.get_by_role("checkbox", name="made-up"))
    expect(made_up).to_contain_text("licence: CC BY-NC-SA 4.0 · by The test writers")

    count = picker.locator("[role=status]")
    expect(count).to_have_text(
        "No pack chosen: every card of the chosen decks is played (32 packs)."
    )
    family = picker.locator(".pack-item", has=ann.get_by_role("checkbox", name="Family pack"))
    expect(family).to_contain_text("4 black, 12 white · third party · rated family")
    first = picker.locator(".pack-item", has=ann.get_by_role("checkbox", name="Expansion 1"))
    expect(first.first).to_contain_text("5 black, 10 white · official")
    picker.get_by_label("Find a pack").fill("expansion 1")
    expect(picker.locator(".pack-item:visible")).to_have_count(11)  # 1 and 10 to 19
    picker.get_by_label("Find a pack").fill("Expansion 12")
    picker.get_by_role("checkbox", name="Expansion 12").check()
    picker.get_by_label("Find a pack").fill("")
    picker.get_by_role("checkbox", name="Family pack").check()
    expect(count).to_have_text("2 of 32 packs chosen: up to 8 black cards and 22 white cards.")
    expect(picker.locator(".pack-note")).to_have_text("")
    screens(ann, "pack-picker")

    ann.get_by_role("button", name="Create table").click()
    wait_for_table(ann)
    code = ann.url.rsplit("/", 1)[1]
    assert sorted(site.read(code, _packs)) == ["Expansion 12", "Family pack"]
    in_play = ann.locator(".decks-in-play-panel")
    expect(in_play).to_contain_text("2 decks, 2 packs chosen")
    in_play.get_by_text("Cards in play").click()
    expect(in_play.locator(".deck-packs")).to_have_text(["pack: Family pack", "pack: Expansion 12"])

    # In the lobby the host's picker shows the choice, and a change applies at once.
    ann.locator(".host-panel summary", has_text="More settings").click()
    ann.locator(".host-panel summary", has_text="Cards").click()
    lobby_picker = ann.locator(".host-panel .pack-picker")
    expect(lobby_picker.get_by_role("checkbox", name="Expansion 12")).to_be_checked()
    lobby_picker.get_by_role("checkbox", name="Family pack").uncheck()
    lobby_picker.get_by_role("checkbox", name="Adult pack").check()
    expect(ann.locator(".settings-state")).to_have_text("Saved")
    expect(in_play.locator(".deck-packs")).to_have_text(["pack: Adult pack", "pack: Expansion 12"])
    expect(ann.locator("ul.decks-in-play .deck-counts").first).to_contain_text("pack")
    assert sorted(site.read(code, _packs)) == ["Adult pack", "Expansion 12"]
    lobby_picker.get_by_role("button", name="Play every pack").click()
    expect(ann.locator(".settings-state")).to_have_text("Saved")
    assert list(site.read(code, _packs)) == []
    expect(in_play).to_be_hidden()  # no filter: the lobby's own list says it all
    expect(ann.locator("ul.decks-in-play .deck-counts").first).to_contain_text("every pack")
    screens(ann, "pack-picker-lobby")
