"""JSON Against Humanity, in all its shapes (deck_formats.md §9.1).

- `jah-compact`: `{white, black, packs}` with `packs` an array or an object keyed by
  abbreviation, each pack holding indices into the global arrays;
- `jah-full`: an array of packs, each with its own cards (repeated across packs);
- `jah-md-compact` (tag v1.x `compact.md.json`): `{cards: {black, white}, decks: {abbr: pack}}`;
- `jah-md-full` (tag v1.x `full.md.json`): cards carry a `deck` abbreviation into `metadata`;
- `jah-legacy` (the 2013 `cards.json`): `{blackCards, whiteCards, order, <packKey>: pack}`,
  whose texts are HTML.

A card listed by several packs is read once and belongs to the first pack listing it, so the
compact and full files of one release give the same deck.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import DeckError
from ..model import Call, Deck, Response
from .base import Format, Hints
from .cards import call_from_text, first_packs, make_deck, make_response
from .fields import child, expect_list, expect_object, expect_text
from .html_text import html_to_text

Clean = Callable[[str], str]


def _same(text: str) -> str:
    return text


def _black(card: Any, where: str, pack: str | None, clean: Clean) -> Call:
    card = expect_object(card, where)
    text = expect_text(card.get("text"), child(where, "text"))
    return call_from_text(
        clean(text), where, pick=card.get("pick"), draw=card.get("draw", 0), pack=pack
    )


def _white(card: Any, where: str, pack: str | None, clean: Clean) -> Response:
    if isinstance(card, dict):
        where, card = child(where, "text"), card.get("text")
    return make_response(clean(expect_text(card, where)), where, pack=pack)


def _indices(value: Any, where: str, count: int, kind: str) -> list[int]:
    indices = expect_list(value, where)
    for n, index in enumerate(indices):
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
            raise DeckError(
                child(where, n), f"must be the index of one of the {count} {kind} cards"
            )
    return indices


def _packed(
    fmt: str,
    hints: Hints,
    cards: dict,
    where: tuple[str, str],
    packs: list[tuple[str, str, Any]],
    clean: Clean = _same,
) -> Deck:
    """A deck from global card arrays and packs of indices.

    `cards` holds the "black" and "white" arrays found at `where`; each pack is
    (where, fallback name, pack object with name/black/white).
    """
    blacks = expect_list(cards.get("black"), where[0])
    whites = expect_list(cards.get("white"), where[1])
    members = []
    for pack_where, fallback, pack in packs:
        pack = expect_object(pack, pack_where)
        name = pack.get("name", fallback)
        expect_text(name, child(pack_where, "name"))
        black = _indices(pack.get("black", []), child(pack_where, "black"), len(blacks), "black")
        white = _indices(pack.get("white", []), child(pack_where, "white"), len(whites), "white")
        members.append((name, black, white))
    calls = [
        _black(blacks[i], f"{where[0]}[{i}]", pack, clean)
        for i, pack in first_packs(range(len(blacks)), ((n, b) for n, b, _ in members))
    ]
    responses = [
        _white(whites[i], f"{where[1]}[{i}]", pack, clean)
        for i, pack in first_packs(range(len(whites)), ((n, w) for n, _, w in members))
    ]
    return make_deck(fmt, hints, calls, responses, packs=(n for n, _, _ in members))


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
                raise DeckError(f"order[{n}]", "must name a pack of the file")
    else:
        order = [key for key, value in data.items() if isinstance(value, dict)]
    packs = [(key, key, data[key]) for key in order]
    return _packed("jah-legacy", hints, cards, ("blackCards", "whiteCards"), packs, html_to_text)


def read_full(data: Any, hints: Hints) -> Deck:
    calls: dict[tuple, Call] = {}
    responses: dict[str, Response] = {}
    names = []
    for n, pack in enumerate(expect_list(data, "")):
        where = f"[{n}]"
        pack = expect_object(pack, where)
        name = expect_text(pack.get("name"), child(where, "name"))
        names.append(name)
        for i, card in enumerate(expect_list(pack.get("black", []), child(where, "black"))):
            call = _black(card, f"{where}.black[{i}]", name, _same)
            calls.setdefault((call.text, call.pick, call.draw), call)
        for i, card in enumerate(expect_list(pack.get("white", []), child(where, "white"))):
            response = _white(card, f"{where}.white[{i}]", name, _same)
            responses.setdefault(response.text, response)
    return make_deck("jah-full", hints, list(calls.values()), list(responses.values()), packs=names)


def read_md_full(data: Any, hints: Hints) -> Deck:
    data = expect_object(data, "")
    metadata = expect_object(data.get("metadata", {}), "metadata")
    names = {}
    for key, meta in metadata.items():
        meta = expect_object(meta, f"metadata.{key}")
        names[key] = expect_text(meta.get("name", key), f"metadata.{key}.name")

    def pack_of(card: Any, where: str) -> str | None:
        deck = card.get("deck") if isinstance(card, dict) else None
        if deck is not None and not isinstance(deck, str):
            raise DeckError(child(where, "deck"), "must be a deck abbreviation")
        return names.get(deck, deck)

    calls = [
        _black(card, f"black[{i}]", pack_of(card, f"black[{i}]"), _same)
        for i, card in enumerate(expect_list(data.get("black"), "black"))
    ]
    responses = [
        _white(card, f"white[{i}]", pack_of(card, f"white[{i}]"), _same)
        for i, card in enumerate(expect_list(data.get("white"), "white"))
    ]
    return make_deck("jah-md-full", hints, calls, responses, packs=names.values())


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
