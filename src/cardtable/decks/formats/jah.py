"""JSON Against Humanity, in all its shapes (deck_formats.md §9.1).

- `jah-compact`: `{white, black, packs}` with `packs` an array or an object keyed by
  abbreviation, each pack holding indices into the global arrays;
- `jah-full`: an array of packs, each with its own cards (repeated across packs);
- `jah-md-compact` (tag v1.x `compact.md.json`): `{cards: {black, white}, decks: {abbr: pack}}`;
- `jah-md-full` (tag v1.x `full.md.json`): cards carry a `deck` abbreviation into `metadata`;
- `jah-legacy` (the 2013 `cards.json`): `{blackCards, whiteCards, order, <packKey>: pack}`,
  whose texts are HTML.

A card listed by several packs is read once and belongs to every pack listing it, so the
compact and full files of one release give the same deck. Texts are Markdown-ish (`*italic*`,
`**bold**`, backslash line breaks), mapped to styles; the legacy file's are HTML. A card that
cannot be used, or a pack index that names no card, is skipped and reported.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import DeckError, Problem
from ..model import Call, Deck, Response
from ..report import Note, current
from .base import Format, Hints
from .cards import call_from_text, each, make_deck, make_response, pack_members
from .fields import child, expect_list, expect_object, expect_text, listed
from .html_text import html_to_text


def _black(card: Any, where: str, packs: tuple[str, ...], legacy: bool = False) -> Call:
    card = expect_object(card, where)
    text = expect_text(card.get("text"), child(where, "text"))
    return call_from_text(
        html_to_text(text) if legacy else text,
        where,
        pick=card.get("pick"),
        draw=card.get("draw", 0),
        packs=packs,
        markup=not legacy,
    )


def _white(card: Any, where: str, packs: tuple[str, ...], legacy: bool = False) -> Response:
    if isinstance(card, dict):
        where, card = child(where, "text"), card.get("text")
    text = expect_text(card, where)
    return make_response(
        html_to_text(text) if legacy else text, where, packs=packs, markup=not legacy
    )


def _indices(value: Any, where: str, count: int, kind: str) -> list[int]:
    """The valid indices of a pack's list; others are skipped and reported."""
    indices = []
    for n, index in enumerate(expect_list(value, where)):
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
            message = f"must be the index of one of the {count} {kind} cards"
            current().skip(Note(child(where, n), message, Problem.BAD_INDEX, {"count": count}))
        else:
            indices.append(index)
    return indices


def _official(pack: dict) -> bool:
    return pack.get("official") is True


def _packed(
    fmt: str,
    hints: Hints,
    cards: dict,
    where: tuple[str, str],
    packs: list[tuple[str, str, Any]],
    legacy: bool = False,
) -> Deck:
    """A deck from global card arrays and packs of indices.

    `cards` holds the "black" and "white" arrays found at `where`; each pack is
    (where, fallback name, pack object with name/black/white/official).
    """
    blacks = expect_list(cards.get("black"), where[0])
    whites = expect_list(cards.get("white"), where[1])
    members, official = [], []
    for pack_where, fallback, pack in packs:
        pack = expect_object(pack, pack_where)
        name = expect_text(pack.get("name", fallback), child(pack_where, "name")).strip()
        black = _indices(pack.get("black", []), child(pack_where, "black"), len(blacks), "black")
        white = _indices(pack.get("white", []), child(pack_where, "white"), len(whites), "white")
        members.append((name, black, white))
        if _official(pack):
            official.append(name)
    calls = each(
        (
            (f"{where[0]}[{i}]", (i, names))
            for i, names in pack_members(range(len(blacks)), ((n, b) for n, b, _ in members))
        ),
        lambda item, at: _black(blacks[item[0]], at, item[1], legacy),
    )
    responses = each(
        (
            (f"{where[1]}[{i}]", (i, names))
            for i, names in pack_members(range(len(whites)), ((n, w) for n, _, w in members))
        ),
        lambda item, at: _white(whites[item[0]], at, item[1], legacy),
    )
    names = (n for n, _, _ in members)
    return make_deck(fmt, hints, calls, responses, packs=names, official_packs=tuple(official))


def _keyed(value: Any, where: str) -> list[tuple[str, str, Any]]:
    """Packs given as an array or as an object keyed by abbreviation."""
    if isinstance(value, list):
        return [(f"{where}[{i}]", "", pack) for i, pack in enumerate(value)]
    return [(f"{where}.{key}", key, pack) for key, pack in expect_object(value, where).items()]


def read_compact(data: Any, hints: Hints) -> Deck:
    data = expect_object(data, "")
    return _packed(
        "jah-compact", hints, data, ("black", "white"), _keyed(data.get("packs"), "packs")
    )


