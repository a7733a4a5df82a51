"""All Bad Cards packs (§9.4), in the three shapes its code reads and writes.

- a stored pack `{pack: {name, id}, black: [{content, pick, draw}], white: [str], ...}`;
- the same wrapped by the JSON upload, `{pack: <stored pack>, buildVersion}`;
- the pack-creation contract `{packName, blackCards: [str], whiteCards: [str]}`.

`isNsfw` (beside the cards or in the pack's metadata) sets `nsfw`; `categories` become tags.
"""

from __future__ import annotations

from typing import Any

from ..model import Deck
from .base import Format, Hints
from .cards import call_from_text, make_deck, make_response
from .fields import child, expect_list, expect_object, expect_text, optional_flag, optional_text


def _meta(data: dict, where: str) -> dict:
    categories = expect_list(data.get("categories", []), child(where, "categories"))
    for n, category in enumerate(categories):
        expect_text(category, f"{child(where, 'categories')}[{n}]")
    return {"nsfw": optional_flag(data, "isNsfw", where), "tags": categories}


def _responses(whites: Any, where: str) -> list:
    return [
        make_response(text, f"{where}[{i}]") for i, text in enumerate(expect_list(whites, where))
    ]


def read_all_bad_cards(data: Any, hints: Hints) -> Deck:
    data = expect_object(data, "")
    if "packName" in data:
        calls = [
            call_from_text(text, f"blackCards[{i}]", text_field=None)
            for i, text in enumerate(expect_list(data.get("blackCards"), "blackCards"))
        ]
        responses = _responses(data.get("whiteCards"), "whiteCards")
        name = expect_text(data["packName"], "packName")
        return make_deck("all-bad-cards", hints, calls, responses, name=name, **_meta(data, ""))
    body, where = (data["pack"], "pack") if _wrapped(data) else (data, "")
    info = expect_object(body.get("pack", {}), child(where, "pack"))
    meta = _meta(body, where)
    info_meta = _meta(info, child(where, "pack"))
    calls = []
    for i, card in enumerate(expect_list(body.get("black"), child(where, "black"))):
        card_where = f"{child(where, 'black')}[{i}]"
        card = expect_object(card, card_where)
        calls.append(
            call_from_text(
                card.get("content"),
                card_where,
                text_field="content",
                pick=card.get("pick"),
                draw=card.get("draw", 0),
            )
        )
    return make_deck(
        "all-bad-cards",
        hints,
        calls,
        _responses(body.get("white"), child(where, "white")),
        deck_id=optional_text(info, "id", child(where, "pack")),
        name=optional_text(info, "name", child(where, "pack")),
        nsfw=meta["nsfw"] if meta["nsfw"] is not None else info_meta["nsfw"],
        tags=[*meta["tags"], *info_meta["tags"]],
    )


def _has_cards(data: Any) -> bool:
    return isinstance(data, dict) and ("black" in data or "white" in data)


def _wrapped(data: dict) -> bool:
    """The upload's `{pack: {pack, black, white}}`, not a stored pack's `{pack, black, white}`."""
    return not _has_cards(data) and _has_cards(data.get("pack"))


def _is_all_bad_cards(data: Any) -> bool:
    if not isinstance(data, dict):
        return False
    return "packName" in data or (
        isinstance(data.get("pack"), dict) and (_has_cards(data) or _wrapped(data))
    )


FORMATS = (
    Format(
        "all-bad-cards",
        "json",
        "All Bad Cards pack: {pack: {name, id}, black: [{content, pick, draw}], white}"
        " or {packName, blackCards, whiteCards}",
        read_all_bad_cards,
        _is_all_bad_cards,
    ),
)
