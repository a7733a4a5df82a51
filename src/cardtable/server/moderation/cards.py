"""Moderators' hold on the deck library: hiding a card everywhere (every new game leaves it
out, every running game that deals it retires it), finding a card of a running game by the id
its views show, and removing an uploaded deck."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from ...decks import builtin
from ...decks.card_keys import card_key
from ...engine.capabilities import ModeratedCards
from ...store import Store
from ...store import deck_library as library
from ...table.errors import ErrorCode, TableError
from .admins import record
from .retiring import retire

if TYPE_CHECKING:
    from ..site import Site

log = logging.getLogger(__name__)

MAX_HIDDEN_TEXT = 500


async def remove_deck(store: Store, deck_id: str) -> dict[str, Any]:
    """Remove an uploaded deck from the library: it is no longer listed or offered to new
    tables; tables already playing with it carry on."""
    if deck_id in builtin.decks():
        raise TableError(
            ErrorCode.BUILTIN_DECK, "built-in decks cannot be removed; hide cards instead"
        )
    removed = await library.remove_deck(store, deck_id)
    if removed is None:
        raise TableError(ErrorCode.NOT_FOUND, "no such deck", 404)
    await record(store, "remove-deck", {"deck": deck_id}, {"name": removed["name"]})
    return removed


async def card_text(site: Site, code: str, card: int) -> str:
    """The text of card `card` as the game at table `code` shows it."""
    state = await site.tables.read(code)
    if state is None:
        raise TableError(ErrorCode.NOT_FOUND, "no table with that code", 404)
    game, text = state.game, None
    if isinstance(game, ModeratedCards) and state.game_state is not None:
        text = game.card_text(state.game_state, card)
    if not text:
        raise TableError(ErrorCode.BAD_CARD, "no written card with that id in this table's game")
    return text


async def hide_card(site: Site, text: str) -> dict[str, Any]:
    """Hide a card everywhere: every new game leaves it out, and every running game that deals
    it retires it (out of the decks now, out of hands at their next draw)."""
    text = text.strip()
    if not text or len(text) > MAX_HIDDEN_TEXT:
        raise TableError(
            ErrorCode.BAD_CARD, f"a card's text holds 1 to {MAX_HIDDEN_TEXT} characters"
        )
    key = card_key(text)
    await library.hide_card(site.store, key, text)
    site.moderation.hidden_cards.stale()
    tables = await retire_everywhere(site, key)
    await record(site.store, "hide-card", {"key": key}, {"text": text, "tables": tables})
    return {"key": key, "text": text, "tables": tables}


async def retire_everywhere(site: Site, key: str) -> list[str]:
    """Retire the card from every running game that deals it, here or in another process;
    one of several workers retires it from the games it serves (the others do when they next
    read the hidden cards, `Moderation.keep`)."""
    held = site.tables.held
    playing = {code for code, live in held.items() if live.state.status == "playing"}
    playing |= {row["code"] for row in await site.store.open_tables("playing")}
    retired = []
    for code in sorted(filter(site.settings.owns, playing)):
        try:
            live = await site.tables.get(code)
            if live is not None and await retire(live, (key,)):
                retired.append(code)
        except Exception:
            log.exception("table %s: a hidden card could not be retired", code)
    return retired
