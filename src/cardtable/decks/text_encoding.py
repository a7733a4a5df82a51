"""The text of a deck file's bytes, and the name of the encoding it was found in.

UTF-8 (with or without a BOM) and UTF-16 with a BOM are read as such; other bytes are read as
Windows-1252, the usual encoding of hand-made decks saved on Windows (its five unassigned
bytes as Latin-1), with a `not-utf8` note naming the first byte that is not UTF-8. Bytes with
NUL in them, and no UTF-16 BOM, are not text. Newlines are made "\\n".
"""

from __future__ import annotations

import codecs

from .errors import DeckError, Problem
from .report import Note


def decode(data: bytes) -> tuple[str, str, Note | None]:
    """(text, encoding: "UTF-8", "UTF-16" or "Windows-1252", the `not-utf8` note or None)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return _newlines(data.decode("utf-16")), "UTF-16", None
        except UnicodeDecodeError as error:
            message = f"not UTF-16 text (byte {error.start})"
            raise DeckError("", message, Problem.NOT_TEXT) from None
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise DeckError(f"line {line}", "not text: a NUL byte (binary data?)", Problem.NOT_TEXT)
    try:
        return _newlines(data.decode("utf-8-sig")), "UTF-8", None
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        message = f"not UTF-8 (byte {error.start}): read as Windows-1252"
        note = Note(f"line {line}", message, Problem.NOT_UTF8, {"byte": error.start})
    return _newlines(_cp1252(data)), "Windows-1252", note


def _cp1252(data: bytes) -> str:
    """Windows-1252, with the bytes it leaves unassigned read as Latin-1."""
    return data.decode("cp1252", errors="latin1fallback")


def _latin1_fallback(error: UnicodeDecodeError) -> tuple[str, int]:
    return error.object[error.start : error.end].decode("latin-1"), error.end


codecs.register_error("latin1fallback", _latin1_fallback)


def _newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")
