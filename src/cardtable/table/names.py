"""Player, table and chat text: normalised, bounded, and free of control characters.

Text is data: it is stored and sent as given (after normalisation), never interpreted as
markup here; clients put it on the page as text.
"""

from __future__ import annotations

import unicodedata

from .errors import ErrorCode, TableError

MAX_NAME = 32
MAX_TABLE_NAME = 48
MAX_CHAT = 500


def clean_text(text: str, limit: int, code: ErrorCode, multiline: bool = False) -> str:
    """`text` NFKC-normalised and stripped; TableError `code` (`bad-name`, `bad-chat`, ...)
    when empty, too long or with controls."""
    what = code.removeprefix("bad-")
    text = unicodedata.normalize("NFKC", text).strip()
    if not text:
        raise TableError(code, f"the {what} is empty")
    if len(text) > limit:
        raise TableError(code, f"the {what} is longer than {limit} characters")
    for char in text:
        if multiline and char == "\n":
            continue
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            raise TableError(code, f"the {what} holds a control character")
    return text


def name_key(name: str) -> str:
    """What two names must not share at one table: case and spacing do not tell them apart."""
    return " ".join(name.casefold().split())
