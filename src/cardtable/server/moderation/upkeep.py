"""What moderation holds in memory, and how it is kept fresh: the site's bans, the cards
moderators hid and the word filter; read again every `moderation_refresh` seconds for what
other processes changed, and applied to the tables held here."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from functools import partial

from ...store import Store, database_down
from ...store import deck_library as library
from ...table.errors import ErrorCode
from ..config import Settings
from ..live.table import LiveTable
from ..realtime.connection import CLOSE_BANNED
from ..realtime.outgoing import error_message
from .bans import BanList
from .refreshed import Refreshed
from .retiring import retire
from .word_filter import WordFilter

log = logging.getLogger(__name__)


class Moderation:
    def __init__(self, settings: Settings, store: Store):
        self.settings = settings
        self.bans = BanList(store, settings.clock)
        #: Keys of the cards moderators hid: a start leaves them out without a database read.
        self.hidden_cards = Refreshed(partial(library.hidden_keys, store), frozenset())
        self.word_filter = WordFilter(settings.filtered_words)

    async def keep(self, tables: Callable[[], Iterable[LiveTable]]) -> None:
        """Read the bans and hidden cards now, before anyone waits for them, and again every
        `moderation_refresh` seconds for what other processes changed. A failed read leaves
        the copy held until the next. `tables`: those held here now."""
        while True:
            for held in (self.bans, self.hidden_cards):
                try:
                    await held.refresh()
                except Exception as error:
                    if (why := database_down(error)) is None:
                        log.exception("reading the moderation data failed")
                    else:
                        log.warning("reading the moderation data failed (the database: %s)", why)
            if self.settings.workers > 1:
                await self._moderate_here(list(tables()))
            await self.settings.clock.sleep(self.settings.moderation_refresh)

    async def _moderate_here(self, tables: list[LiveTable]) -> None:
        """One of several workers: apply what a moderator did on another worker to the tables
        this one serves. The banned are disconnected; running games retire the hidden cards
        they still deal."""
        await self.disconnect_banned(tables)
        hidden = self.hidden_cards.held
        for live in tables if hidden else ():
            try:
                await retire(live, hidden)
            except Exception:
                log.exception("table %s: hidden cards could not be retired", live.code)

    async def disconnect_banned(self, tables: Iterable[LiveTable]) -> None:
        """Tell every connection at these tables whose client or address is banned, and close
        it."""
        banned = error_message(ErrorCode.BANNED, "you are banned from this site")
        for live in list(tables):
            for connection in list(live.connections):
                member = live.state.members.get(connection.member)
                peer = connection.websocket.client
                client = None if member is None else member.client
                if await self.bans.banned(client, None if peer is None else peer.host):
                    connection.send(banned)
                    connection.close(CLOSE_BANNED)
