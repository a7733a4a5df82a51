"""The deck library in the database: our built-in decks, uploaded decks, and hidden cards.

A stored deck is its `cardtable-deck` JSON with summary columns; its cards never change. An
uploaded deck's id is the address of its cards (decks/content.py `library_id`: its own id's
slug and the hash of its cards as games deal them, not the name, file name or format); decks
stored before ids were full addresses keep the id they had (a slug and 10 digits of the same
hash). The hash is stored too, so uploading the same cards again under any name finds the deck
already stored. Removed decks stay stored (tables that played them still replay: a table's log
names its decks by id only, server/live/table_decks.py) but are no longer listed or offered.
Hidden cards are
kept by their text key. Building an uploaded deck's row (hashing and encoding every card) runs
in a thread, so a big deck does not hold up the tables this process serves.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import time
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.dialects import postgresql, sqlite

from ..decks import Deck, DeckError, builtin
from ..decks.content import content_hash, library_id
from ..decks.errors import Problem
from ..decks.native import read_native
from .schema import decks, hidden_cards
from .store import Store

#: The columns `GET /api/decks` shows, in order.
SUMMARY_COLUMNS = (
    "id",
    "name",
    "language",
    "license",
    "attribution",
    "source",
    "tags",
    "ratings",
    "calls",
    "responses",
    "builtin",
)


def _row(deck: Deck, is_builtin: bool, content: str | None = None) -> dict[str, Any]:
    summary = deck.summary()
    return {
        "id": deck.id,
        "name": deck.name[:200],
        "language": deck.language[:16],
        "license": deck.license[:200],
        "attribution": deck.attribution[:200],
        "source": deck.source[:200],
        "tags": json.dumps(list(deck.tags)),
        "ratings": json.dumps(summary["ratings"]),
        "calls": summary["calls"],
        "responses": summary["responses"],
        "builtin": is_builtin,
        "removed": False,
        "body": json.dumps(deck.to_json(), ensure_ascii=False),
        "created_at": time.time(),
        "content": content or content_hash(deck),
    }


def _upload_row(deck: Deck) -> dict[str, Any]:
    """The row an uploaded deck is stored as, under its `library_id`."""
    content = content_hash(deck)
    return _row(dataclasses.replace(deck, id=library_id(deck, content)), False, content)


def _insert_missing(store: Store, rows: list[dict[str, Any]]):
    """An INSERT that skips rows whose id is stored already (safe when two processes race)."""
    dialect = postgresql if store.engine.dialect.name == "postgresql" else sqlite
    return dialect.insert(decks).values(rows).on_conflict_do_nothing(index_elements=["id"])


def summary(row) -> dict[str, Any]:
    """A stored deck as `GET /api/decks` lists it."""
    values = dict(row._mapping)
    out = {column: values[column] for column in SUMMARY_COLUMNS}
    out["tags"], out["ratings"] = json.loads(out["tags"]), json.loads(out["ratings"])
    return out


async def install_builtin(store: Store) -> None:
    """Store our built-in decks unless they are there already (and give the hash of their
    cards to those stored before there was one)."""
    rows = [_row(deck, True) for deck in builtin.decks().values()]
    async with store.engine.begin() as connection:
        await connection.execute(_insert_missing(store, rows))
        for row in rows:
            await connection.execute(
                update(decks)
                .where(decks.c.id == row["id"], decks.c.content.is_(None))
                .values(content=row["content"])
            )


async def add_deck(store: Store, deck: Deck) -> tuple[dict[str, Any], bool]:
    """Store an uploaded deck under its `library_id`, in one transaction. Returns its summary
    (with `removed`) and whether it is new; a deck whose cards are stored already (under any
    name, built-in decks included) is returned as it is. DeckError when it holds no cards."""
    if not deck.calls and not deck.responses:
        raise DeckError("", "the file holds no cards", Problem.NO_CARDS)
    new = await asyncio.to_thread(_upload_row, deck)
    same = select(decks).where(decks.c.content == new["content"])
    async with store.engine.begin() as connection:
        row = (await connection.execute(same.order_by(decks.c.created_at).limit(1))).first()
        if row is not None:
            return {**summary(row), "removed": row.removed}, False
        inserted = await connection.execute(_insert_missing(store, [new]))
        row = (await connection.execute(select(decks).where(decks.c.id == new["id"]))).one()
    return {**summary(row), "removed": row.removed}, inserted.rowcount == 1


async def list_decks(store: Store) -> list[dict[str, Any]]:
    """Every deck not removed: built-in ones first, then by name."""
    query = (
        select(*(decks.c[column] for column in SUMMARY_COLUMNS))
        .where(decks.c.removed.is_(False))
        .order_by(decks.c.builtin.desc(), decks.c.name, decks.c.id)
    )
    return [summary(row) for row in await store.rows(query)]


async def find_deck(store: Store, deck_id: str) -> tuple[dict[str, Any], Deck] | None:
    """A deck not removed, as its summary and its cards; None when there is none."""
    query = select(decks).where(decks.c.id == deck_id, decks.c.removed.is_(False))
    row = await store.first(query)
    return None if row is None else (summary(row), read_native(json.loads(row.body)))


async def offered(store: Store, deck_ids: list[str]) -> set[str]:
    """Which of `deck_ids` a new table may choose: stored and not removed."""
    query = select(decks.c.id).where(decks.c.id.in_(deck_ids), decks.c.removed.is_(False))
    return {deck_id for (deck_id,) in await store.rows(query)}


async def load_decks(store: Store, deck_ids: list[str]) -> list[Deck]:
    """The stored decks among `deck_ids`, removed ones included (tables that played them)."""
    query = select(decks.c.body).where(decks.c.id.in_(deck_ids))
    return [read_native(json.loads(body)) for (body,) in await store.rows(query)]


async def remove_deck(store: Store, deck_id: str) -> dict[str, Any] | None:
    """Mark a deck removed; returns its summary, None when no such deck is listed."""
    async with store.engine.begin() as connection:
        row = (
            await connection.execute(
                select(decks).where(decks.c.id == deck_id, decks.c.removed.is_(False))
            )
        ).first()
        if row is None:
            return None
        await connection.execute(update(decks).where(decks.c.id == deck_id).values(removed=True))
    return summary(row)


async def hide_card(store: Store, key: str, text: str) -> bool:
    """Record a hidden card; False when it was hidden already."""
    dialect = postgresql if store.engine.dialect.name == "postgresql" else sqlite
    statement = (
        dialect.insert(hidden_cards)
        .values(text_hash=key, text=text, hidden_at=time.time())
        .on_conflict_do_nothing(index_elements=["text_hash"])
    )
    async with store.engine.begin() as connection:
        return (await connection.execute(statement)).rowcount == 1


async def hidden_keys(store: Store) -> frozenset[str]:
    """The text keys of every hidden card."""
    return frozenset(key for (key,) in await store.rows(select(hidden_cards.c.text_hash)))
