"""Pretend You're Xyzzy card sets (§9.3): its SQL dump and its `pyx.sqlite` database.

Tables `card_set`, `black_cards(id, draw, pick, text, watermark)`, `white_cards(id, text,
watermark)` and the joins `card_set_black_card` / `card_set_white_card`. Texts are HTML with
`____` blanks; `draw` is kept, the watermark becomes the card's tag and each set a pack (sets
in `weight` order; a card in several sets belongs to all of them). A card that cannot be used,
and a join row naming no card or set, are skipped and reported. The dump is parsed, never run.

The database is opened read-only and untrusted: only base tables are read (a view, a virtual
table or a generated column, which compute, refuse the file), strings are capped at
`MAX_SQLITE_STRING` bytes, and a progress handler stops any statement after `SQLITE_BUDGET`
virtual-machine steps.
"""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from ..errors import DeckError, Problem, not_whole_number
from ..model import Deck
from ..report import Note, current
from .base import Format, Hints
from .cards import call_from_text, each, make_deck, make_response, pack_members
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

MAX_SQLITE_STRING = 64 * 1024
#: Progress-handler calls (each `_PROGRESS_STEPS` VM instructions) one import may take.
SQLITE_BUDGET = 20_000
_PROGRESS_STEPS = 1_000


def _int(row: dict, key: str, where: str, default: int | None = None) -> int | None:
    """A whole-number column (COPY data gives it as text); `default` when it is null."""
    value = row.get(key)
    if value is None:
        return default
    if isinstance(value, str) and re.fullmatch(r"\s*-?[0-9]{1,18}\s*", value):
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise not_whole_number(child(where, key), key)
    return value


def _id(row: dict, key: str, where: str) -> int:
    value = _int(row, key, where)
    if value is None:
        raise DeckError(child(where, key), f"{key} is missing", Problem.MISSING_FIELD, field=key)
    return value


def _text(row: dict) -> Any:
    text = row.get("text")
    return html_to_text(text) if isinstance(text, str) else text


def _cards(rows: Rows, table: str) -> dict[int, tuple[str, dict]]:
    cards: dict[int, tuple[str, dict]] = {}
    for where, row in rows:
        try:
            card_id = _id(row, "id", where)
        except DeckError as error:
            current().skip(Note.of(error))
            continue
        if card_id in cards:
            message = f"{table} id {card_id} appears twice: the first is kept"
            params = {"table": table, "id": str(card_id)}
            current().skip(Note(where, message, Problem.DUPLICATE_ID, params))
        else:
            cards[card_id] = (where, row)
    return cards


def _members(rows: Rows, sets: dict[int, str], cards: dict, column: str) -> dict[int, list]:
    members: dict[int, list] = {set_id: [] for set_id in sets}
    for where, row in rows:
        set_id, card_id = _id(row, "card_set_id", where), _id(row, column, where)
        if set_id not in sets:
            message, params = f"no card set {set_id}", {"id": str(set_id)}
            current().skip(Note(child(where, "card_set_id"), message, Problem.NO_CARD_SET, params))
        elif card_id not in cards:
            message, params = f"no card {card_id}", {"id": str(card_id)}
            current().skip(Note(child(where, column), message, Problem.NO_CARD, params))
        else:
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

    def call(item: tuple[int, tuple[str, ...]], where: str):
        row = blacks[item[0]][1]
        return call_from_text(
            _text(row),
            where,
            pick=_int(row, "pick", where),
            draw=_int(row, "draw", where, 0),
            tags=_tags(row),
            packs=item[1],
        )

    def response(item: tuple[int, tuple[str, ...]], where: str):
        row = whites[item[0]][1]
        return make_response(_text(row), child(where, "text"), tags=_tags(row), packs=item[1])

    black_packs = pack_members(blacks, ((sets[s], black_sets[s]) for s in ordered))
    white_packs = pack_members(whites, ((sets[s], white_sets[s]) for s in ordered))
    calls = each(((blacks[item[0]][0], item) for item in black_packs), call)
    responses = each(((whites[item[0]][0], item) for item in white_packs), response)
    return make_deck(fmt, hints, calls, responses, packs=(sets[s] for s in ordered))


def read_sql(text: str, hints: Hints) -> Deck:
    tables = read_tables(text, TABLES)
    rows = {name: [(f"line {line}", row) for line, row in found] for name, found in tables.items()}
    if not rows.get("black_cards") and not rows.get("white_cards"):
        message = "no rows of black_cards or white_cards in the SQL"
        raise DeckError("", message, Problem.NO_CARD_TABLES)
    return build_deck("pyx-sql", hints, rows)


def read_sqlite(path: str | Path, hints: Hints) -> Deck:
    uri = Path(path).resolve().as_uri() + "?mode=ro"
    try:
        with closing(sqlite3.connect(uri, uri=True)) as db:
            _guard(db)
            tables = {table: _base_rows(db, table) for table in _base_tables(db)}
    except sqlite3.Error as error:
        message = f"not a readable SQLite database: {error}"
        raise DeckError("", message, Problem.BAD_SQLITE) from None
    if "black_cards" not in tables and "white_cards" not in tables:
        message = "the database has no black_cards or white_cards table"
        raise DeckError("", message, Problem.NO_CARD_TABLES)
    return build_deck("pyx-sqlite", hints, tables)


def _guard(db: sqlite3.Connection) -> None:
    """Cap strings and stop any statement that runs past the budget."""
    db.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_SQLITE_STRING)
    db.execute("PRAGMA trusted_schema = OFF")
    calls = 0

    def progress() -> int:
        nonlocal calls
        calls += 1
        return calls > SQLITE_BUDGET

    db.set_progress_handler(progress, _PROGRESS_STEPS)


def _base_tables(db: sqlite3.Connection) -> list[str]:
    """Our tables present in the database; DeckError when one of them computes."""
    found = []
    for kind, name, sql in db.execute("SELECT type, name, sql FROM sqlite_master"):
        table = str(name).lower()
        if table not in TABLES:
            continue
        if kind != "table" or str(sql or "").lstrip().upper().startswith("CREATE VIRTUAL"):
            message = f"is a {kind}, not a plain table: only stored rows are read"
            raise DeckError(table, message, Problem.COMPUTED_TABLE)
        found.append(table)
    return found


def _base_rows(db: sqlite3.Connection, table: str) -> Rows:
    columns = db.execute(f'PRAGMA table_xinfo("{table}")').fetchall()
    if any(column[6] in (2, 3) for column in columns):
        message = "has generated columns: only stored values are read"
        raise DeckError(table, message, Problem.COMPUTED_TABLE)
    cursor = db.execute(f'SELECT * FROM "{table}"')
    names = [column[0].lower() for column in cursor.description]
    return [
        (_row_name(table, n, row), row)
        for n, row in enumerate(dict(zip(names, values, strict=True)) for values in cursor)
    ]


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
