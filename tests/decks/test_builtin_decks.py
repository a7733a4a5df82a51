"""Our shipped decks load (through the built-in loader and the importer) and meet their minimums."""

from __future__ import annotations

from importlib import resources

import pytest

from cardtable.decks import builtin
from cardtable.decks.importer import read_deck

PROGRAMS = {"general", "CS", "GD", "BFA"}


def _file(deck_id: str):
    return resources.files("cardtable.decks").joinpath("builtin", f"{deck_id}.json")


@pytest.mark.parametrize("deck_id", ["cardtable-main", "cardtable-gameschool"])
def test_builtin_deck_loads_as_our_format(deck_id):
    fmt, deck = read_deck(_file(deck_id).read_bytes(), name=f"{deck_id}.json")
    assert fmt == "cardtable-deck"
    assert deck == builtin.get(deck_id)
    assert deck.id == deck_id and deck.license


def test_main_deck_minimums():
    deck = builtin.get("cardtable-main")
    picks = [call.pick for call in deck.calls]
    assert len(deck.calls) >= 120
    assert picks.count(2) >= 15
    assert picks.count(3) >= 6
    assert any(call.pick == 3 and call.draw == 2 for call in deck.calls)
    assert len(deck.responses) >= 480
    assert all(card.rating in ("family", "adult") for card in (*deck.calls, *deck.responses))


def test_gameschool_deck_minimums():
    deck = builtin.get("cardtable-gameschool")
    assert len(deck.calls) >= 45
    assert len(deck.responses) >= 160
    cards = (*deck.calls, *deck.responses)
    assert all(card.tags and set(card.tags) <= PROGRAMS for card in cards)
    assert set(deck.tags) <= PROGRAMS


def test_builtin_ids():
    assert {"cardtable-main", "cardtable-gameschool"} <= set(builtin.ids())
