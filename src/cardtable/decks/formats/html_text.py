"""Card text stored as HTML (PYX, the 2013 `cards.json`, Cards Against Formality) as plain text."""

from __future__ import annotations

import html
import re

_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_TAG = re.compile(r"</?[a-z][a-z0-9]*(?:\s[^<>]*)?/?>", re.IGNORECASE)


def html_to_text(text: str) -> str:
    """`<br>` becomes a newline, other tags (`<i>`, `<b>`, ...) go, entities are decoded."""
    return html.unescape(_TAG.sub("", _BREAK.sub("\n", text)))
