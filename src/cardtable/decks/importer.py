"""Reading a deck file of any supported format into a `Deck`, and saving decks as our JSON.

The format is found from the content first (SQLite header, JSON shape, SQL statements,
DigiPen columns, a CSV header), then from the file's extension (`.csv`, `.sql`, `.json`,
`.json5`); text that is none of these is one card per line. Text is decoded as UTF-8, UTF-16
with a BOM, or Windows-1252 (`text_encoding.py`); JSON that is not plain JSON is read as JSON5
(`json5_text.py`). What can be read is read: cards that cannot be used are skipped or repaired
and listed in the import's `Report`; a file is refused with a `DeckError` only when it is not a
deck at all (or breaks a limit). The licence and attribution a file states are kept.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

from . import formats, json5_text, licence
from .errors import DeckError, Problem
from .formats.base import Format, Hints
from .formats.cards import kind_of
from .model import Deck
from .report import Limits, Report, reporting
from .text_encoding import decode

MAX_BYTES = 20 * 1024 * 1024
FORMATS: tuple[str, ...] = tuple(fmt.name for fmt in formats.FORMATS)
SQLITE_HEADER = b"SQLite format 3\x00"
_SUFFIXES = {".json", ".json5", ".deck", ".md", ".txt", ".csv", ".sql", ".sqlite", ".db"}
_COMMENT = re.compile(r"\s*(?://[^\n]*|/\*)")
_JSON_VALUE = re.compile(r"\{|\[\s*(?:[\[{\"\]\-0-9]|true|false|null|$)")
_BY_EXTENSION = {".csv": "csv", ".sql": "pyx-sql"}


@dataclasses.dataclass(frozen=True)
class Imported:
    """A file read as a deck: the format it was read as, the deck, and what was done."""

    format: str
    deck: Deck
    report: Report


def load_deck(source: str | os.PathLike | bytes, name: str | None = None, **options) -> Deck:
    """The deck in a file (a path) or in bytes; options as `import_deck`."""
    return import_deck(source, name, **options).deck


def read_deck(
    source: str | os.PathLike | bytes, name: str | None = None, **options
) -> tuple[str, Deck]:
    """Like `load_deck`, with the name of the format the deck was read as."""
    imported = import_deck(source, name, **options)
    return imported.format, imported.deck


def import_deck(
    source: str | os.PathLike | bytes,
    name: str | None = None,
    fmt: str | None = None,
    kind: str | None = None,
    *,
    columns: tuple[tuple[str, str], ...] = (),
    max_bytes: int = MAX_BYTES,
    limits: Limits | None = None,
) -> Imported:
    """The deck in a file (a path) or in bytes, with its import report.

    `name` is the file's name when `source` is bytes (it gives the extension and the deck id
    when the format has none); `fmt` skips detection (one of `FORMATS`); `kind` ("black" or
    "white") says what every card is, for formats whose lines do not say; `columns` maps CSV
    fields to header names.
    """
    path = None
    if isinstance(source, bytes | bytearray | memoryview):
        data = bytes(source)
    else:
        path = Path(source)
        data = _read_file(path, max_bytes)
        name = name or path.name
    if len(data) > max_bytes:
        message = f"the file is larger than {max_bytes:,} bytes"
        raise DeckError("", message, Problem.TOO_LARGE, most=max_bytes)
    hints = _hints(name, data, kind, columns)
    chosen = formats.get(fmt) if fmt else None
    if chosen is None and data.startswith(SQLITE_HEADER):
        chosen = formats.get("pyx-sqlite")
    with reporting(limits) as report:
        if chosen is not None and chosen.input == "sqlite":
            return Imported(chosen.name, _read_sqlite(chosen, path, data, hints), report)
        text, report.encoding, report.encoding_note = decode(data)
        if not text.strip():
            raise DeckError("", "the file is empty", Problem.EMPTY)
        extension = _extension(name)
        if chosen is None:
            chosen, value = _detect(text, extension)
        else:
            value = _json(text, extension) if chosen.input == "json" else text
        deck = chosen.read(value, hints)
        stated = licence.from_json(value) if chosen.input == "json" else ("", "")
        header = licence.from_header(text)
        return Imported(chosen.name, _credited(deck, stated, header), report)


def _credited(deck: Deck, *found: tuple[str, str]) -> Deck:
    """The deck with the first licence and attribution found, where it states none itself."""
    licence_text = deck.license or next((f[0] for f in found if f[0]), "")
    attribution = deck.attribution or next((f[1] for f in found if f[1]), "")
    return dataclasses.replace(deck, license=licence_text, attribution=attribution)


def _detect(text: str, extension: str) -> tuple[Format, Any]:
    """The format of `text` by content, else by extension, and its input (parsed if JSON)."""
    if _looks_json(text) or extension in (".json", ".json5"):
        value = _json(text, extension)
        for fmt in formats.FORMATS:
            if fmt.input == "json" and fmt.detect(value):
                return fmt, value
        raise _unknown_json(value)
    found = (fmt for fmt in formats.FORMATS if fmt.input == "text" and fmt.detect(text))
    return next(found, None) or formats.get(_BY_EXTENSION.get(extension, "lines")), text


def _looks_json(text: str) -> bool:
    """JSON or JSON5 (which may open with comments): skips leading comments in one pass."""
    position = 0
    while match := _COMMENT.match(text, position):
        if match.group().endswith("/*"):
            end = text.find("*/", match.end())
            if end < 0:
                return False
            position = end + 2
        else:
            position = match.end()
    return _JSON_VALUE.match(text, len(text) - len(text[position:].lstrip())) is not None


def save_deck(deck: Deck, path: str | os.PathLike) -> None:
    """Write `deck` as `cardtable-deck` JSON, replacing `path` only once it is all written."""
    path = Path(path)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(
        json.dumps(deck.to_json(), ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    os.replace(temporary, path)


def _read_file(path: Path, max_bytes: int) -> bytes:
    try:
        with path.open("rb") as file:
            return file.read(max_bytes + 1)
    except OSError as error:
        message = f"cannot read {path}: {error.strerror or error}"
        raise DeckError("", message, Problem.UNREADABLE) from None


def _read_sqlite(fmt: Format, path: Path | None, data: bytes, hints: Hints) -> Deck:
    if path is not None:
        return fmt.read(path, hints)
    with tempfile.TemporaryDirectory() as directory:
        copy = Path(directory) / "deck.sqlite"
        copy.write_bytes(data)
        return fmt.read(copy, hints)


def _json(text: str, extension: str) -> Any:
    """Parsed JSON, or JSON5 (Massive Decks' decks) when it is not plain JSON."""
    try:
        return json.loads(text)
    except RecursionError:
        raise _too_deep() from None
    except ValueError as error:
        problem: ValueError = error
    try:
        return json5_text.loads(text)
    except RecursionError:
        raise _too_deep() from None
    except json5_text.JSON5Error as error:
        if extension == ".json5":
            problem = error
    if isinstance(problem, json.JSONDecodeError):
        where, message = f"line {problem.lineno}", f"{problem.msg} (column {problem.colno})"
    else:
        where = f"line {problem.line}" if problem.line else ""
        message = f"not JSON5: {problem.message}"
    raise DeckError(where, f"not valid JSON: {message}", Problem.BAD_JSON)


def _too_deep() -> DeckError:
    return DeckError("", "the JSON is nested too deeply", Problem.BAD_JSON)


def _unknown_json(value: Any) -> DeckError:
    if isinstance(value, dict):
        shape = "an object with keys " + ", ".join(sorted(value)[:8])
    else:
        shape = f"a JSON {type(value).__name__}"
    return DeckError("", f"{shape}, in none of the known deck formats", Problem.UNKNOWN_FORMAT)


def _extension(name: str | None) -> str:
    return Path(name).suffix.lower() if name else ""


def _hints(name: str | None, data: bytes, kind: str | None, columns) -> Hints:
    """The deck id and name from the file name (without its format suffixes), the kind and the
    CSV column mapping."""
    stem = Path(name or "").name
    while Path(stem).suffix.lower() in _SUFFIXES:
        stem = Path(stem).stem
    ascii_stem = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_stem.lower()).strip("-")
    deck_id = slug or f"deck-{hashlib.sha256(data).hexdigest()[:10]}"
    kind_hint = kind_of(kind, "kind") if kind else None
    return Hints(deck_id, stem or "Imported deck", kind_hint, tuple(columns))
