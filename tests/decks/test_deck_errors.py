"""Broken files: a card that cannot be used is skipped or repaired and reported with its line
or field; a file that is not a deck is refused with a DeckError naming its first problem."""

from __future__ import annotations

import pytest

from cardtable.decks import DeckError
from cardtable.decks.importer import import_deck, load_deck

#: (file, where, message, how): files read with one card skipped or repaired.
PARTLY_READ = [
    ("jah-bad-index.json", "packs[1].white[2]", "index", "skipped"),
    ("jah-pick-mismatch.json", "black[1].pick", "every blank takes the same answer", "repaired"),
    ("jah-full-bad-text.json", "[1].black[0].text", "non-empty string", "skipped"),
    ("md-no-slot.deck.json5", "calls[1]", "Calls must contain at least one slot.", "skipped"),
    ("md-bad-style.deck.json5", "calls[0][0][1].style", "Em, Strong", "skipped"),
    ("cardcast-one-segment.json", "calls[1].text", "two segments", "skipped"),
    ("abc-bad-draw.json", "black[1].draw", "draw must be", "skipped"),
    ("pyx-bad-join.sql", "line 5", "no card 99", "skipped"),
    ("pyx-bad-pick.sql", "line 3", "every blank takes the same answer", "repaired"),
    ("digipen-bad-line.txt", "line 3", "column 5", "skipped"),
    ("cards-bad-pick.csv", "line 4", "pick must be a whole number", "skipped"),
    ("lines-too-many-blanks.txt", "line 2", "11 blanks", "skipped"),
]
#: (file, where, message): files that are not decks.
REFUSED = [
    ("caf-bad-id.json", "decks[0].whiteCards[1]", "white card"),
    ("legacy-bad-order.json", "order[1]", "pack"),
    ("many-decks-bad-version.json", "version", "whole number"),
    ("pyx-unterminated-copy.sql", "line 4", "\\."),
    ("cards-no-text.csv", "line 1", "no text column"),
    ("not-json.json", "line 3", "not valid JSON"),
    ("unknown.json", "", "none of the known deck formats"),
    ("empty.txt", "", "empty"),
]


@pytest.mark.parametrize(("name", "where", "message", "how"), PARTLY_READ)
def test_a_card_that_cannot_be_used_is_reported_with_its_place(fixtures, name, where, message, how):
    report = import_deck(fixtures / "broken" / name).report
    notes = report.repaired if how == "repaired" else report.skipped
    assert [(note.where, message in note.message) for note in notes] == [(where, True)]
    assert (report.repairs, report.skips) == ((1, 0) if how == "repaired" else (0, 1))


@pytest.mark.parametrize(("name", "where", "message"), REFUSED)
def test_a_file_that_is_not_a_deck_names_its_first_problem(fixtures, name, where, message):
    with pytest.raises(DeckError) as caught:
        load_deck(fixtures / "broken" / name)
    assert caught.value.where == where
    assert message in caught.value.message
    assert str(caught.value).startswith(f"{where}: " if where else caught.value.message)


def test_windows_1252_text_is_read_and_said(fixtures):
    imported = import_deck(fixtures / "broken" / "latin1.txt")
    assert imported.report.encoding.startswith("Windows-1252 (not UTF-8: byte 11 on line 2)")
    assert "Caf\u00e9 answer." in [response.text for response in imported.deck.responses]


def test_every_broken_fixture_is_checked(fixtures):
    names = {name for name, *_ in (*PARTLY_READ, *REFUSED)} | {"latin1.txt"}
    assert {path.name for path in (fixtures / "broken").iterdir()} == names


@pytest.mark.parametrize(
    ("data", "where", "code"),
    [
        (b'{"white": ["A."], "black": "_.", "packs": []}', "black", "bad-deck"),
        (b'{"white": [], "black": [], "packs": []}', "", "bad-deck"),
        (b"[1, 2, 3]", "", "unknown-format"),
        (b"[" * 100_000, "", "bad-json"),
        (
            b'{"packName": "P", "blackCards": ["A _."], "whiteCards": [], "isNsfw": "yes"}',
            "isNsfw",
            "bad-deck",
        ),
        (b"INSERT INTO black_cards VALUES (1, 0, 1, 'Unclosed ____.', 'B'\n", "line 1", "bad-deck"),
        (b"INSERT INTO white_cards VALUES (1, 'Too few');", "line 1", "bad-deck"),
    ],
)
def test_files_that_are_not_decks_in_bytes(data, where, code):
    with pytest.raises(DeckError) as caught:
        load_deck(data)
    assert (caught.value.where, caught.value.code) == (where, code)


@pytest.mark.parametrize(
    ("data", "where"),
    [
        (
            b'{"white": ["A."], "black": [{"text": "_.", "pick": true}], "packs": []}',
            "black[0].pick",
        ),
        (b'{"white": ["", "B."], "black": [], "packs": []}', "white[0]"),
        (b'{"calls": [[["x"]], [["y", {}]]], "responses": [7], "name": "N"}', "calls[0]"),
        (b"COPY white_cards (id, text) FROM stdin;\n1\tFine.\nx\tNot a number.\n\\.\n", "line 3"),
    ],
)
def test_bad_cards_in_bytes_are_skipped_with_their_place(data, where):
    report = import_deck(data).report
    assert report.skipped[0].where == where


def test_a_file_with_no_usable_card_is_refused_naming_the_first():
    with pytest.raises(DeckError) as caught:
        load_deck(b'{"calls": [[["x"]]], "responses": [7], "name": "N"}')
    assert "no card could be used (2 skipped; the first: calls[0]" in caught.value.message
