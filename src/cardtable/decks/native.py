"""Reads and checks the `cardtable-deck` JSON format (version 1), our own decks' format.

A card names its packs in `packs` (a list); `pack` (one name), as earlier files wrote it, is
still read."""

from __future__ import annotations

from typing import Any

from .errors import DeckError
from .model import RATINGS, STYLES, TRANSFORMS, Call, Deck, Response, parse_blanks, slot_count

FORMAT = "cardtable-deck"
MAX_PICK = 10


def looks_native(data: Any) -> bool:
    return isinstance(data, dict) and data.get("format") == FORMAT


def read_native(data: Any) -> Deck:
    """A Deck from parsed `cardtable-deck` JSON; DeckError names the first bad field."""
    if not looks_native(data):
        raise DeckError("format", f"expected format {FORMAT!r}")
    if data.get("version") != 1:
        raise DeckError("version", "only version 1 is known")
    deck_id = _string(data, "id", "id")
    name = _string(data, "name", "name")
    calls = data.get("calls")
    responses = data.get("responses")
    if not isinstance(calls, list):
        raise DeckError("calls", "must be a list")
    if not isinstance(responses, list):
        raise DeckError("responses", "must be a list")
    nsfw = data.get("nsfw")
    if nsfw is not None and not isinstance(nsfw, bool):
        raise DeckError("nsfw", "must be true or false")
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
    if not isinstance(value, str) or (default is None and not value.strip()):
        raise DeckError(where, "must be a non-empty string" if default is None else "must be text")
    return value


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise DeckError(where, "must be a list of non-empty strings")
    return tuple(value)


def _meta(card: dict, where: str) -> dict:
    rating = card.get("rating")
    if rating is not None and rating not in RATINGS:
        raise DeckError(f"{where}.rating", f"must be one of {', '.join(RATINGS)}")
    pack = card.get("pack")
    if pack is not None and not isinstance(pack, str):
        raise DeckError(f"{where}.pack", "must be text")
    packs = _strings(card.get("packs", [pack] if pack else []), f"{where}.packs")
    return {
        "rating": rating,
        "tags": _strings(card.get("tags", []), f"{where}.tags"),
        "packs": packs,
    }


def _call(card: Any, where: str) -> Call:
    if not isinstance(card, dict):
        raise DeckError(where, "must be an object")
    if "parts" in card:
        parts = read_parts(card["parts"], f"{where}.parts")
    else:
        parts = parse_blanks(_string(card, "text", f"{where}.text"))
    pick = card.get("pick", max(1, slot_count(parts)))
    draw = card.get("draw", 0)
    if isinstance(pick, bool) or not isinstance(pick, int) or not 1 <= pick <= MAX_PICK:
        raise DeckError(f"{where}.pick", f"must be a whole number from 1 to {MAX_PICK}")
    if isinstance(draw, bool) or not isinstance(draw, int) or not 0 <= draw <= MAX_PICK:
        raise DeckError(f"{where}.draw", f"must be a whole number from 0 to {MAX_PICK}")
    slots = slot_count(parts)
    if slots and slots != pick:
        raise DeckError(f"{where}.pick", f"is {pick} but the text has {slots} blanks")
    return Call(parts, pick, draw, **_meta(card, where))


def read_parts(lines: Any, where: str):
    if not isinstance(lines, list) or not lines:
        raise DeckError(where, "must be a non-empty list of lines")
    out = []
    for n, line in enumerate(lines):
        if not isinstance(line, list):
            raise DeckError(f"{where}[{n}]", "must be a list of parts")
        out.append(tuple(_part(p, f"{where}[{n}][{m}]") for m, p in enumerate(line)))
    return tuple(out)


def _part(part: Any, where: str):
    if isinstance(part, str):
        return part
    if not isinstance(part, dict):
        raise DeckError(where, "must be text or an object")
    unknown = set(part) - {"text", "style", "index", "transform"}
    if unknown:
        raise DeckError(where, f"unknown key {sorted(unknown)[0]!r}")
    if "style" in part and part["style"] not in STYLES:
        raise DeckError(f"{where}.style", f"must be one of {', '.join(STYLES)}")
    if "text" in part:
        if not isinstance(part["text"], str) or set(part) - {"text", "style"}:
            raise DeckError(where, "styled text has only 'text' and 'style'")
        return dict(part)
    if "transform" in part and part["transform"] not in TRANSFORMS:
        raise DeckError(f"{where}.transform", f"must be one of {', '.join(TRANSFORMS)}")
    index = part.get("index")
    if index is not None and (isinstance(index, bool) or not isinstance(index, int) or index < 0):
        raise DeckError(f"{where}.index", "must be a whole number from 0")
    return dict(part)


def _response(card: Any, where: str) -> Response:
    if isinstance(card, str):
        card = {"text": card}
    if not isinstance(card, dict):
        raise DeckError(where, "must be text or an object")
    return Response(_string(card, "text", f"{where}.text"), **_meta(card, where))
