"""Broken files: a DeckError naming the line or field of the first problem, never a deck."""

from __future__ import annotations

import pytest

from cardtable.decks import DeckError
from cardtable.decks.importer import load_deck

BROKEN = [
    ("jah-bad-index.json", "packs[1].white[2]", "index"),
    ("jah-pick-mismatch.json", "black[1].pick", "2 blanks"),
    ("jah-full-bad-text.json", "[1].black[0].text", "non-empty string"),
    ("legacy-bad-order.json", "order[1]", "pack"),
    ("md-no-slot.deck.json5", "calls[1]", "Calls must contain at least one slot."),
    ("md-bad-style.deck.json5", "calls[0][0][1].style", "Em, Strong"),
    ("many-decks-bad-version.json", "version", "whole number"),
    ("cardcast-one-segment.json", "calls[1].text", "two segments"),
    ("abc-bad-draw.json", "black[1].draw", "draw must be"),
    ("caf-bad-id.json", "decks[0].whiteCards[1]", "white card"),
    ("pyx-bad-join.sql", "line 5", "no card 99"),
    ("pyx-bad-pick.sql", "line 3", "2 blanks"),
    ("pyx-unterminated-copy.sql", "line 4", "\\."),
    ("digipen-bad-line.txt", "line 3", "column 5"),
    ("cards-bad-pick.csv", "line 4", "pick must be a whole number"),
    ("cards-no-text.csv", "line 1", "no text column"),
    ("lines-too-many-blanks.txt", "line 2", "11 blanks"),
    ("not-json.json", "line 3", "not valid JSON"),
    ("unknown.json", "", "none of the known deck formats"),
    ("latin1.txt", "line 2", "not UTF-8"),
    ("empty.txt", "", "empty"),
]


@pytest.mark.parametrize(("name", "where", "message"), BROKEN)
def test_broken_file_names_its_first_problem(fixtures, name, where, message):
    with pytest.raises(DeckError) as caught:
        load_deck(fixtures / "broken" / name)
    assert caught.value.where == where
    assert message in caught.value.message
    assert str(caught.value).startswith(f"{where}: " if where else caught.value.message)


def test_every_broken_fixture_is_checked(fixtures):
    assert {path.name for path in (fixtures / "broken").iterdir()} == {name for name, *_ in BROKEN}


@pytest.mark.parametrize(
    ("data", "where", "code"),
    [
        (
            b'{"white": ["A."], "black": [{"text": "_.", "pick": true}], "packs": []}',
            "black[0].pick",
            "bad-deck",
        ),
        (b'{"white": ["A."], "black": "_.", "packs": []}', "black", "bad-deck"),
        (b'{"white": [""], "black": [], "packs": []}', "white[0]", "bad-deck"),
        (b'{"white": [], "black": [], "packs": []}', "", "bad-deck"),
        (b"[1, 2, 3]", "", "unknown-format"),
        (b"[" * 100_000, "", "bad-json"),
        (b'{"calls": [[["x"]]], "responses": [7], "name": "N"}', "calls[0]", "bad-deck"),
        (b'{"calls": [[["x", {}]]], "responses": [7], "name": "N"}', "responses[0]", "bad-deck"),
        (
            b'{"packName": "P", "blackCards": ["A _."], "whiteCards": [], "isNsfw": "yes"}',
            "isNsfw",
            "bad-deck",
        ),
        (b"INSERT INTO black_cards VALUES (1, 0, 1, 'Unclosed ____.', 'B'\n", "line 1", "bad-deck"),
        (b"INSERT INTO white_cards VALUES (1, 'Too few');", "line 1", "bad-deck"),
        (
            b"COPY white_cards (id, text) FROM stdin;\n1\tFine.\nx\tNot a number.\n\\.\n",
            "line 3",
            "bad-deck",
        ),
    ],
)
def test_bad_values_in_bytes(data, where, code):
    with pytest.raises(DeckError) as caught:
        load_deck(data)
    assert (caught.value.where, caught.value.code) == (where, code)
