"""Cardcast decks as PYX read them (§9.3): `{calls: [{text: [seg, ...]}], responses: [...]}`.

A call's segments are joined with a slot between each two, so `pick = len(text) - 1`, and
`draw = pick - 1` from pick 3 up. The deck info `{name, description}` may sit beside the cards.
Blank responses are skipped, as PYX does (Cardcast had blank write-in cards); a card that
cannot be used is skipped and reported.
"""

from __future__ import annotations

from typing import Any

from ..errors import DeckError, Problem
from ..model import Deck, Part
from .base import Format, Hints
from .cards import each, make_call, make_deck, make_response
from .fields import child, expect_list, expect_object, listed, optional_text


def _segments(card: Any, where: str) -> list[str]:
    segments = expect_list(expect_object(card, where).get("text"), child(where, "text"))
    for n, segment in enumerate(segments):
        if not isinstance(segment, str):
            raise DeckError(f"{where}.text[{n}]", "must be a string", Problem.NOT_STRING)
    return segments


def _joined(segments: list[str]) -> tuple[tuple[Part, ...], ...]:
    """Segments with a slot between each two; a newline in a segment starts a new line."""
    lines: list[list[Part]] = [[]]
    for n, segment in enumerate(segments):
        for m, piece in enumerate(segment.replace("\r\n", "\n").split("\n")):
            if m:
                lines.append([])
            if piece:
                lines[-1].append(piece)
        if n < len(segments) - 1:
            lines[-1].append({})
    return tuple(tuple(line) for line in lines)


def _call(card: Any, where: str):
    segments = _segments(card, where)
    if len(segments) < 2:
        message = "needs at least two segments (one blank)"
        raise DeckError(child(where, "text"), message, Problem.NO_BLANK)
    pick = len(segments) - 1
    return make_call(_joined(segments), where, pick=pick, draw=pick - 1 if pick >= 3 else 0)


def _response(card: Any, where: str):
    text = "".join(_segments(card, where))
    return make_response(text, child(where, "text")) if text.strip() else None


def read_cardcast(data: Any, hints: Hints) -> Deck:
    data = expect_object(data, "")
    calls = each(listed(data, "calls"), _call)
    found = each(listed(data, "responses"), _response)
    responses = [response for response in found if response is not None]
    return make_deck(
        "cardcast",
        hints,
        calls,
        responses,
        name=optional_text(data, "name", ""),
        description=optional_text(data, "description", "") or "",
    )


def _is_cardcast(data: Any) -> bool:
    """Calls and responses that are objects with a `text` list (Massive Decks has lists)."""
    if not isinstance(data, dict) or "calls" not in data or "responses" not in data:
        return False
    firsts = [
        cards[0]
        for cards in (data["calls"], data["responses"])
        if isinstance(cards, list) and cards
    ]
    return bool(firsts) and all(isinstance(card, dict) and "text" in card for card in firsts)


FORMATS = (
    Format(
        "cardcast",
        "json",
        "Cardcast deck: {name?, description?, calls: [{text: [...]}], responses: [{text: [...]}]}",
        read_cardcast,
        _is_cardcast,
    ),
)
