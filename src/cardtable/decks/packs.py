"""Decks and packs as people choose them: the packs of a deck as a pack picker lists them
(name, card counts, official or not, the content ratings of its cards), and the decks a table
plays with as its document shows them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .model import Deck


def pack_list(deck: Deck) -> list[dict]:
    """One entry per pack, in the deck's order, then cards in no pack as `name: null`."""
    official = set(deck.official_packs)
    entries: dict[str | None, dict] = {
        name: {"name": name, "official": name in official, "calls": 0, "responses": 0}
        for name in deck.packs
    }
    ratings: dict[str | None, set[str]] = {name: set() for name in entries}
    for kind, cards in (("calls", deck.calls), ("responses", deck.responses)):
        for card in cards:
            for name in card.packs or (None,):
                entry = entries.get(name)
                if entry is None:
                    entry = entries[name] = {
                        "name": name,
                        "official": False,
                        "calls": 0,
                        "responses": 0,
                    }
                    ratings[name] = set()
                entry[kind] += 1
                ratings[name].add(card.rating or "unrated")
    return [{**entry, "ratings": sorted(ratings[name])} for name, entry in entries.items()]


def in_play(decks: Mapping[str, Deck], deck_ids: Iterable[str], packs=()) -> list[dict]:
    """The decks `deck_ids` names among `decks` (those it has, in order) as a table's document
    shows them: id, name, card counts, and `packs`: the names of its packs that the table's
    pack filter `packs` keeps (in the deck's order; [] when it keeps none of them), or None
    when there is no filter (every pack)."""
    chosen = frozenset(packs)
    return [
        {
            "id": deck.id,
            "name": deck.name,
            "calls": len(deck.calls),
            "responses": len(deck.responses),
            "packs": [name for name in deck.packs if name in chosen] if chosen else None,
        }
        for deck in (decks[deck_id] for deck_id in deck_ids if deck_id in decks)
    ]
