"""The CSH table drawn from scripted positions that a random game through the site reaches only
now and then: the page's own renderer gets the view the server would send to a seat."""

from __future__ import annotations

from driver import draw_view

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
