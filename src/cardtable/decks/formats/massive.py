"""Massive Decks built-in decks (`*.deck.json5`) and Many Decks API decks (§9.2).

Calls are already in our part model, so they are taken as they are after checking them the
way the Many Decks schema does: every part a string, a styled text or a slot, and every call
with at least one slot. `pick` is the number of distinct slot indices; responses are
strings. A card that fails those checks is skipped and reported.
"""

from __future__ import annotations

from typing import Any

from ..errors import DeckError, Problem, not_whole_number
from ..model import Deck, slot_count
from ..native import read_parts
from .base import Format, Hints
from .cards import each, make_call, make_deck, make_response
from .fields import expect_object, expect_text, listed, optional_text


def _call(call: Any, where: str):
    parts = read_parts(call, where)
    if not slot_count(parts):
        raise DeckError(where, "Calls must contain at least one slot.", Problem.NO_BLANK)
    return make_call(parts, where)


def _cards(data: dict, fmt: str, hints: Hints, **meta) -> Deck:
    calls = each(listed(data, "calls"), _call)
    responses = each(
        listed(data, "responses"),
        lambda text, where: make_response(text if isinstance(text, str) else None, where),
    )
    name = expect_text(data.get("name"), "name")
    language = optional_text(data, "language", "") or "en"
    return make_deck(fmt, hints, calls, responses, name=name, language=language, **meta)


def read_massive(data: Any, hints: Hints) -> Deck:
    data = expect_object(data, "")
    credits = [
        f"{label} {value}."
        for label, key in (("By", "author"), ("Translated by", "translator"))
        if (value := optional_text(data, key, ""))
    ]
    return _cards(data, "massive-decks", hints, description=" ".join(credits))


def read_many_decks(data: Any, hints: Hints) -> Deck:
    data = expect_object(data, "")
    author = expect_object(data.get("author"), "author")
    by = expect_text(author.get("name"), "author.name")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise not_whole_number("version", "version")
    if data.get("public", True) is not True:
        raise DeckError("public", "must be true when present", Problem.NOT_PUBLIC)
    return _cards(data, "many-decks", hints, description=f"By {by}. Version {version}.")


def _is_massive_like(data: Any) -> bool:
    """Calls made of lines of parts (a list per call), not Cardcast's {text: [...]} objects."""
    if not isinstance(data, dict) or "calls" not in data or "responses" not in data:
        return False
    calls, responses = data["calls"], data["responses"]
    if isinstance(calls, list) and calls:
        return isinstance(calls[0], list)
    return not (isinstance(responses, list) and responses and isinstance(responses[0], dict))


def _is_many_decks(data: Any) -> bool:
    return _is_massive_like(data) and isinstance(data.get("author"), dict)


FORMATS = (
    Format(
        "many-decks",
        "json",
        "Many Decks API deck: {name, author: {id, name}, version, calls, responses}",
        read_many_decks,
        _is_many_decks,
    ),
    Format(
        "massive-decks",
        "json",
        "Massive Decks built-in deck (*.deck.json5): {name, language, author, calls, responses}",
        read_massive,
        _is_massive_like,
    ),
)
