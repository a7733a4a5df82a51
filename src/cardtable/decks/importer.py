"""Reading a deck file of any supported format into a `Deck`, and saving decks as our JSON.

The format is found from the content first (SQLite header, JSON shape, SQL statements,
DigiPen columns, a CSV header), then from the file's extension (`.csv`, `.sql`, `.json`,
`.json5`); text that is none of these is one card per line. A file is either read whole or
refused with a `DeckError` naming the line or field of the first problem.
"""

from __future__ import annotations

import codecs
import hashlib
import json
import os
import re
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

import json5

from . import formats
from .errors import DeckError
from .formats.base import Format, Hints
from .formats.cards import kind_of
from .model import Deck

MAX_BYTES = 20 * 1024 * 1024
JSON5_MAX = 512 * 1024
FORMATS: tuple[str, ...] = tuple(fmt.name for fmt in formats.FORMATS)
SQLITE_HEADER = b"SQLite format 3\x00"
_SUFFIXES = {".json", ".json5", ".deck", ".md", ".txt", ".csv", ".sql", ".sqlite", ".db"}
_JSON_START = re.compile(  # JSON or JSON5 (which may open with comments)
    r"\s*(?:(?://[^\n]*|/\*.*?\*/)\s*)*(?:\{|\[\s*(?:[\[{\"\]\-0-9]|true|false|null|$))", re.DOTALL
)
_BY_EXTENSION = {".csv": "csv", ".sql": "pyx-sql"}


def load_deck(
    source: str | os.PathLike | bytes,
    name: str | None = None,
    fmt: str | None = None,
    kind: str | None = None,
    *,
    max_bytes: int = MAX_BYTES,
) -> Deck:
    """The deck in a file (a path) or in bytes.

    `name` is the file's name when `source` is bytes (it gives the extension and the deck id
    when the format has none); `fmt` skips detection (one of `FORMATS`); `kind` ("black" or
    "white") says what every card is, for formats whose lines do not say.
    """
    return read_deck(source, name, fmt, kind, max_bytes=max_bytes)[1]


def read_deck(
    source: str | os.PathLike | bytes,
    name: str | None = None,
    fmt: str | None = None,
    kind: str | None = None,
    *,
    max_bytes: int = MAX_BYTES,
) -> tuple[str, Deck]:
    """Like `load_deck`, with the name of the format the deck was read as."""
    path = None
    if isinstance(source, bytes | bytearray | memoryview):
        data = bytes(source)
    else:
        path = Path(source)
        data = _read_file(path, max_bytes)
        name = name or path.name
    if len(data) > max_bytes:
        raise DeckError("", f"the file is larger than {max_bytes:,} bytes", "too-large")
    hints = _hints(name, data, kind)
    chosen = formats.get(fmt) if fmt else None
    if chosen is None and data.startswith(SQLITE_HEADER):
        chosen = formats.get("pyx-sqlite")
    if chosen is not None and chosen.input == "sqlite":
        return _read_sqlite(chosen, path, data, hints)
    text = _decode(data)
    if not text.strip():
        raise DeckError("", "the file is empty", "empty")
    extension = _extension(name)
    if chosen is None:
        chosen, value = _detect(text, extension)
    else:
        value = _json(text, extension) if chosen.input == "json" else text
    return chosen.name, chosen.read(value, hints)


def _detect(text: str, extension: str) -> tuple[Format, Any]:
    """The format of `text` by content, else by extension, and its input (parsed if JSON)."""
    if _JSON_START.match(text) or extension in (".json", ".json5"):
        value = _json(text, extension)
        for fmt in formats.FORMATS:
            if fmt.input == "json" and fmt.detect(value):
                return fmt, value
        raise _unknown_json(value)
    found = (fmt for fmt in formats.FORMATS if fmt.input == "text" and fmt.detect(text))
    return next(found, None) or formats.get(_BY_EXTENSION.get(extension, "lines")), text


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
        raise DeckError(
            "", f"cannot read {path}: {error.strerror or error}", "unreadable"
        ) from None


def _read_sqlite(fmt: Format, path: Path | None, data: bytes, hints: Hints) -> tuple[str, Deck]:
    if path is not None:
        return fmt.name, fmt.read(path, hints)
    with tempfile.TemporaryDirectory() as directory:
        copy = Path(directory) / "deck.sqlite"
        copy.write_bytes(data)
        return fmt.name, fmt.read(copy, hints)


def _decode(data: bytes) -> str:
    """UTF-8 (a BOM is dropped), or UTF-16 with its BOM; newlines made "\\n"."""
    utf16 = data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    try:
        text = data.decode("utf-16" if utf16 else "utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise DeckError(
            f"line {line}", f"not UTF-8 text (byte {error.start})", "not-text"
        ) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _json(text: str, extension: str) -> Any:
    """Parsed JSON, or JSON5 (Massive Decks' decks) when it is not plain JSON.

    The json5 parser reads about 40 KB a second, so JSON5 is only tried up to `JSON5_MAX`.
    """
    try:
        return json.loads(text)
    except RecursionError:
        raise DeckError("", "the JSON is nested too deeply", "bad-json") from None
    except ValueError as error:
        problem: ValueError = error
    if len(text) > JSON5_MAX:
        if extension == ".json5":
            raise DeckError("", f"JSON5 is read up to {JSON5_MAX:,} characters", "too-large")
    else:
        try:
            return json5.loads(text)
        except RecursionError:
            raise DeckError("", "the JSON is nested too deeply", "bad-json") from None
        except ValueError as error:
            if extension == ".json5":
                problem = error
    if isinstance(problem, json.JSONDecodeError):
        where, message = f"line {problem.lineno}", f"{problem.msg} (column {problem.colno})"
    else:
        line = re.search(r"<string>:(\d+)", str(problem))
        where, message = (f"line {line.group(1)}" if line else ""), str(problem)
    raise DeckError(where, f"not valid JSON: {message}", "bad-json")


def _unknown_json(value: Any) -> DeckError:
    if isinstance(value, dict):
        shape = "an object with keys " + ", ".join(sorted(value)[:8])
    else:
        shape = f"a JSON {type(value).__name__}"
    return DeckError("", f"{shape}, in none of the known deck formats", "unknown-format")


def _extension(name: str | None) -> str:
    return Path(name).suffix.lower() if name else ""


def _hints(name: str | None, data: bytes, kind: str | None) -> Hints:
    """The deck id and name from the file name (without its format suffixes), and the kind."""
    stem = Path(name or "").name
    while Path(stem).suffix.lower() in _SUFFIXES:
        stem = Path(stem).stem
    ascii_stem = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_stem.lower()).strip("-")
    deck_id = slug or f"deck-{hashlib.sha256(data).hexdigest()[:10]}"
    return Hints(deck_id, stem or "Imported deck", kind_of(kind, "kind") if kind else None)