def read_md_compact(data: Any, hints: Hints) -> Deck:
    data = expect_object(data, "")
    cards = expect_object(data.get("cards"), "cards")
    decks = _keyed(expect_object(data.get("decks"), "decks"), "decks")
    return _packed("jah-md-compact", hints, cards, ("cards.black", "cards.white"), decks)


def read_legacy(data: Any, hints: Hints) -> Deck:
    data = expect_object(data, "")
    cards = {"black": data.get("blackCards"), "white": data.get("whiteCards")}
    if "order" in data:
        order = expect_list(data["order"], "order")
        for n, key in enumerate(order):
            if not isinstance(key, str) or key not in data:
                raise DeckError(f"order[{n}]", "must name a pack of the file", Problem.UNKNOWN_PACK)
    else:
        order = [key for key, value in data.items() if isinstance(value, dict)]
    packs = [(key, key, data[key]) for key in order]
    return _packed("jah-legacy", hints, cards, ("blackCards", "whiteCards"), packs, legacy=True)


def read_full(data: Any, hints: Hints) -> Deck:
    """Packs with their own cards: a card repeated in several packs is one card in all."""
    calls: dict[tuple, Call] = {}
    responses: dict[str, Response] = {}
    names, official = [], []

    def merged(found: dict, key: Any, card: Any) -> None:
        known = found.get(key)
        if known is None:
            found[key] = card
        elif card.packs[0] not in known.packs:
            found[key] = replace(known, packs=(*known.packs, *card.packs))

    for n, pack in enumerate(expect_list(data, "")):
        where = f"[{n}]"
        pack = expect_object(pack, where)
        name = expect_text(pack.get("name"), child(where, "name")).strip()
        names.append(name)
        if _official(pack):
            official.append(name)
        blacks = expect_list(pack.get("black", []), child(where, "black"))
        for call in each(
            ((f"{where}.black[{i}]", card) for i, card in enumerate(blacks)),
            lambda card, at, name=name: _black(card, at, (name,)),
        ):
            merged(calls, (call.text, call.pick, call.draw), call)
        whites = expect_list(pack.get("white", []), child(where, "white"))
        for response in each(
            ((f"{where}.white[{i}]", card) for i, card in enumerate(whites)),
            lambda card, at, name=name: _white(card, at, (name,)),
        ):
            merged(responses, response.text, response)
    return make_deck(
        "jah-full",
        hints,
        list(calls.values()),
        list(responses.values()),
        packs=names,
        official_packs=tuple(official),
    )


def read_md_full(data: Any, hints: Hints) -> Deck:
    data = expect_object(data, "")
    metadata = expect_object(data.get("metadata", {}), "metadata")
    names, official = {}, []
    for key, meta in metadata.items():
        meta = expect_object(meta, f"metadata.{key}")
        names[key] = expect_text(meta.get("name", key), f"metadata.{key}.name").strip()
        if _official(meta):
            official.append(names[key])

    def packs_of(card: Any, where: str) -> tuple[str, ...]:
        deck = card.get("deck") if isinstance(card, dict) else None
        if deck is not None and not isinstance(deck, str):
            raise DeckError(child(where, "deck"), "must be a deck abbreviation", Problem.NOT_STRING)
        return (names.get(deck, deck),) if deck else ()

    calls = each(
        listed(data, "black"),
        lambda card, at: _black(card, at, packs_of(card, at)),
    )
    responses = each(
        listed(data, "white"),
        lambda card, at: _white(card, at, packs_of(card, at)),
    )
    return make_deck(
        "jah-md-full",
        hints,
        calls,
        responses,
        packs=names.values(),
        official_packs=tuple(official),
    )


def _has(data: Any, *keys: str) -> bool:
    return isinstance(data, dict) and all(key in data for key in keys)


def _is_full(data: Any) -> bool:
    return (
        isinstance(data, list)
        and bool(data)
        and all(_has(pack, "name") and ("black" in pack or "white" in pack) for pack in data)
    )


FORMATS = (
    Format(
        "jah-compact",
        "json",
        "JSON Against Humanity compact: {white, black, packs}",
        read_compact,
        lambda data: _has(data, "white", "black", "packs"),
    ),
    Format(
        "jah-full",
        "json",
        "JSON Against Humanity full: an array of packs with their cards",
        read_full,
        _is_full,
    ),
    Format(
        "jah-md-compact",
        "json",
        "JSON Against Humanity v1.x compact.md.json: {cards, decks}",
        read_md_compact,
        lambda data: _has(data, "cards", "decks") and isinstance(data["cards"], dict),
    ),
    Format(
        "jah-md-full",
        "json",
        "JSON Against Humanity v1.x full.md.json: {black, white, metadata}",
        read_md_full,
        lambda data: _has(data, "black", "white", "metadata"),
    ),
    Format(
        "jah-legacy",
        "json",
        "2013 cards.json: {blackCards, whiteCards, order, <pack>...}",
        read_legacy,
        lambda data: _has(data, "blackCards", "whiteCards"),
    ),
)
