"""Broken files: a card that cannot be used is skipped or repaired and reported with its line
or field; a file that is not a deck is refused with a DeckError naming its first problem. Each
note and refusal carries a stable `Problem` code and the params its sentence names."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from cardtable import decks as decks_package
from cardtable.decks import DeckError
from cardtable.decks.errors import Problem, place
from cardtable.decks.importer import import_deck, load_deck
from cardtable.decks.report import Limits, Note, Report
from cardtable.decks.sandbox import Budget, outcome

#: (file, where, message, how, code, params): files read with one card skipped or repaired.
PARTLY_READ = [
    ("jah-bad-index.json", "packs[1].white[2]", "index", "skipped", "bad-index", {"count": 2}),
    (
        "jah-pick-mismatch.json",
        "black[1].pick",
        "every blank takes the same answer",
        "repaired",
        "pick-1-several-blanks",
        {"blanks": 2},
    ),
    (
        "jah-full-bad-text.json",
        "[1].black[0].text",
        "non-empty string",
        "skipped",
        "blank-text",
        {},
    ),
    ("md-no-slot.deck.json5", "calls[1]", "at least one slot.", "skipped", "no-blank", {}),
    (
        "md-bad-style.deck.json5",
        "calls[0][0][1].style",
        "Em, Strong",
        "skipped",
        "not-one-of",
        {"field": "style", "allowed": "Em, Strong"},
    ),
    ("cardcast-one-segment.json", "calls[1].text", "two segments", "skipped", "no-blank", {}),
    (
        "abc-bad-draw.json",
        "black[1].draw",
        "draw must be",
        "skipped",
        "number-range",
        {"field": "draw", "low": 0, "high": 10},
    ),
    ("pyx-bad-join.sql", "line 5", "no card 99", "skipped", "no-card", {"id": "99"}),
    (
        "pyx-bad-pick.sql",
        "line 3",
        "every blank takes the same answer",
        "repaired",
        "pick-1-several-blanks",
        {"blanks": 2},
    ),
    ("digipen-bad-line.txt", "line 3", "column 5", "skipped", "not-digipen-line", {}),
    (
        "cards-bad-pick.csv",
        "line 4",
        "pick must be a whole number",
        "skipped",
        "not-whole-number",
        {"field": "pick"},
    ),
    (
        "lines-too-many-blanks.txt",
        "line 2",
        "11 blanks",
        "skipped",
        "too-many-blanks",
        {"blanks": 11, "most": 10},
    ),
]
#: (file, where, message, code, params): files that are not decks.
REFUSED = [
    ("caf-bad-id.json", "decks[0].whiteCards[1]", "white card", "unknown-card-id", {}),
    ("legacy-bad-order.json", "order[1]", "pack", "unknown-pack", {}),
    (
        "many-decks-bad-version.json",
        "version",
        "whole number",
        "not-whole-number",
        {"field": "version"},
    ),
    ("pyx-unterminated-copy.sql", "line 4", "\\.", "sql-unfinished", {}),
    ("cards-no-text.csv", "line 1", "no text column", "no-text-column", {}),
    ("not-json.json", "line 3", "not valid JSON", "bad-json", {}),
    ("unknown.json", "", "none of the known deck formats", "unknown-format", {}),
    ("empty.txt", "", "empty", "empty", {}),
]


@pytest.mark.parametrize(("name", "where", "message", "how", "code", "params"), PARTLY_READ)
def test_a_card_that_cannot_be_used_is_reported_with_its_place_and_code(
    fixtures, name, where, message, how, code, params
):
    report = import_deck(fixtures / "broken" / name).report
    notes = report.repaired if how == "repaired" else report.skipped
    assert [(note.where, message in note.message) for note in notes] == [(where, True)]
    assert [(note.code, note.params) for note in notes] == [(code, params)]
    assert (report.repairs, report.skips) == ((1, 0) if how == "repaired" else (0, 1))


@pytest.mark.parametrize(("name", "where", "message", "code", "params"), REFUSED)
def test_a_file_that_is_not_a_deck_names_its_first_problem(
    fixtures, name, where, message, code, params
):
    with pytest.raises(DeckError) as caught:
        load_deck(fixtures / "broken" / name)
    assert caught.value.where == where
    assert message in caught.value.message
    assert (caught.value.code, caught.value.params) == (code, params)
    assert str(caught.value).startswith(f"{where}: " if where else caught.value.message)


def test_windows_1252_text_is_read_and_said(fixtures):
    imported = import_deck(fixtures / "broken" / "latin1.txt")
    assert imported.report.encoding == "Windows-1252"
    note = imported.report.encoding_note
    assert (note.where, note.code, note.params) == ("line 2", "not-utf8", {"byte": 11})
    assert imported.report.lines()[0] == (
        "encoding: Windows-1252 (line 2: not UTF-8 (byte 11): read as Windows-1252)"
    )
    assert "Caf\u00e9 answer." in [response.text for response in imported.deck.responses]


def test_every_broken_fixture_is_checked(fixtures):
    names = {name for name, *_ in (*PARTLY_READ, *REFUSED)} | {"latin1.txt"}
    assert {path.name for path in (fixtures / "broken").iterdir()} == names


@pytest.mark.parametrize(
    ("data", "where", "code"),
    [
        (b'{"white": ["A."], "black": "_.", "packs": []}', "black", "not-list"),
        (b'{"white": [], "black": [], "packs": []}', "", "no-cards"),
        (b"[1, 2, 3]", "", "unknown-format"),
        (b"[" * 100_000, "", "bad-json"),
        (
            b'{"packName": "P", "blackCards": ["A _."], "whiteCards": [], "isNsfw": "yes"}',
            "isNsfw",
            "not-boolean",
        ),
        (
            b"INSERT INTO black_cards VALUES (1, 0, 1, 'Unclosed ____.', 'B'\n",
            "line 1",
            "sql-syntax",
        ),
        (b"INSERT INTO white_cards VALUES (1, 'Too few');", "line 1", "sql-row-size"),
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
    assert (caught.value.code, caught.value.params) == ("no-usable-card", {"count": 2})


# -- codes and params -------------------------------------------------------------------------

DECKS_SOURCE = Path(decks_package.__file__).parent


def _calls(name: str):
    for path in sorted(DECKS_SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == name:
                yield path.relative_to(DECKS_SOURCE), node


def test_every_refusal_and_note_of_the_readers_names_its_problem():
    """No reader falls back to the generic `bad-deck`: each DeckError and Note it makes gives
    a code (the third argument)."""
    uncoded = [
        f"{path}:{node.lineno}"
        for name in ("DeckError", "Note")
        for path, node in _calls(name)
        if len(node.args) < 3 and not any(keyword.arg == "code" for keyword in node.keywords)
    ]
    assert uncoded == []


def test_every_problem_is_used_by_a_reader():
    named = {
        node.attr
        for path in DECKS_SOURCE.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and getattr(node.value, "id", None) == "Problem"
    }
    assert [problem.name for problem in Problem if problem.name not in named] == []


def test_params_must_be_the_ones_the_problem_names():
    assert DeckError("line 2", "no card 7", Problem.NO_CARD, id="7").params == {"id": "7"}
    with pytest.raises(TypeError, match="no-card takes params"):
        DeckError("line 2", "no card 7", Problem.NO_CARD)
    with pytest.raises(TypeError):
        Note("line 2", "no card 7", Problem.NO_CARD, {"card": "7"})


def test_a_card_too_long_is_skipped_and_too_many_cards_refuse_with_their_limits():
    report = import_deck(b"Short.\n" + b"x" * 12 + b"\n", limits=Limits(card_chars=10)).report
    note = report.skipped[0]
    assert (note.where, note.code, note.params) == (
        "line 2",
        "card-too-long",
        {"chars": 12, "most": 10},
    )
    with pytest.raises(DeckError) as caught:
        import_deck(b"A.\nB.\nC.\n", limits=Limits(cards=2))
    assert (caught.value.code, caught.value.params) == ("too-many-cards", {"most": 2})


def test_the_place_of_a_problem_is_a_line_a_field_or_the_whole_file():
    assert [place(where) for where in ("line 12", "calls[3].pick", "white_cards", "")] == [
        {"line": 12},
        {"field": "calls[3].pick"},
        {"field": "white_cards"},
        None,
    ]


def test_a_report_keeps_codes_and_params_through_json_and_old_reports_still_load(fixtures):
    report = import_deck(fixtures / "broken" / "latin1.txt").report
    report.skip(Note("line 4", "no card 9", Problem.NO_CARD, {"id": "9"}))
    data = json.loads(json.dumps(report.to_json()))
    assert data["skipped"] == [
        {
            "code": "no-card",
            "params": {"id": "9"},
            "where": "line 4",
            "at": {"line": 4},
            "message": "no card 9",
        }
    ]
    again = Report.from_json(data)
    assert (again.skipped, again.encoding_note) == (report.skipped, report.encoding_note)
    old = Report.from_json({"encoding": "UTF-8", "skipped": [{"where": "x", "message": "bad"}]})
    assert old.skipped == [Note("x", "bad")] and old.skipped[0].to_json()["code"] == ""


def test_a_refusal_crosses_from_the_import_process_with_its_params():
    error = DeckError(
        "line 3", "the row has 2 values for 3 columns", Problem.SQL_ROW_SIZE, values=2, columns=3
    )
    answer = json.dumps({"error": error.to_json()}).encode()
    with pytest.raises(DeckError) as caught:
        outcome(0, answer, Budget())
    assert (caught.value.where, caught.value.code, caught.value.params) == (
        "line 3",
        "sql-row-size",
        {"values": 2, "columns": 3},
    )
