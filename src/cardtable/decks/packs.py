"""The packs of a deck as a pack picker lists them: name, card counts, official or not, and
the content ratings of its cards."""

from __future__ import annotations

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
