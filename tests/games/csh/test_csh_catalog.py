"""The card data file: the set of C.3 as data, validated at load; malformed data is refused
with a message naming the card and the field."""

from __future__ import annotations

import copy
import re
import tomllib
from pathlib import Path

import pytest

from cardtable.games.csh.catalog import CATALOG, DATA_FILE, CardDataError, parse

DOC = Path(__file__).parents[3] / "docs" / "csh-cards.md"
RAW = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))


def test_the_set_has_twenty_base_cards_and_ten_per_directorship():
    sizes = {}
    for kind in CATALOG.types[:-1]:
        sizes[kind.set] = sizes.get(kind.set, 0) + kind.qty
    assert sizes == {"base": 20, **{d.id: 10 for d in CATALOG.directorships}}
    assert len(CATALOG.directorships) == 8 and CATALOG.election.id == "ELECTION"
    assert CATALOG.by_id["S1"].count == "socials" and CATALOG.by_id["I4"].vp == -2


def _broken(edit) -> dict:
    data = copy.deepcopy(RAW)
    edit(data)
    return data


def _card(data, card_id):
    return next(c for c in data["card"] if c["id"] == card_id)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: _card(d, "B4")["on_enter"].append({"op": "teleport"}), "card B4.on_enter"),
        (lambda d: _card(d, "B4")["on_enter"][0].update(who="nobody"), "B4.on_enter[0].who"),
        (lambda d: _card(d, "B4")["on_enter"][0].update(n=0), "B4.on_enter[0].n"),
        (lambda d: _card(d, "B4")["on_enter"][0].update(colour=1), "unknown key 'colour'"),
        (lambda d: _card(d, "P2")["on_enter"][1].pop("chooser"), "needs 'chooser'"),
        (lambda d: _card(d, "E1").update(qty=2), "set evals: has 11 cards"),
        (lambda d: _card(d, "E1").update(vp="lots"), "card E1.vp"),
        (lambda d: _card(d, "S1").update(vp={"count": "nobody"}), "card S1.vp"),
        (lambda d: _card(d, "E1").update(kind="base"), "card E1.kind"),
        (lambda d: _card(d, "B2").update(on_enter=[{"op": "extra-turn"}]), "a reaction card"),
        (lambda d: _card(d, "B1").update(static=[{"op": "shield"}]), "Freshmen have no effects"),
        (lambda d: _card(d, "R1")["static"].append({"op": "slots", "n": 1}), "at most once"),
        (lambda d: _card(d, "O3")["on_enter"][0].update(n=6), "at most 5"),
        (lambda d: _card(d, "R8")["on_enter"][0].update(n=7), "the swing cap, 6 VP"),
        (lambda d: _card(d, "E2").update(id="E1"), "card E1: the id is used twice"),
        (lambda d: _card(d, "E2").update(set="sports"), "card E2.set"),
        (lambda d: d.pop("election"), "election"),
        (lambda d: d["directorship"].append(dict(d["directorship"][0])), "unique"),
        (lambda d: d.update(extra=1), "unknown top-level key"),
    ],
)
def test_malformed_card_data_is_refused_naming_the_card_and_field(edit, message):
    with pytest.raises(CardDataError, match=re.escape(message)):
        parse(_broken(edit))


def test_the_card_document_lists_every_card_as_the_data_has_it():
    """docs/csh-cards.md's table of the current set matches cards.toml row by row."""
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and re.fullmatch(r"[BESPROHFI]\d+", cells[0]):
            rows[cells[0]] = (cells[1], cells[2], cells[3])
    expected = {
        t.id: (t.name, str(t.qty), "Socials count" if t.count else str(t.vp))
        for t in CATALOG.types[:-1]
    }
    assert rows == expected
