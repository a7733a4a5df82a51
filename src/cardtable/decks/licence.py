"""A deck's licence and attribution, where its file states them.

JSON decks may carry them as top-level fields (`license`/`licence`/`copyright`,
`attribution`/`author`/`credits`); text files (SQL dumps, JSON5, line files) in their header:
a comment or `#` line such as `-- Licence: CC BY-NC-SA 4.0` or `# Attribution: ...`, or a
Creative Commons licence named in the first comments (as PYX's dump does). Only the first
`HEAD_CHARS` characters are looked at.
"""

from __future__ import annotations

import re
from typing import Any

HEAD_CHARS = 8_192
MAX_CHARS = 200
_LICENCE_KEYS = ("license", "licence", "copyright")
_ATTRIBUTION_KEYS = ("attribution", "author", "credits")
#: A header line naming a licence or attribution: (#|//|--|*) key: value.
HEADER_FIELD = re.compile(
    r"^[ \t]*(?:#+|//|--|/?\*+)?[ \t]*(licen[cs]e|lizenz|copyright|attribution|credits?|author)"
    r"[ \t]*[:=][ \t]*(\S[^\n]*?)[ \t]*(?:\*/)?[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
_CREATIVE_COMMONS = re.compile(
    r"\b(?:Creative Commons|CC)[ -](?:Attribution|BY)(?:[- ](?:NonCommercial|NC|ShareAlike|SA"
    r"|NoDerivs|ND|NoDerivatives))*[- ](?:License[ ,]*)?(?:v(?:ersion)?[ ]?)?\d\.\d",
    re.IGNORECASE,
)


def from_header(text: str) -> tuple[str, str]:
    """(licence, attribution) stated in the head of a text file ("" when not stated)."""
    head = text[:HEAD_CHARS]
    licence = attribution = ""
    for match in HEADER_FIELD.finditer(head):
        key, value = match.group(1).lower(), match.group(2)
        if key.startswith(("licen", "lizenz", "copyright")):
            licence = licence or value
        else:
            attribution = attribution or value
    if not licence and (found := _CREATIVE_COMMONS.search(head)):
        licence = found.group()
    return licence[:MAX_CHARS], attribution[:MAX_CHARS]


def from_json(value: Any) -> tuple[str, str]:
    """(licence, attribution) from a JSON deck's top-level fields."""
    if not isinstance(value, dict):
        return "", ""
    return _first(value, _LICENCE_KEYS), _first(value, _ATTRIBUTION_KEYS)


def _first(value: dict, keys: tuple[str, ...]) -> str:
    for key in keys:
        found = value.get(key)
        if isinstance(found, dict):
            found = found.get("name")
        if isinstance(found, str) and found.strip():
            return found.strip()[:MAX_CHARS]
    return ""
