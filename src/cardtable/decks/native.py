"""Reads and checks the `cardtable-deck` JSON format (version 1), our own decks' format.

A card names its packs in `packs` (a list); `pack` (one name), as earlier files wrote it, is
still read."""

from __future__ import annotations

from typing import Any

from .errors import DeckError, Problem, expect_int, not_one_of, pick_mismatch
from .model import RATINGS, STYLES, TRANSFORMS, Call, Deck, Response, parse_blanks, slot_count

FORMAT = "cardtable-deck"
MAX_PICK = 10


def looks_native(data: Any) -> bool:
    return isinstance(data, dict) and data.get("format") == FORMAT


def read_native(data: Any) -> Deck:
    """A Deck from parsed `cardtable-deck` JSON; DeckError names the first bad field."""
    if not looks_native(data):
        raise DeckError("format", f"expected format {FORMAT!r}", Problem.NOT_NATIVE)
    if data.get("version") != 1:
        raise DeckError("version", "only version 1 is known", Problem.UNKNOWN_VERSION)
    deck_id = _string(data, "id", "id")
    name = _string(data, "name", "name")
    calls = data.get("calls")
    responses = data.get("responses")
    for key, value in (("calls", calls), ("responses", responses)):
        if not isinstance(value, list):
            raise DeckError(key, "must be a list", Problem.NOT_LIST)
    nsfw = data.get("nsfw")
    if nsfw is not None and not isinstance(nsfw, bool):
        raise DeckError("nsfw", "must be true or false", Problem.NOT_BOOLEAN)
    return Deck(
        id=deck_id,
        name=name,
        calls=tuple(_call(c, f"calls[{i}]") for i, c in enumerate(calls)),
        responses=tuple(_response(r, f"responses[{i}]") for i, r in enumerate(responses)),
        language=_string(data, "language", "language", "en"),
        source=_string(data, "source", "source", ""),
        license=_string(data, "license", "license", ""),
        attribution=_string(data, "attribution", "attribution", ""),
        description=_string(data, "description", "description", ""),
        nsfw=nsfw,
        tags=_strings(data.get("tags", []), "tags"),
        packs=_strings(data.get("packs", []), "packs"),
        official_packs=_strings(data.get("officialPacks", []), "officialPacks"),
    )


def _string(data: dict, key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if default is None and (not isinstance(value, str) or not value.strip()):
        raise DeckError(where, "must be a non-empty string", Problem.BLANK_TEXT)
    if not isinstance(value, str):
        raise DeckError(where, "must be text", Problem.NOT_STRING)
    return value


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise DeckError(where, "must be a list of non-empty strings", Problem.NOT_STRING_LIST)
    return tuple(value)


def _meta(card: dict, where: str) -> dict:
    rating = card.get("rating")
    if rating is not None and rating not in RATINGS:
        raise not_one_of(f"{where}.rating", "rating", RATINGS)
    pack = card.get("pack")
    if pack is not None and not isinstance(pack, str):
        raise DeckError(f"{where}.pack", "must be text", Problem.NOT_STRING)
    packs = _strings(card.get("packs", [pack] if pack else []), f"{where}.packs")
    return {
        "rating": rating,
        "tags": _strings(card.get("tags", []), f"{where}.tags"),
        "packs": packs,
    }


def _call(card: Any, where: str) -> Call:
    if not isinstance(card, dict):
        raise DeckError(where, "must be an object", Problem.NOT_OBJECT)
    if "parts" in card:
        parts = read_parts(card["parts"], f"{where}.parts")
    else:
        parts = parse_blanks(_string(card, "text", f"{where}.text"))
    pick = card.get("pick", max(1, slot_count(parts)))
    draw = card.get("draw", 0)
    expect_int(pick, f"{where}.pick", 1, MAX_PICK, "pick")
    expect_int(draw, f"{where}.draw", 0, MAX_PICK, "draw")
    slots = slot_count(parts)
    if slots and slots != pick:
        raise pick_mismatch(f"{where}.pick", pick, slots)
    return Call(parts, pick, draw, **_meta(card, where))


def read_parts(lines: Any, where: str):
    if not isinstance(lines, list) or not lines:
        raise DeckError(where, "must be a non-empty list of lines", Problem.BAD_PARTS)
    out = []
    for n, line in enumerate(lines):
        if not isinstance(line, list):
            raise DeckError(f"{where}[{n}]", "must be a list of parts", Problem.BAD_PARTS)
        out.append(tuple(_part(p, f"{where}[{n}][{m}]") for m, p in enumerate(line)))
    return tuple(out)


def _part(part: Any, where: str):
    if isinstance(part, str):
        return part
    if not isinstance(part, dict):
        raise DeckError(where, "must be text or an object", Problem.NOT_TEXT_OR_OBJECT)
    unknown = set(part) - {"text", "style", "index", "transform"}
    if unknown:
        key = sorted(unknown)[0]
        raise DeckError(where, f"unknown key {key!r}", Problem.UNKNOWN_KEY, key=key)
    if "style" in part and part["style"] not in STYLES:
        raise not_one_of(f"{where}.style", "style", STYLES)
    if "text" in part:
        if not isinstance(part["text"], str) or set(part) - {"text", "style"}:
            message = "styled text has only 'text' and 'style'"
            raise DeckError(where, message, Problem.BAD_STYLED_TEXT)
        return dict(part)
    if "transform" in part and part["transform"] not in TRANSFORMS:
        raise not_one_of(f"{where}.transform", "transform", TRANSFORMS)
    index = part.get("index")
    if index is not None and (isinstance(index, bool) or not isinstance(index, int) or index < 0):
        raise DeckError(f"{where}.index", "must be a whole number from 0", Problem.BAD_SLOT_INDEX)
    return dict(part)


def _response(card: Any, where: str) -> Response:
    if isinstance(card, str):
        card = {"text": card}
    if not isinstance(card, dict):
        raise DeckError(where, "must be text or an object", Problem.NOT_TEXT_OR_OBJECT)
    return Response(_string(card, "text", f"{where}.text"), **_meta(card, where))
