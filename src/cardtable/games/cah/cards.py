"""The card pool of a table: white and black cards from the chosen decks, filtered, with ids.

White cards have ids 0 .. W-1 (deck cards, then the table's custom cards, then blank
write-in cards); black cards have ids W .. W+B-1 (deck cards, then custom ones), and the last
black id is the Happy Ending haiku card (K17), which is never shuffled into the deck. A pool is
built once per (decks, filters, custom cards, blanks, hidden cards) and cached, because `new` is
called for every simulated game. Decks come from the mapping the game's caller hands over
(`Game.new(..., decks=...)`: the server's library decks, a replay's), our built-in decks when it
hands none; a pool is cached by the very deck objects it was built from, so two mappings giving
one id different cards never share a pool. Cards whose text key (decks/card_keys.py) is in
`hiddenCards` (moderators hid them; the server fills the option at each start) are left out.
A `packs` filter keeps every card that any of the chosen packs holds (a card may be in several).
A deck card keeps its rating and tags, so that views mark adult cards and show DigiPen's tags.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from ...decks import builtin
from ...decks.card_keys import card_key
from ...decks.model import Deck, parse_blanks, slot_count

# Our own text for the official Happy Ending card (K17): a DRAW 2, PICK 3 finale.
HAIKU_TEXT = "Make a haiku."
HAIKU_PICK, HAIKU_DRAW = 3, 2
MAX_CUSTOM_BLANKS = 3


class Pool:
    """Every card a table can use. Per-card data in tuples indexed by card id."""

    __slots__ = (
        "black_count",
        "black_draw",
        "black_first",
        "black_ids",
        "black_json",
        "black_pick",
        "blank_first",
        "haiku",
        "ids_by_key",
        "round_need",
        "white_count",
        "white_ids",
        "white_json",
    )

    def __init__(self, whites: list[dict], blacks: list[dict]):
        """`whites`: dicts with "text" (and flags); `blacks`: with "text", "pick", "draw"."""
        self.white_count = len(whites)
        self.blank_first = next(
            (i for i, w in enumerate(whites) if w.get("blank")), self.white_count
        )
        self.white_json = tuple({"id": i, **w} for i, w in enumerate(whites))
        first = self.black_first = self.white_count
        blacks = [*blacks, {"text": HAIKU_TEXT, "pick": HAIKU_PICK, "draw": HAIKU_DRAW}]
        self.black_count = len(blacks)
        self.black_json = tuple({"id": first + i, **b} for i, b in enumerate(blacks))
        self.black_pick = tuple(b["pick"] for b in blacks)
        self.black_draw = tuple(b["draw"] for b in blacks)
        self.white_ids = tuple(range(self.white_count))
        self.black_ids = tuple(range(first, first + len(blacks) - 1))
        self.haiku = first + len(blacks) - 1
        # White cards one round can take beyond full hands: the largest pick plus its draw.
        deck = zip(self.black_pick[:-1], self.black_draw[:-1], strict=True)
        self.round_need = max((pick + draw for pick, draw in deck), default=0)
        self.ids_by_key: dict[str, list[int]] | None = None

    def card_ids_by_key(self) -> dict[str, list[int]]:
        """The ids of written cards (white and black, not the haiku) by their text key."""
        if self.ids_by_key is None:
            keys: dict[str, list[int]] = {}
            written = (*self.white_json[: self.blank_first], *self.black_json[:-1])
            for card in written:
                keys.setdefault(card_key(card["text"]), []).append(card["id"])
            self.ids_by_key = keys
        return self.ids_by_key

    def white(self, card: int) -> dict:
        """A white card as views and events show it: one dict shared by all of them, never
        to be changed (views are read and encoded at once, never edited)."""
        return self.white_json[card]

    def black(self, card: int) -> dict:
        """A black card as views show it; shared like `white`."""
        return self.black_json[card - self.black_first]

    def pick(self, black: int) -> int:
        return self.black_pick[black - self.black_first]

    def draw(self, black: int) -> int:
        return self.black_draw[black - self.black_first]

    def is_blank(self, white: int) -> bool:
        return white >= self.blank_first

    def deck_whites(self) -> list[int]:
        return list(self.white_ids)

    def deck_blacks(self) -> list[int]:
        """Black ids that go into the deck: all but the haiku card."""
        return list(self.black_ids)


def _is_hidden(text: str, hidden: frozenset) -> bool:
    return bool(hidden) and card_key(text) in hidden


def _keep(
    card, exclude_tags: frozenset, packs: frozenset, family_only: bool, hidden: frozenset
) -> bool:
    if _is_hidden(card.text, hidden):
        return False
    if exclude_tags and exclude_tags.intersection(card.tags):
        return False
    if packs and packs.isdisjoint(card.packs):
        return False
    return not family_only or card.rating == "family"


def _marks(card, deck) -> dict:
    """What views show about a deck card besides its text: its `rating` (seed 003: adult cards
    marked clearly; an unrated card of a deck marked NSFW is adult) and its `tags` (seed 000,
    K22: DigiPen's CS, GD and BFA), each only when known."""
    marks: dict = {}
    rating = card.rating or ("adult" if deck.nsfw else None)
    if rating is not None:
        marks["rating"] = rating
    if card.tags:
        marks["tags"] = list(card.tags)
    return marks


def _custom_black(text: str) -> dict:
    parts = parse_blanks(text)
    blanks = slot_count(parts)
    if blanks > MAX_CUSTOM_BLANKS:
        raise ValueError(f"a custom black card has at most {MAX_CUSTOM_BLANKS} blanks: {text!r}")
    return {"text": text, "pick": max(1, blanks), "draw": 0, "userWritten": True}


class _Same:
    """A deck as a cache key: equal only to itself (decks hold dicts, so they do not hash)."""

    __slots__ = ("deck",)

    def __init__(self, deck: Deck):
        self.deck = deck

    def __hash__(self) -> int:
        return id(self.deck)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.deck is self.deck


@lru_cache(maxsize=64)
def _build_pool(
    chosen: tuple[_Same, ...],
    exclude_tags: tuple[str, ...],
    packs: tuple[str, ...],
    family_only: bool,
    custom_white: tuple[str, ...],
    custom_black: tuple[str, ...],
    blanks: int,
    hidden_cards: tuple[str, ...],
) -> Pool:
    """The pool for these decks and filters."""
    excluded, kept_packs = frozenset(exclude_tags), frozenset(packs)
    hidden = frozenset(hidden_cards)
    whites: list[dict] = []
    blacks: list[dict] = []
    for deck in (same.deck for same in chosen):
        for call in deck.calls:
            if _keep(call, excluded, kept_packs, family_only, hidden):
                blacks.append(
                    {"text": call.text, "pick": call.pick, "draw": call.draw, **_marks(call, deck)}
                )
        for response in deck.responses:
            if _keep(response, excluded, kept_packs, family_only, hidden):
                whites.append({"text": response.text, **_marks(response, deck)})
    whites.extend(
        {"text": text.strip(), "userWritten": True}
        for text in custom_white
        if not _is_hidden(text, hidden)
    )
    blacks.extend(_custom_black(t) for t in custom_black if not _is_hidden(t, hidden))
    whites.extend({"text": "", "blank": True} for _ in range(blanks))
    return Pool(whites, blacks)


def pool_for(options: dict, decks: Mapping[str, Deck] | None) -> Pool:
    """The cached pool for resolved options, dealing from `decks` (None: our built-in decks);
    ValueError names a deck they name that `decks` lacks."""
    source = builtin.decks() if decks is None else decks
    unknown = next((deck_id for deck_id in options["decks"] if deck_id not in source), None)
    if unknown is not None:
        raise ValueError(f"unknown deck {unknown!r}")
    return _build_pool(
        tuple(_Same(source[deck_id]) for deck_id in options["decks"]),
        tuple(options["excludeTags"]),
        tuple(options["packs"]),
        options["familyOnly"],
        tuple(options["customWhiteCards"]),
        tuple(options["customBlackCards"]),
        options["blankCards"],
        tuple(options["hiddenCards"]),
    )


def check_pool(pool: Pool, hands: int, hand_size: int) -> None:
    """ValueError when the filtered pool cannot deal `hands` hands and play a round."""
    if pool.black_count < 2:
        raise ValueError("the decks and filters leave no black card to play")
    needed = hands * hand_size + pool.round_need
    if pool.white_count < needed:
        raise ValueError(
            f"the decks and filters leave {pool.white_count} white cards; "
            f"{hands} hands of {hand_size} and a round need at least {needed}"
        )
