"""Content addresses (decks/content.py): a library id is the hash of the cards a game deals,
so the same id always means the same cards, whatever the file's name, id or metadata."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re

from cardtable.decks import Call, Deck, Response
from cardtable.decks.content import ID_HASH_DIGITS, content_hash, library_id


def deck(**changes) -> Deck:
    calls = (Call((("Why ", {}, "?"),), 1), Call((("_ and _.",),), 2, rating="family"))
    responses = (Response("An answer.", packs=("Base",)), Response("Another.", tags=("CS",)))
    base = Deck("Party Deck!", "Party", calls, responses, packs=("Base",))
    return dataclasses.replace(base, **changes)


def test_the_id_is_the_slug_and_the_hash_of_the_cards():
    party = deck()
    assert library_id(party) == f"party-deck-{content_hash(party)[:ID_HASH_DIGITS]}"
    long = deck(id="x" * 300)
    assert len(library_id(long)) <= 64  # the library's id column and path parameter
    assert re.fullmatch(r"deck-[0-9a-f]{32}", library_id(deck(id="!!!")))


def test_only_what_a_game_deals_changes_the_address():
    party = deck()
    relabelled = deck(id="other", name="Other", language="de", license="CC0-1.0", source="x")
    assert content_hash(relabelled) == content_hash(party)
    fewer = deck(responses=party.responses[:1])
    retagged = deck(responses=(party.responses[0], Response("Another.", tags=("GD",))))
    assert len({content_hash(d) for d in (party, fewer, retagged)}) == 3
    # An NSFW deck's unrated cards are shown as adult: that is part of what it deals.
    assert content_hash(deck(nsfw=True)) != content_hash(party)
    assert content_hash(deck(nsfw=False)) == content_hash(party)


def test_a_deck_not_marked_nsfw_keeps_the_hash_the_library_stored_before():
    """Migration 0005 stored the SHA-256 of the cards as JSON: those rows still match."""
    party = deck()
    body = party.to_json()
    cards = {"calls": body["calls"], "responses": body["responses"]}
    stored = hashlib.sha256(json.dumps(cards, sort_keys=True).encode()).hexdigest()
    assert content_hash(party) == stored
