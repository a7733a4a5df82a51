"""Building normal-form cards and decks: blanks to slots, slot padding, repairs, packs, kinds.

Every reader builds its cards here, so the rules are the same for all formats:
- a plain-text call has `_` runs as slots and newlines between lines (with `markup`, also
  Markdown-ish styles, see `markup.py`);
- a call whose `pick` exceeds its slots gets the missing slots appended, one slot per extra
  line (as Massive Decks does for blank-less JSON Against Humanity calls); with no `pick`, it
  is the number of slots (at least 1);
- a pick-1 call with several slots wants the same answer in every blank: it is repaired (every
  slot takes answer 0) and the repair reported; more slots than a larger `pick` is an error;
- a card that cannot be used is skipped and reported (`each`), never the whole file; a file
  refuses only when no card of it can be used;
- a card listed by several packs belongs to all of them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, TypeVar

from ..errors import FILE_LIMITS, DeckError, Problem, expect_int, pick_mismatch
from ..markup import plain, styled_lines
from ..model import Call, Deck, Part, Response, is_slot, parse_blanks, plain_text, slot_count
from ..native import MAX_PICK
from ..report import Note, current
from .base import Hints, Kind
from .fields import child, expect_text

SLOT_LINE: tuple[Part, ...] = ({},)
T = TypeVar("T")
KINDS: dict[str, Kind] = {
    **dict.fromkeys(("black", "call", "calls", "question", "prompt"), "call"),
    **dict.fromkeys(("schwarz", "frage", "fragekarte"), "call"),
    **dict.fromkeys(("white", "response", "responses", "answer"), "response"),
    **dict.fromkeys(("weiß", "weiss", "antwort", "antwortkarte"), "response"),
}


def kind_of(value: Any, where: str) -> Kind:
    """The card kind named by "black" or "call", "white" or "response" (any case; also
    question/answer and the German schwarz/weiß, Frage/Antwort)."""
    kind = KINDS.get(value.strip().lower()) if isinstance(value, str) else None
    if kind is None:
        raise DeckError(where, "kind must be black, white, call or response", Problem.UNKNOWN_KIND)
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
    packs: Iterable[str] = (),
) -> Call:
    """A call from parts, padded with one-slot lines up to `pick` (repaired when pick is 1 and
    it has several slots); DeckError when it cannot be used."""
    slots = slot_count(parts)
    if slots > MAX_PICK:
        raise DeckError(
            child(where, "pick"),
            f"the text has {slots} blanks, more than {MAX_PICK}",
            Problem.TOO_MANY_BLANKS,
            blanks=slots,
            most=MAX_PICK,
        )
    if pick is None:
        pick = max(1, slots)
    expect_int(pick, child(where, "pick"), 1, MAX_PICK, "pick")
    expect_int(draw, child(where, "draw"), 0, MAX_PICK, "draw")
    if slots > pick == 1:
        parts = _one_answer(parts)
        message = f"pick is 1 but the text has {slots} blanks: every blank takes the same answer"
        current().repair(
            Note(child(where, "pick"), message, Problem.PICK_1_SEVERAL_BLANKS, {"blanks": slots})
        )
    elif slots > pick:
        raise pick_mismatch(child(where, "pick"), pick, slots)
    current().card_text(plain_text(parts), where)
    padding = (SLOT_LINE,) * (pick - slot_count(parts))
    return Call(parts + padding, pick, draw, rating, tuple(tags), tuple(packs))


def _one_answer(parts: tuple[tuple[Part, ...], ...]) -> tuple[tuple[Part, ...], ...]:
    """The parts with every slot taking answer 0."""
    return tuple(
        tuple({**part, "index": 0} if is_slot(part) else part for part in line) for line in parts
    )


def call_from_text(
    value: Any, where: str, *, text_field: str | None = "text", markup: bool = False, **card
) -> Call:
    """A call from plain text (`_` runs are slots, `markup` styles) at `where`.`text_field`."""
    text = plain_lines(
        expect_text(value, child(where, text_field) if text_field else where, "text")
    )
    return make_call(styled_lines(text) if markup else parse_blanks(text), where, **card)


def make_response(
    value: Any,
    where: str,
    *,
    markup: bool = False,
    rating: str | None = None,
    tags: Iterable[str] = (),
    packs: Iterable[str] = (),
) -> Response:
    """A response from the text found at `where` (its `markup` removed)."""
    text = plain_lines(expect_text(value, where, "text"))
    text = current().card_text(plain(text) if markup else text, where)
    return Response(text, rating, tuple(tags), tuple(packs))


def each(items: Iterable[tuple[str, Any]], build: Callable[[Any, str], T]) -> list[T]:
    """`build(item, where)` for every item; a card that cannot be used is skipped and reported.
    Refusals of the whole file (limits) pass through."""
    out = []
    for where, item in items:
        try:
            out.append(build(item, where))
        except DeckError as error:
            if error.code in FILE_LIMITS:
                raise
            current().skip(Note.of(error, where))
    return out


def pack_members(
    keys: Iterable[Hashable], packs: Iterable[tuple[str, Iterable[Hashable]]]
) -> list[tuple[Hashable, tuple[str, ...]]]:
    """Each card key once with every pack listing it: in the order packs first list them,
    then keys in no pack."""
    owners: dict[Hashable, list[str]] = {}
    for name, members in packs:
        for key in members:
            names = owners.setdefault(key, [])
            if name not in names:
                names.append(name)
    return [
        *((key, tuple(names)) for key, names in owners.items()),
        *((key, ()) for key in keys if key not in owners),
    ]


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
    """The deck, or DeckError if it has no usable card. Without tags, the cards' tags in order.

    With one pack and no name of its own, the deck is named after the pack.
    """
    if not calls and not responses:
        report = current()
        if report.skips:
            first = report.skipped[0]
            message = f"no card could be used ({report.skips:,} skipped; the first: {first})"
            raise DeckError("", message, Problem.NO_USABLE_CARD, count=report.skips)
        raise DeckError("", "the file holds no cards", Problem.NO_CARDS)
    cards = (*calls, *responses)
    packs = unique((*packs, *(pack for card in cards for pack in card.packs)))
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
