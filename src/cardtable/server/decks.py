"""The deck library as the server uses it: uploads, the decks a table may choose, registering
the decks a table's log names before it is replayed, and moderators hiding cards and removing
decks (hidden cards are retired from running games as a logged step of each table).

An upload is parsed in a child process under CPU-time and memory limits (`decks/sandbox.py`),
at most `PARALLEL_IMPORTS` at a time, so no file can slow the tables this process serves.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..decks import builtin, registry
from ..decks.card_keys import card_key
from ..decks.report import Report
from ..decks.sandbox import Budget, Request, import_isolated
from ..store import Entry
from ..store import deck_library as library
from .admin import record
from .errors import TableError
from .limits import RouteLimit

if TYPE_CHECKING:
    from .hub import Hub
    from .live import LiveTable

log = logging.getLogger(__name__)

#: Largest deck file `POST /api/decks` reads, in bytes.
UPLOAD_MAX_BYTES = 2 * 1024 * 1024
#: How `POST /api/decks` refuses a larger file (413 `too-large`): the limit and the ways round it.
UPLOAD_LIMIT = RouteLimit(
    UPLOAD_MAX_BYTES,
    f"deck files are at most {UPLOAD_MAX_BYTES // 2**20} MiB; upload the compact JSON Against "
    "Humanity file, or import it on the server with `cardtable decks import FILE`",
)
MAX_HIDDEN_TEXT = 500
#: Uploads parsed at once by one server process; others wait their turn.
PARALLEL_IMPORTS = 2
#: What parsing one upload may use.
IMPORT_BUDGET = Budget()
_gates: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _gate() -> asyncio.Semaphore:
    """This event loop's semaphore on parallel imports."""
    loop = asyncio.get_running_loop()
    gate = _gates.get(loop)
    if gate is None:
        gate = _gates[loop] = asyncio.Semaphore(PARALLEL_IMPORTS)
    return gate


def named_decks(options: Any) -> list[str]:
    """The deck ids an options object (as a client or a log gives it) names."""
    if not isinstance(options, dict) or not isinstance(options.get("decks"), list | tuple):
        return []
    return [deck for deck in options["decks"] if isinstance(deck, str)]


async def _register(hub: Hub, deck_ids: Iterable[str]) -> None:
    missing = sorted({deck for deck in deck_ids if not registry.is_known(deck)})
    if missing:
        for deck in await library.load_decks(hub.store, missing):
            registry.register(deck)


async def prepare_options(hub: Hub, options: Any) -> None:
    """Before a new table or new settings resolve `options`: every library deck they name is
    offered (stored, not removed) and registered here; `bad-options` names the first that
    is not."""
    named = [deck for deck in named_decks(options) if deck not in builtin.decks()]
    if not named:
        return
    offered = await library.offered(hub.store, named)
    unknown = next((deck for deck in named if deck not in offered), None)
    if unknown is not None:
        raise TableError("bad-options", f"unknown deck {unknown!r}")
    await _register(hub, named)


async def prepare_entries(hub: Hub, entries: Iterable[Entry]) -> None:
    """Register every deck the options of these log entries name (removed decks too: a table
    that played one must still replay), before they are applied."""
    named = [
        deck
        for entry in entries
        if entry.kind == "lobby" and entry.action.get("type") in ("create", "settings")
        for deck in named_decks(entry.action.get("options"))
    ]
    await _register(hub, named)


async def upload(
    hub: Hub, data: bytes, request: Request, budget: Budget = IMPORT_BUDGET
) -> tuple[dict[str, Any], bool, Report]:
    """Read a deck file (any importer format) in a child process and store it; returns its
    summary, whether it is new and the import report (cards repaired or skipped). DeckError
    when the file is not a deck or breaks a limit; nothing is stored then."""
    async with _gate():
        imported = await import_isolated(data, request, budget)
    summary, created = await library.add_deck(hub.store, imported.deck)
    if summary.pop("removed"):
        raise TableError("deck-removed", "a moderator removed this deck", 409)
    return summary, created, imported.report


async def remove_deck(hub: Hub, deck_id: str) -> dict[str, Any]:
    """Remove an uploaded deck from the library: it is no longer listed or offered to new
    tables; tables already playing with it carry on."""
    if deck_id in builtin.decks():
        raise TableError("builtin-deck", "built-in decks cannot be removed; hide cards instead")
    removed = await library.remove_deck(hub.store, deck_id)
    if removed is None:
        raise TableError("not-found", "no such deck", 404)
    await record(hub.store, "remove-deck", {"deck": deck_id}, {"name": removed["name"]})
    return removed


async def card_text(hub: Hub, code: str, card: int) -> str:
    """The text of card `card` as the game at table `code` shows it."""
    state = await hub.read(code)
    if state is None:
        raise TableError("not-found", "no table with that code", 404)
    text_of = getattr(state.game, "card_text", None)
    text = None
    if text_of is not None and state.game_state is not None:
        text = text_of(state.game_state, card)
    if not text:
        raise TableError("bad-card", "no written card with that id in this table's game")
    return text


async def hide_card(hub: Hub, text: str) -> dict[str, Any]:
    """Hide a card everywhere: every new game leaves it out, and every running game that deals
    it retires it (out of the decks now, out of hands at their next draw)."""
    text = text.strip()
    if not text or len(text) > MAX_HIDDEN_TEXT:
        raise TableError("bad-card", f"a card's text holds 1 to {MAX_HIDDEN_TEXT} characters")
    key = card_key(text)
    await library.hide_card(hub.store, key, text)
    hub.hidden_cards.stale()
    tables = await retire_everywhere(hub, key)
    await record(hub.store, "hide-card", {"key": key}, {"text": text, "tables": tables})
    return {"key": key, "text": text, "tables": tables}


async def retire_everywhere(hub: Hub, key: str) -> list[str]:
    """Retire the card from every running game that deals it, here or in another process;
    one of several workers retires it from the games it serves (the others do when they next
    read the hidden cards, `Hub._moderate_here`)."""
    playing = {code for code, live in hub.tables.items() if live.state.status == "playing"}
    playing |= {row["code"] for row in await hub.store.open_tables("playing")}
    retired = []
    for code in sorted(filter(hub.settings.owns, playing)):
        try:
            live = await hub.get(code)
            if live is not None and await retire(live, (key,)):
                retired.append(code)
        except Exception:
            log.exception("table %s: a hidden card could not be retired", code)
    return retired


async def retire(live: LiveTable, keys: Iterable[str]) -> bool:
    """Retire from the game running at `live` the hidden cards (text keys) it still deals, as
    one step; whether there were any."""
    state = live.state
    holds = getattr(state.game, "holds_cards", None)
    if state.status != "playing" or holds is None:
        return False
    dealt = [key for key in sorted(keys) if holds(state.game_state, frozenset((key,)))]
    if not dealt:
        return False
    await live.act("lobby", None, {"type": "retire-cards", "cards": dealt})
    return True


async def hidden_at_start(hub: Hub, live: LiveTable) -> list[str]:
    """The hidden cards a game started now at `live` would deal, for its `hiddenCards`."""
    keys_of = getattr(live.state.game, "card_keys", None)
    if keys_of is None:
        return []
    hidden = await hub.hidden_cards.get()
    if not hidden:
        return []
    try:
        return sorted(hidden & keys_of(live.state.options))
    except ValueError:
        return []  # the options are refused at start with their own error
