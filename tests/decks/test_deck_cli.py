"""`cardtable decks list|show|check|convert`."""

from __future__ import annotations

import pytest

from cardtable.cli import main
from cardtable.decks.importer import load_deck


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch):
    """Tables as wide as they need: rich reads the width from COLUMNS."""
    monkeypatch.setenv("COLUMNS", "240")


def test_list(capsys):
    assert main(["decks", "list"]) == 0
    out = capsys.readouterr().out
    assert "cardtable-gameschool" in out and "licence" in out and "CC BY-SA" in out


def test_show_builtin(capsys):
    assert main(["decks", "show", "cardtable-gameschool"]) == 0
    out = capsys.readouterr().out
    assert "Game School" in out and "--all prints all" in out


def test_show_file_with_all(capsys, fixtures):
    assert main(["decks", "show", str(fixtures / "cards.csv"), "--all"]) == 0
    out = capsys.readouterr().out
    for text in ("Lab Pack", "A clean bench.", "Snacks, obviously.", "3 draw 2", "csv"):
        assert text in out


def test_show_prints_card_text_as_it_is(capsys, tmp_path):
    deck = tmp_path / "brackets.txt"
    deck.write_text("[bold]Not markup[/bold] and _.\n")
    assert main(["decks", "show", str(deck)]) == 0
    assert "[bold]Not markup[/bold] and _." in capsys.readouterr().out


def test_show_unknown(capsys):
    assert main(["decks", "show", "no-such-deck"]) == 2
    assert "neither a built-in deck" in capsys.readouterr().err


def test_check_good(capsys, fixtures):
    assert main(["decks", "check", str(fixtures / "jah-compact.json")]) == 0
    out = capsys.readouterr().out
    assert "jah-compact" in out and "6 calls" in out and "5 responses" in out and "2 packs" in out


def test_check_with_hints(capsys, fixtures):
    args = ["decks", "check", str(fixtures / "digipen-white.txt"), "--format", "digipen"]
    assert main([*args, "--kind", "white"]) == 0
    assert main([*args, "--kind", "black"]) == 2
    assert "line 1" in capsys.readouterr().err


def test_check_prints_the_report(capsys, fixtures):
    assert main(["decks", "check", str(fixtures / "broken" / "cards-bad-pick.csv")]) == 0
    out = capsys.readouterr().out
    assert "skipped: line 4: pick must be a whole number" in out
    assert "encoding: UTF-8" in out and "0 repaired, 1 skipped" in out


def test_check_refused(capsys, fixtures):
    assert main(["decks", "check", str(fixtures / "broken" / "cards-no-text.csv")]) == 2
    assert "line 1" in capsys.readouterr().err


def test_convert(capsys, fixtures, tmp_path):
    out = tmp_path / "out.json"
    assert main(["decks", "convert", str(fixtures / "pyx.sql"), "-o", str(out)]) == 0
    assert "pyx-sql" in capsys.readouterr().out
    assert load_deck(out) == load_deck(fixtures / "pyx.sql")


def test_convert_broken_writes_nothing(capsys, fixtures, tmp_path):
    out = tmp_path / "out.json"
    broken = fixtures / "broken" / "many-decks-bad-version.json"
    assert main(["decks", "convert", str(broken), "-o", str(out)]) == 2
    assert "version" in capsys.readouterr().err
    assert not out.exists()
