"""A spreadsheet of cards as CSV: a header row, then one card per row.

Fields: the card's kind (black, white, call or response, or their German names; a `kind`
hint stands in where it is missing or empty), its text, and optionally pick, draw, rating
(family or adult), tags (separated by `;` or `,`) and pack. Which column holds which field is
found from the header, by common names in English and German (`HEADER_NAMES`, any case), or
given by a mapping (`Hints.columns`, from `--columns text=Karte,kind=Farbe`); other columns
are ignored. The delimiter is the first of tab and `;` found in the header, else `,`. A text
cell may hold line breaks; `_` runs in a call's text are slots. Rows with only empty cells are
skipped, and a row that is not a usable card is skipped and reported.
"""

from __future__ import annotations

import csv
import io
import re

from ..errors import DeckError, Problem, not_one_of, not_whole_number
from ..model import RATINGS, Call, Deck, Response
from .base import Format, Hints
from .cards import call_from_text, each, kind_of, make_deck, make_response

_TAGS = re.compile(r"[;,]")
FIELDS = ("kind", "text", "pick", "draw", "rating", "tags", "pack")
#: Header names (case-folded) by field.
HEADER_NAMES: dict[str, tuple[str, ...]] = {
    "kind": ("kind", "type", "color", "colour", "card type", "farbe", "typ", "art", "kartentyp"),
    "text": ("text", "card", "card text", "content", "karte", "kartentext", "inhalt"),
    "pick": ("pick", "picks", "blanks", "answers", "lücken", "antworten", "anzahl"),
    "draw": ("draw", "ziehen"),
    "rating": ("rating", "bewertung", "altersfreigabe"),
    "tags": ("tags", "tag", "category", "categories", "kategorie", "kategorien"),
    "pack": ("pack", "set", "deck", "edition", "expansion", "paket", "erweiterung"),
}


def parse_columns(value: str) -> tuple[tuple[str, str], ...]:
    """`--columns text=Karte,kind=Farbe` as (field, header) pairs; DeckError names a bad one."""
    pairs = []
    for item in value.split(","):
        field, _, header = item.partition("=")
        field = field.strip().lower()
        if field not in FIELDS or not header.strip():
            message = f"{item.strip()!r}: expected FIELD=HEADER, FIELD one of {FIELDS}"
            raise DeckError("columns", message, Problem.BAD_COLUMNS, item=item.strip())
        pairs.append((field, header.strip()))
    return tuple(pairs)


def _reader(text: str):
    header = text.split("\n", 1)[0]
    delimiter = next((d for d in "\t;" if d in header), ",")
    return csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)


def column_map(header: list[str], given=()) -> dict[str, int]:
    """The position of each field's column: given headers first, then known names."""
    folded = [name.strip().casefold() for name in header]
    found: dict[str, int] = {}
    for field, name in given:
        if name.casefold() not in folded:
            message = f"the header has no column {name!r} (for {field})"
            raise DeckError("line 1", message, Problem.NO_SUCH_COLUMN, column=name, field=field)
        found[field] = folded.index(name.casefold())
    for field, names in HEADER_NAMES.items():
        if field not in found:
            position = next((folded.index(n) for n in names if n in folded), None)
            if position is not None and position not in found.values():
                found[field] = position
    return found


def _number(cell: str, where: str, name: str) -> int | None:
    if not cell.strip():
        return None
    if not re.fullmatch(r"[0-9]{1,9}", cell.strip()):
        raise not_whole_number(where, name)
    return int(cell)


def _meta(row: dict[str, str], where: str) -> dict:
    rating = row.get("rating", "").strip().lower() or None
    if rating is not None and rating not in RATINGS:
        raise not_one_of(where, "rating", RATINGS)
    tags = [tag.strip() for tag in _TAGS.split(row.get("tags", "")) if tag.strip()]
    pack = row.get("pack", "").strip()
    return {"rating": rating, "tags": tags, "packs": (pack,) if pack else ()}


def _card(row: dict[str, str], where: str, hints: Hints) -> Call | Response:
    kind_cell = row.get("kind", "")
    kind = kind_of(kind_cell, where) if kind_cell.strip() or not hints.kind else hints.kind
    if kind == "response":
        return make_response(row.get("text"), where, **_meta(row, where))
    return call_from_text(
        row.get("text"),
        where,
        text_field=None,
        pick=_number(row.get("pick", ""), where, "pick"),
        draw=_number(row.get("draw", ""), where, "draw") or 0,
        **_meta(row, where),
    )


def _rows(reader, columns: dict[str, int]):
    start = reader.line_num + 1
    for cells in reader:
        where, start = f"line {start}", reader.line_num + 1
        if any(cell.strip() for cell in cells):
            yield where, {f: cells[i] for f, i in columns.items() if i < len(cells)}


def read_csv(text: str, hints: Hints) -> Deck:
    reader = _reader(text)
    try:
        columns = column_map(next(reader, []), hints.columns)
        if "text" not in columns:
            raise DeckError("line 1", "the header has no text column", Problem.NO_TEXT_COLUMN)
        if "kind" not in columns and hints.kind is None:
            message = "the header has no type or kind column"
            raise DeckError("line 1", message, Problem.NO_KIND_COLUMN)
        cards = each(_rows(reader, columns), lambda row, where: _card(row, where, hints))
    except csv.Error as error:
        where, message = f"line {reader.line_num}", f"not valid CSV: {error}"
        raise DeckError(where, message, Problem.BAD_CSV) from None
    calls = [card for card in cards if isinstance(card, Call)]
    responses = [card for card in cards if isinstance(card, Response)]
    return make_deck("csv", hints, calls, responses)


def looks_csv(text: str) -> bool:
    """A header row naming a text column and a kind column."""
    try:
        columns = column_map(next(_reader(text), []))
    except (csv.Error, DeckError):
        return False
    return "text" in columns and "kind" in columns


FORMATS = (
    Format(
        "csv",
        "text",
        "CSV with a header: type|kind, text, pick, draw, rating, tags, pack (or --columns)",
        read_csv,
        looks_csv,
    ),
)
