"""All Bad Cards packs (§9.4), in the shapes its code reads and writes.

- a stored pack `{pack: {name, id}, black: [{content, pick, draw}], white: [str], ...}`;
- the same wrapped by the JSON upload, `{pack: <stored pack>, buildVersion}`;
- an array of stored packs (several packs in one file): one deck, each pack a pack of it;
- the pack-creation contract `{packName, blackCards: [str], whiteCards: [str]}`.

`isNsfw` (beside the cards or in the pack's metadata) sets `nsfw`; `categories` become tags.
A card that cannot be used is skipped and reported.
"""

from __future__ import annotations

from typing import Any

from ..model import Call, Deck, Response
from .base import Format, Hints
from .cards import call_from_text, each, make_deck, make_response
from .fields import (
    child,
    expect_list,
    expect_object,
    expect_text,
    listed,
    optional_flag,
    optional_text,
)


def _meta(data: dict, where: str) -> dict:
    categories = expect_list(data.get("categories", []), child(where, "categories"))
    for n, category in enumerate(categories):
        expect_text(category, f"{child(where, 'categories')}[{n}]")
    return {"nsfw": optional_flag(data, "isNsfw", where), "tags": categories}


def _responses(whites: Any, where: str, packs: tuple[str, ...] = ()) -> list[Response]:
    return each(
        ((f"{where}[{i}]", text) for i, text in enumerate(expect_list(whites, where))),
        lambda text, at: make_response(text, at, packs=packs),
    )


def _black(card: Any, where: str, packs: tuple[str, ...]) -> Call:
    card = expect_object(card, where)
    return call_from_text(
        card.get("content"),
        where,
        text_field="content",
        pick=card.get("pick"),
        draw=card.get("draw", 0),
        packs=packs,
    )


def _pack(data: dict, where: str, packs: tuple[str, ...] = ()) -> dict:
    """A stored pack's cards and metadata; `packs` names the pack its cards belong to."""
    info = expect_object(data.get("pack", {}), child(where, "pack"))
    meta, info_meta = _meta(data, where), _meta(info, child(where, "pack"))
    blacks = expect_list(data.get("black"), child(where, "black"))
    return {
        "calls": each(
            ((f"{child(where, 'black')}[{i}]", card) for i, card in enumerate(blacks)),
            lambda card, at: _black(card, at, packs),
        ),
        "responses": _responses(data.get("white"), child(where, "white"), packs),
        "id": optional_text(info, "id", child(where, "pack")),
        "name": optional_text(info, "name", child(where, "pack")),
        "nsfw": meta["nsfw"] if meta["nsfw"] is not None else info_meta["nsfw"],
        "tags": [*meta["tags"], *info_meta["tags"]],
    }


def read_all_bad_cards(data: Any, hints: Hints) -> Deck:
    if isinstance(data, list):
        return _read_packs(data, hints)
    data = expect_object(data, "")
    if "packName" in data:
        calls = each(
            listed(data, "blackCards"),
            lambda text, at: call_from_text(text, at, text_field=None),
        )
        responses = _responses(data.get("whiteCards"), "whiteCards")
        name = expect_text(data["packName"], "packName")
        return make_deck("all-bad-cards", hints, calls, responses, name=name, **_meta(data, ""))
    body, where = (data["pack"], "pack") if _wrapped(data) else (data, "")
    pack = _pack(body, where)
    return make_deck(
        "all-bad-cards",
        hints,
        pack["calls"],
        pack["responses"],
        deck_id=pack["id"],
        name=pack["name"],
        nsfw=pack["nsfw"],
        tags=pack["tags"],
    )


def _read_packs(data: list, hints: Hints) -> Deck:
    calls, responses, names, tags, nsfw = [], [], [], [], False
    for n, item in enumerate(data):
        where = f"[{n}]"
        item = expect_object(item, where)
        info = expect_object(item.get("pack", {}), child(where, "pack"))
        name = (optional_text(info, "name", child(where, "pack")) or f"Pack {n + 1}").strip()
        pack = _pack(item, where, (name,))
        calls += pack["calls"]
        responses += pack["responses"]
        names.append(name)
        tags += pack["tags"]
        nsfw = nsfw or bool(pack["nsfw"])
    return make_deck(
        "all-bad-cards", hints, calls, responses, packs=names, tags=tags, nsfw=nsfw or None
    )


def _has_cards(data: Any) -> bool:
    return isinstance(data, dict) and ("black" in data or "white" in data)


def _wrapped(data: dict) -> bool:
    """The upload's `{pack: {pack, black, white}}`, not a stored pack's `{pack, black, white}`."""
    return not _has_cards(data) and _has_cards(data.get("pack"))


def _is_pack(data: Any) -> bool:
    return isinstance(data, dict) and isinstance(data.get("pack"), dict) and _has_cards(data)


def _is_all_bad_cards(data: Any) -> bool:
    if isinstance(data, list):
        return bool(data) and all(_is_pack(item) for item in data)
    if not isinstance(data, dict):
        return False
    return "packName" in data or (
        isinstance(data.get("pack"), dict) and (_has_cards(data) or _wrapped(data))
    )


FORMATS = (
    Format(
        "all-bad-cards",
        "json",
        "All Bad Cards pack: {pack: {name, id}, black: [{content, pick, draw}], white},"
        " an array of those, or {packName, blackCards, whiteCards}",
        read_all_bad_cards,
        _is_all_bad_cards,
    ),
)
