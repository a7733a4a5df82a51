"""The key of a card's text, by which moderators hide a card in every deck that holds it.

Texts are compared after Unicode NFKC normalisation, case folding and collapsing whitespace,
so the same card in two decks (or typed again as a custom card) has one key.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

_SPACE = re.compile(r"\s+")


def card_key(text: str) -> str:
    """16 hex digits of the SHA-256 of the normalised text."""
    normal = _SPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()
    return hashlib.sha256(normal.encode()).hexdigest()[:16]
