"""Readers of other deck formats into the normal form, one module per format family.

`FORMATS` lists them in the order content detection tries them: for JSON, the first format
whose `detect` accepts the parsed value; for text, the first whose `detect` accepts the text
(`lines` accepts any). `pyx-sqlite` is chosen by the SQLite file header.
"""

from __future__ import annotations

from ..errors import DeckError, Problem
from ..native import looks_native, read_native
from . import all_bad_cards, cardcast, csv_table, digipen, formality, jah, lines, massive, pyx
from .base import Format, Hints

NATIVE = Format(
    "cardtable-deck",
    "json",
    "cardtable's own deck JSON: {format: cardtable-deck, version: 1, ...}",
    lambda data, hints: read_native(data),
    looks_native,
)

FORMATS: tuple[Format, ...] = (
    NATIVE,
    *massive.FORMATS,
    *cardcast.FORMATS,
    *all_bad_cards.FORMATS,
    *jah.FORMATS,
    *formality.FORMATS,
    *pyx.FORMATS,
    *digipen.FORMATS,
    *csv_table.FORMATS,
    *lines.FORMATS,
)
BY_NAME = {fmt.name: fmt for fmt in FORMATS}


def get(name: str) -> Format:
    """The format called `name`; DeckError lists the known ones."""
    try:
        return BY_NAME[name]
    except KeyError:
        message = f"unknown format {name!r}; formats: {', '.join(BY_NAME)}"
        raise DeckError("format", message, Problem.NO_SUCH_FORMAT, name=name) from None


__all__ = ["BY_NAME", "FORMATS", "Format", "Hints", "get"]
