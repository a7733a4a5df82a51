"""Content addresses of decks: the hash of a deck's cards as a game deals them, and the
library id built from it, so that one library id always names the same cards.

The canonical content is every call and response in order, each as the `cardtable-deck`
format writes it (text or parts, pick, draw, rating, tags, packs), with the rating a game
shows: an unrated card of a deck marked NSFW is `adult` (games/cah/cards.py `_marks`). Nothing
else a file says (its name, id, format, language, licence) is part of it. For a deck not marked
NSFW, or whose cards are all rated, this is the hash the library has stored since migration
0005, so decks stored before it keep their hash.
"""

from __future__ import annotations

import hashlib
import json
import re

from .model import Deck

#: Hex digits of the content hash in a library id (128 bits: no two decks' cards share one).
ID_HASH_DIGITS = 32
#: Characters of the deck's own id kept in front of the hash, to make the id readable.
SLUG_MAX = 24
_SLUG = re.compile(r"[^a-z0-9]+")


def content_hash(deck: Deck) -> str:
    """SHA-256 (hex) of the deck's canonical content."""
    adult = "adult" if deck.nsfw else None
    calls = [_rated(call.to_json(), call.rating or adult) for call in deck.calls]
    responses = [_rated(card.to_json(), card.rating or adult) for card in deck.responses]
    cards = {"calls": calls, "responses": responses}
    return hashlib.sha256(json.dumps(cards, sort_keys=True).encode()).hexdigest()


def _rated(card: dict, rating: str | None) -> dict:
    if rating is not None:
        card["rating"] = rating
    return card


def library_id(deck: Deck, content: str | None = None) -> str:
    """The id the library stores a deck under: its own id's slug, then the first
    `ID_HASH_DIGITS` of its content hash (`content`, computed when not given)."""
    slug = _SLUG.sub("-", deck.id.lower()).strip("-")[:SLUG_MAX].strip("-")
    return f"{slug or 'deck'}-{(content or content_hash(deck))[:ID_HASH_DIGITS]}"
