"""The CSH table drawn from scripted positions that a random game through the site reaches only
now and then: the page's own renderer gets the view the server would send to a seat."""

from __future__ import annotations

from driver import draw_view

from cardtable.games.csh.catalog import CATALOG
from cardtable.games.csh.state import Phase
from csh_table import Table

TEXTS = """() => {
  const texts = (selector) => [...document.querySelectorAll(selector)].map((e) => e.textContent);
  return { prompt: texts(".csh-prompt")[0], effects: texts(".csh-effects li"),
    buttons: texts(".csh-moves:not([hidden]) button") };
}"""


def test_a_choice_asked_by_a_retriggered_card_names_that_card(open_page):
    """H7 Reenactment resolves Intro Packet (B5) again: its discard choice sits on a stack
    item that plays no card, and the prompt and the effect stack name Intro Packet."""
    table = Table(seats=2, hands={0: ["H7"]}, deck=["E3", "E4"], archives={0: [["B5"]]})
    table.play(0, "H7")
    table.pass_all()
    view = table.view(0)
    assert table.state.phase is Phase.CHOICE and view["public"]["stack"][-1]["cards"] == []

    page = open_page()
    draw_view(page, "csh", view, 0)
    drawn = page.evaluate(TEXTS)

    assert drawn["prompt"] == "Intro Packet: choose a card to discard from your hand."
    assert drawn["effects"][0] == "You are resolving Intro Packet again. (resolving)"
    assert len(drawn["buttons"]) == len(view["you"]["options"]) == 2


GROUPS = """() => [...document.querySelectorAll(".csh-moves:not([hidden]) .csh-group")].map(
  (g) => ({ title: g.querySelector(".csh-group-title").textContent,
            detail: g.querySelector(".csh-group-detail").hidden
              ? null : g.querySelector(".csh-group-detail").textContent }))"""


def printed(card: str) -> str:
    return CATALOG.by_id[card].to_json()["text"]


def test_each_card_offered_shows_what_it_does_beside_its_buttons(open_page, screens):
    """A card's play and a reaction's Cancel carry the card's text in their group, so a player
    on a phone decides without scrolling down to the hand; Freshmen need none."""
    table = Table(seats=2, hands={0: ["R5", "B1", "B2"], 1: ["E3"]}, current=0)
    page = open_page()
    draw_view(page, "csh", table.view(0), 0)
    turn = {group["title"]: group["detail"] for group in page.evaluate(GROUPS)}
    assert turn["Play Hackathon · R&D · 2 VP"] == printed("R5")
    assert turn["Play 1 Freshman"] is None
    screens(page, "csh-turn-offers")

    table.draw(0)
    table.draw(0)  # seat 1's turn: its play opens a window on seat 0, which holds a Cancel
    table.play(1, "E3")
    draw_view(page, "csh", table.view(0), 0)
    window = {group["title"]: group["detail"] for group in page.evaluate(GROUPS)}
    assert window["Cancel it with Cancel"] == printed("B2")
