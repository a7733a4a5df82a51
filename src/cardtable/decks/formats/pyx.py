"""Pretend You're Xyzzy card sets (§9.3): its SQL dump and its `pyx.sqlite` database.

Tables `card_set`, `black_cards(id, draw, pick, text, watermark)`, `white_cards(id, text,
watermark)` and the joins `card_set_black_card` / `card_set_white_card`. Texts are HTML with
`____` blanks; `draw` is kept, the watermark becomes the card's tag and each set a pack (sets
in `weight` order; a card in several sets belongs to the first). The dump is parsed, never run;
the database is opened read-only.
"""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from ..errors import DeckError
from ..model import Deck
from .base import Format, Hints
from .cards import call_from_text, first_packs, make_deck, make_response
from .fields import child
from .html_text import html_to_text
from .sql_dump import read_tables

TABLES = {
    "card_set": ("id", "active", "base_deck", "description", "name", "weight"),
    "black_cards": ("id", "draw", "pick", "text", "watermark"),
    "white_cards": ("id", "text", "watermark"),
    "card_set_black_card": ("card_set_id", "black_card_id"),
    "card_set_white_card": ("card_set_id", "white_card_id"),
}
_STATEMENT = re.compile(
    r"^\s*(?:insert\s+into|copy)\s+(?:\S+\.)?[\"`]?(?:black_cards|white_cards)\b",
    re.IGNORECASE | re.MULTILINE,
)

Rows = list[tuple[str, dict[str, Any]]]


def _int(row: dict, key: str, where: str, default: int | None = None) -> int | None:
    """A whole-number column (COPY data gives it as text); `default` when it is null."""
    value = row.get(key)
    if value is None:
        return default
    if isinstance(value, str) and re.fullmatch(r"\s*-?[0-9]{1,18}\s*", value):
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise DeckError(child(where, key), f"{key} must be a whole number")
    return value


def _id(row: dict, key: str, where: str) -> int:
    value = _int(row, key, where)
    if value is None:
        raise DeckError(child(where, key), f"{key} is missing")
    return value


def _text(row: dict) -> Any:
    text = row.get("text")
    return html_to_text(text) if isinstance(text, str) else text


def _cards(rows: Rows, table: str) -> dict[int, tuple[str, dict]]:
    cards: dict[int, tuple[str, dict]] = {}
    for where, row in rows:
        card_id = _id(row, "id", where)
        if card_id in cards:
            raise DeckError(where, f"{table} id {card_id} appears twice")
        cards[card_id] = (where, row)
    return cards


def _members(rows: Rows, sets: dict[int, str], cards: dict, column: str) -> dict[int, list]:
    members: dict[int, list] = {set_id: [] for set_id in sets}
    for where, row in rows:
        set_id, card_id = _id(row, "card_set_id", where), _id(row, column, where)
        if set_id not in sets:
            raise DeckError(child(where, "card_set_id"), f"no card set {set_id}")
        if card_id not in cards:
            raise DeckError(child(where, column), f"no card {card_id}")
        members[set_id].append(card_id)
    return members


def _tags(row: dict) -> tuple[str, ...]:
    watermark = row.get("watermark")
    return (watermark.strip(),) if isinstance(watermark, str) and watermark.strip() else ()


def build_deck(fmt: str, hints: Hints, tables: dict[str, Rows]) -> Deck:
    """The deck of PYX tables given as rows (where, {column: value})."""
    sets: dict[int, str] = {}
    weights = {}
    for where, row in tables.get("card_set", []):
        set_id = _id(row, "id", where)
        weights[set_id] = (_int(row, "weight", where, 0), set_id)
        name = row.get("name") or row.get("description") or f"Set {set_id}"
        sets[set_id] = html_to_text(str(name)).strip()
    blacks = _cards(tables.get("black_cards", []), "black_cards")
    whites = _cards(tables.get("white_cards", []), "white_cards")
    black_sets = _members(tables.get("card_set_black_card", []), sets, blacks, "black_card_id")
    white_sets = _members(tables.get("card_set_white_card", []), sets, whites, "white_card_id")
    ordered = sorted(sets, key=weights.__getitem__)
    calls = []
    for card_id, pack in first_packs(blacks, ((sets[s], black_sets[s]) for s in ordered)):
        where, row = blacks[card_id]
        calls.append(
            call_from_text(
                _text(row),
                where,
                pick=_int(row, "pick", where),
                draw=_int(row, "draw", where, 0),
                tags=_tags(row),
                pack=pack,
            )
        )
    responses = []
    for card_id, pack in first_packs(whites, ((sets[s], white_sets[s]) for s in ordered)):
        where, row = whites[card_id]
        responses.append(
            make_response(
                _text(row),
                child(where, "text"),
                tags=_tags(row),
                pack=pack,
            )
        )
    return make_deck(fmt, hints, calls, responses, packs=(sets[s] for s in ordered))


def read_sql(text: str, hints: Hints) -> Deck:
    tables = read_tables(text, TABLES)
    rows = {name: [(f"line {line}", row) for line, row in found] for name, found in tables.items()}
    if not rows.get("black_cards") and not rows.get("white_cards"):
        raise DeckError("", "no rows of black_cards or white_cards in the SQL")
    return build_deck("pyx-sql", hints, rows)


def read_sqlite(path: str | Path, hints: Hints) -> Deck:
    uri = Path(path).resolve().as_uri() + "?mode=ro"
    try:
        with closing(sqlite3.connect(uri, uri=True)) as db:
            present = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
            tables: dict[str, Rows] = {}
            for table in TABLES:
                if table in present:
                    cursor = db.execute(f'SELECT * FROM "{table}"')
                    columns = [column[0].lower() for column in cursor.description]
                    tables[table] = [
                        (_row_name(table, n, row), row)
                        for n, row in enumerate(dict(zip(columns, r, strict=True)) for r in cursor)
                    ]
    except sqlite3.Error as error:
        raise DeckError("", f"not a readable SQLite database: {error}") from None
    if "black_cards" not in tables and "white_cards" not in tables:
        raise DeckError("", "the database has no black_cards or white_cards table")
    return build_deck("pyx-sqlite", hints, tables)


def _row_name(table: str, n: int, row: dict) -> str:
    return f"{table}[id={row['id']}]" if "id" in row else f"{table}[{n}]"


FORMATS = (
    Format(
        "pyx-sql",
        "text",
        "Pretend You're Xyzzy SQL dump (INSERT INTO or COPY of black_cards, white_cards, ...)",
        read_sql,
        lambda text: _STATEMENT.search(text) is not None,
    ),
    Format(
        "pyx-sqlite",
        "sqlite",
        "Pretend You're Xyzzy pyx.sqlite database",
        read_sqlite,
    ),
)
