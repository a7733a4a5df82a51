"""Building normal-form cards and decks: blanks to slots, slot padding, packs, kinds.

Every reader builds its cards here, so the rules are the same for all formats:
- a plain-text call has `_` runs as slots and newlines between lines;
- a call whose `pick` exceeds its slots gets the missing slots appended, one slot per extra
  line (as Massive Decks does for blank-less JSON Against Humanity calls); more slots than
  `pick` is an error; with no `pick`, it is the number of slots (at least 1);
- a card listed by several packs belongs to the first pack that lists it.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from ..errors import DeckError
from ..model import Call, Deck, Part, Response, parse_blanks, slot_count
from ..native import MAX_PICK
from .base import Hints, Kind
from .fields import child, expect_int, expect_text

SLOT_LINE: tuple[Part, ...] = ({},)
KINDS: dict[str, Kind] = {
    "black": "call",
    "call": "call",
    "calls": "call",
    "white": "response",
    "response": "response",
    "responses": "response",
}


def kind_of(value: Any, where: str) -> Kind:
    """The card kind named by "black" or "call", "white" or "response" (any case)."""
    kind = KINDS.get(value.strip().lower()) if isinstance(value, str) else None
    if kind is None:
        raise DeckError(where, "kind must be black, white, call or response")
    return kind


def plain_lines(text: str) -> str:
    """Text with every line break as "\\n" and no spaces around it."""
    return text.replace("\r\n", "\n").replace("\r", "\n").strip()


def make_call(
    parts: tuple[tuple[Part, ...], ...],
    where: str,
    *,
    pick: Any = None,
    draw: Any = 0,
    rating: str | None = None,
    tags: Iterable[str] = (),
    pack: str | None = None,
) -> Call:
    """A call from parts, padded with one-slot lines up to `pick`."""
    slots = slot_count(parts)
    if slots > MAX_PICK:
        raise DeckError(child(where, "pick"), f"the text has {slots} blanks, more than {MAX_PICK}")
    if pick is None:
        pick = max(1, slots)
    expect_int(pick, child(where, "pick"), 1, MAX_PICK, "pick")
    expect_int(draw, child(where, "draw"), 0, MAX_PICK, "draw")
    if slots > pick:
        raise DeckError(child(where, "pick"), f"pick is {pick} but the text has {slots} blanks")
    return Call(parts + (SLOT_LINE,) * (pick - slots), pick, draw, rating, tuple(tags), pack)


def call_from_text(value: Any, where: str, *, text_field: str | None = "text", **card) -> Call:
    """A call from plain text (`_` runs are slots) found at `where`.`text_field`."""
    text = expect_text(value, child(where, text_field) if text_field else where, "text")
    return make_call(parse_blanks(plain_lines(text)), where, **card)


def make_response(
    value: Any,
    where: str,
    *,
    rating: str | None = None,
    tags: Iterable[str] = (),
    pack: str | None = None,
) -> Response:
    """A response from the text found at `where`."""
    return Response(plain_lines(expect_text(value, where, "text")), rating, tuple(tags), pack)


def first_packs(
    keys: Iterable[Hashable], packs: Iterable[tuple[str, Iterable[Hashable]]]
) -> list[tuple[Hashable, str | None]]:
    """Each card key once, with the first pack listing it: in pack order, then packless keys."""
    owner: dict[Hashable, str | None] = {}
    for name, members in packs:
        for key in members:
            owner.setdefault(key, name)
    return [*owner.items(), *((key, None) for key in keys if key not in owner)]


def unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def make_deck(
    fmt: str,
    hints: Hints,
    calls: Sequence[Call],
    responses: Sequence[Response],
    *,
    deck_id: str | None = None,
    name: str | None = None,
    packs: Iterable[str] = (),
    tags: Iterable[str] | None = None,
    **meta,
) -> Deck:
    """The deck, or DeckError if it has no card. Without tags, the cards' tags in order.

    With one pack and no name of its own, the deck is named after the pack.
    """
    if not calls and not responses:
        raise DeckError("", "the file holds no cards")
    cards = (*calls, *responses)
    packs = unique((*packs, *(card.pack for card in cards if card.pack is not None)))
    if tags is None:
        tags = (tag for card in cards for tag in card.tags)
    return Deck(
        id=deck_id or hints.deck_id,
        name=name or (packs[0] if len(packs) == 1 else hints.name),
        calls=tuple(calls),
        responses=tuple(responses),
        source=fmt,
        tags=unique(tags),
        packs=packs,
        **meta,
    )
