"""Cards Against Formality cards and decks (§9.4).

Cards are `{_id?, text, cardType: "white"|"black", pick?}` with HTML text; a file is either a
list of cards or `{cards: [card], decks: [{name, whiteCards: [id], blackCards: [id]}]}`, the
two collections of its API together, where each deck becomes a pack (a card in several decks
is in all of those packs). A card that cannot be used is skipped and reported.
"""

from __future__ import annotations

from typing import Any

from ..errors import DeckError, Problem
from ..model import Call, Deck, Response
from .base import Format, Hints, Kind
from .cards import call_from_text, each, kind_of, make_deck, make_response, pack_members
from .fields import child, expect_list, expect_object, expect_text
from .html_text import html_to_text


def _card(card: dict, where: str, kind: Kind, packs: tuple[str, ...]) -> Call | Response:
    text = html_to_text(expect_text(card.get("text"), child(where, "text")))
    if kind == "call":
        return call_from_text(text, where, pick=card.get("pick"), packs=packs)
    return make_response(text, child(where, "text"), packs=packs)


def _pack(deck: Any, where: str, ids: dict[str, int], kinds: list[Kind]) -> tuple[str, list]:
    """A deck's name and the positions of its cards in the file's card list."""
    deck = expect_object(deck, where)
    name = expect_text(deck.get("name"), child(where, "name"))
    positions = []
    for colour, kind in (("black", "call"), ("white", "response")):
        field = f"{colour}Cards"
        for n, card_id in enumerate(expect_list(deck.get(field, []), child(where, field))):
            position = ids.get(card_id) if isinstance(card_id, str) else None
            if position is None or kinds[position] != kind:
                message = f"must be the id of a {colour} card"
                raise DeckError(f"{where}.{field}[{n}]", message, Problem.UNKNOWN_CARD_ID)
            positions.append(position)
    return name, positions


def read_formality(data: Any, hints: Hints) -> Deck:
    bundle = isinstance(data, dict)
    prefix = "cards" if bundle else ""
    cards = expect_list(data.get("cards") if bundle else data, prefix)
    wheres = [f"{prefix}[{i}]" for i in range(len(cards))]
    cards = [expect_object(card, where) for card, where in zip(cards, wheres, strict=True)]
    kinds = [
        kind_of(c.get("cardType"), child(w, "cardType")) for c, w in zip(cards, wheres, strict=True)
    ]
    ids = {card_id: i for i, c in enumerate(cards) if isinstance(card_id := _id(c), str)}
    decks = expect_list(data.get("decks", []), "decks") if bundle else []
    packs = [_pack(deck, f"decks[{n}]", ids, kinds) for n, deck in enumerate(decks)]
    read = each(
        ((wheres[i], (i, names)) for i, names in pack_members(range(len(cards)), packs)),
        lambda item, where: _card(cards[item[0]], where, kinds[item[0]], item[1]),
    )
    calls = [card for card in read if isinstance(card, Call)]
    responses = [card for card in read if isinstance(card, Response)]
    return make_deck("cards-against-formality", hints, calls, responses)


def _id(card: dict) -> Any:
    return card.get("_id", card.get("id"))


def _is_card(card: Any) -> bool:
    return isinstance(card, dict) and "cardType" in card


def _is_formality(data: Any) -> bool:
    if isinstance(data, dict):
        data = data.get("cards")
    return isinstance(data, list) and bool(data) and all(_is_card(card) for card in data)


FORMATS = (
    Format(
        "cards-against-formality",
        "json",
        "Cards Against Formality: a list of {text, cardType, pick} or {cards, decks}",
        read_formality,
        _is_formality,
    ),
)
