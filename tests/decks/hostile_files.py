"""Hostile deck files, written by us (issue 22): each would once have frozen or bloated the
server. `HOSTILE` maps a file name to a function making the file's bytes, and `EXPECTED` says
what its import must end with: the stable code it is refused with (`problem` of the upload
answer), or "read" for a file that must be read within its budget."""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path

COMPUTING_VIEW = (
    "CREATE VIEW white_cards AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
    "FROM n) SELECT i AS id, 'x' AS text, NULL AS watermark FROM n"
)
ALLOCATING_VIEW = (
    "CREATE VIEW white_cards AS SELECT 1 AS id, printf('%.*c', 250000000, 'x') AS text, "
    "NULL AS watermark"
)
GENERATED_COLUMN = (
    "CREATE TABLE white_cards (id INTEGER, watermark TEXT,"
    " text TEXT AS (printf('%.*c', 250000000, 'x')))",
    "INSERT INTO white_cards (id) VALUES (1)",
)


def sqlite_file(*statements: str) -> bytes:
    """A SQLite database file made by running `statements`."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deck.sqlite"
        db = sqlite3.connect(path)
        with db:
            for statement in statements:
                db.execute(statement)
        db.close()
        return path.read_bytes()


def unterminated_comments() -> bytes:
    """A SQL dump ending in a million `/*` (the old tokenizer was quadratic on these)."""
    return b"INSERT INTO white_cards (id, text) VALUES (1, 'Fine.');\n" + b"/*" * 1_000_000


def unterminated_dollar_quotes() -> bytes:
    return b"INSERT INTO white_cards (id, text) VALUES (1, 'A.');\n" + b"$a$ $b$ " * 100_000


def json5_nesting_bomb() -> bytes:
    return b"// json5\n" + b"[" * 200_000


def big_json5_deck(calls: int = 20_000) -> bytes:
    """A valid JSON5 deck of `calls` calls: read in one pass over its tokens."""
    body = ",".join(f"[['Card {n} ', {{}}]]" for n in range(calls))
    return f"/* a big deck */ {{name: 'Big', calls: [{body}], responses: ['A',]}}".encode()


def utf16_garbage() -> bytes:
    """UTF-16 text with no line breaks: one 450,000-character "card"."""
    return b"\xff\xfe" + "\u4e00\u9fa5\u3042".encode("utf-16-le") * 150_000


HOSTILE = {
    "comments.sql": unterminated_comments,
    "dollars.sql": unterminated_dollar_quotes,
    "computing-view.sqlite": lambda: sqlite_file(COMPUTING_VIEW),
    "allocating-view.sqlite": lambda: sqlite_file(ALLOCATING_VIEW),
    "generated-column.sqlite": lambda: sqlite_file(*GENERATED_COLUMN),
    "bomb.json5": json5_nesting_bomb,
    "garbage.txt": utf16_garbage,
    "big.deck.json5": big_json5_deck,
}
EXPECTED = {
    "comments.sql": "sql-unfinished",
    "dollars.sql": "sql-unfinished",
    "computing-view.sqlite": "computed-table",
    "allocating-view.sqlite": "computed-table",
    "generated-column.sqlite": "computed-table",
    "bomb.json5": "bad-json",
    "garbage.txt": "no-usable-card",
    "big.deck.json5": "read",
}
