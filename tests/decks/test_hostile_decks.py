"""Hostile deck files (issue 22): each is refused, or read within bounded work, by what its
limit did: never by how long it took on this machine."""

from __future__ import annotations

import asyncio
import signal

import pytest
from hostile_files import (
    ALLOCATING_VIEW,
    COMPUTING_VIEW,
    GENERATED_COLUMN,
    big_json5_deck,
    json5_nesting_bomb,
    sqlite_file,
    unterminated_comments,
    unterminated_dollar_quotes,
    utf16_garbage,
)

from cardtable.decks import DeckError
from cardtable.decks.formats import pyx
from cardtable.decks.importer import import_deck, load_deck
from cardtable.decks.report import Limits
from cardtable.decks.sandbox import Budget, Request, import_isolated, outcome


def _isolated(data: bytes, name: str, budget: Budget | None = None) -> DeckError:
    with pytest.raises(DeckError) as caught:
        asyncio.run(import_isolated(data, Request(name=name), budget or Budget()))
    return caught.value


def test_an_unterminated_comment_is_refused_in_one_pass():
    error = _isolated(unterminated_comments(), "cards.sql")
    assert (error.where, error.message) == ("line 2", "the file ends inside this comment")


def test_unterminated_dollar_quotes_are_refused():
    with pytest.raises(DeckError) as caught:
        load_deck(unterminated_dollar_quotes() + b"$z$")
    assert "ends inside" in caught.value.message


@pytest.mark.parametrize("view", [COMPUTING_VIEW, ALLOCATING_VIEW])
def test_sqlite_views_are_refused(view):
    error = _isolated(sqlite_file(view), "deck.sqlite")
    assert (error.where, error.message) == (
        "white_cards",
        "is a view, not a plain table: only stored rows are read",
    )


def test_sqlite_generated_columns_are_refused():
    assert _isolated(sqlite_file(*GENERATED_COLUMN), "deck.sqlite").message.endswith(
        "only stored values are read"
    )


def test_sqlite_reading_stops_after_its_budget(tmp_path, monkeypatch):
    path = tmp_path / "deck.sqlite"
    path.write_bytes(
        sqlite_file(
            "CREATE TABLE white_cards (id INTEGER, text TEXT, watermark TEXT)",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 5000) "
            "INSERT INTO white_cards SELECT i, 'Card ' || i, NULL FROM n",
        )
    )
    assert len(load_deck(path).responses) == 5000
    monkeypatch.setattr(pyx, "SQLITE_BUDGET", 2)
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert "interrupted" in caught.value.message


def test_json5_nesting_bomb_is_refused():
    with pytest.raises(DeckError) as caught:
        load_deck(json5_nesting_bomb(), name="bomb.json5")
    assert caught.value.code == "bad-json"


def test_json5_is_read_in_one_pass_over_its_tokens():
    assert len(load_deck(big_json5_deck(20_000), name="big.deck.json5").calls) == 20_000


def test_utf16_garbage_is_not_a_deck():
    with pytest.raises(DeckError) as caught:
        load_deck(utf16_garbage())
    assert "no card could be used" in caught.value.message
    assert "more than 2,000 a card" in caught.value.message


def test_too_many_cards_refuse_the_file():
    with pytest.raises(DeckError) as caught:
        import_deck(b"A.\nB.\nC.\n", limits=Limits(cards=2))
    assert caught.value.code == "too-many-cards"


def test_the_child_is_stopped_by_its_memory_limit():
    lines = b"".join(b"Answer number %d.\n" % n for n in range(100_000))
    error = _isolated(lines, "cards.txt", Budget(memory_bytes=1))
    assert error.code == "memory-limit"


def test_a_child_killed_by_its_cpu_limit_is_said():
    with pytest.raises(DeckError) as caught:
        outcome(-signal.SIGXCPU, b"", Budget(cpu_seconds=3))
    assert (caught.value.code, caught.value.message) == (
        "cpu-limit",
        "reading the file took more than 3 s of CPU",
    )
