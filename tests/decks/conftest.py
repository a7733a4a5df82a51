"""Shared helpers for the deck tests: where the fixture files are and how to read one."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.decks.importer import read_deck

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def fixtures() -> Path:
    """The directory of the fixture files (broken ones are in `broken/`)."""
    return FIXTURES


@pytest.fixture
def read():
    """read("name.json", **options) -> (format name, Deck) of a fixture file."""

    def read_fixture(name: str, **options):
        return read_deck(FIXTURES / name, **options)

    return read_fixture
