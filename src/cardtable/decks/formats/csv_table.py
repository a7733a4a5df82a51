"""A spreadsheet of cards as CSV: a header row, then one card per row.

Columns (any case, any order; others are ignored): `type` or `kind` (black, white, call or
response; a `kind` hint stands in where it is missing or empty), `text`, and optionally
`pick`, `draw`, `rating` (family or adult), `tags` (separated by `;` or `,`) and `pack`.
The delimiter is the first of tab and `;` found in the header, else `,`. A text cell may hold
line breaks; `_` runs in a call's text are slots. Rows with only empty cells are skipped.
"""

from __future__ import annotations

import csv
import io
import re

from ..errors import DeckError
from ..model import RATINGS, Deck
from .base import Format, Hints
from .cards import call_from_text, kind_of, make_deck, make_response

_TAGS = re.compile(r"[;,]")


def _reader(text: str):
    header = text.split("\n", 1)[0]
    delimiter = next((d for d in "\t;" if d in header), ",")
    return csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)


def _number(cell: str, where: str, name: str) -> int | None:
    if not cell.strip():
        return None
    if not re.fullmatch(r"[0-9]{1,9}", cell.strip()):
        raise DeckError(where, f"{name} must be a whole number")
    return int(cell)


def _meta(row: dict[str, str], where: str) -> dict:
    rating = row.get("rating", "").strip().lower() or None
    if rating is not None and rating not in RATINGS:
        raise DeckError(where, f"rating must be one of {', '.join(RATINGS)}")
    tags = [tag.strip() for tag in _TAGS.split(row.get("tags", "")) if tag.strip()]
    return {"rating": rating, "tags": tags, "pack": row.get("pack", "").strip() or None}


def read_csv(text: str, hints: Hints) -> Deck:
    reader = _reader(text)
    try:
        columns = [name.strip().lower() for name in next(reader, [])]
        if "text" not in columns:
            raise DeckError("line 1", "the header has no text column")
        kind_column = next((name for name in ("type", "kind") if name in columns), "")
        if not kind_column and hints.kind is None:
            raise DeckError("line 1", "the header has no type or kind column")
        calls, responses = [], []
        start = reader.line_num + 1
        for cells in reader:
            where, start = f"line {start}", reader.line_num + 1
            if not any(cell.strip() for cell in cells):
                continue
            row = dict(zip(columns, cells, strict=False))
            kind_cell = row.get(kind_column, "")
            kind = kind_of(kind_cell, where) if kind_cell.strip() or not hints.kind else hints.kind
            if kind == "call":
                pick = _number(row.get("pick", ""), where, "pick")
                draw = _number(row.get("draw", ""), where, "draw") or 0
                card = call_from_text(
                    row.get("text"),
                    where,
                    text_field=None,
                    pick=pick,
                    draw=draw,
                    **_meta(row, where),
                )
                calls.append(card)
            else:
                responses.append(make_response(row.get("text"), where, **_meta(row, where)))
    except csv.Error as error:
        raise DeckError(f"line {reader.line_num}", f"not valid CSV: {error}") from None
    return make_deck("csv", hints, calls, responses)


def looks_csv(text: str) -> bool:
    """A header row naming a text column and a type or kind column."""
    try:
        columns = {name.strip().lower() for name in next(_reader(text), [])}
    except csv.Error:
        return False
    return "text" in columns and bool(columns & {"type", "kind"})


FORMATS = (
    Format(
        "csv",
        "text",
        "CSV with a header: type|kind, text, pick, draw, rating, tags, pack",
        read_csv,
        looks_csv,
    ),
)
