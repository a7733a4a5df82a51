"""The tables one server process holds: creating, joining and loading them, and the bus.

A table is loaded on first use by replaying its log; tables with a game running are loaded
at start so their timers and bots carry on after a restart. Steps stored here are published
on the bus; steps other processes published are applied to the local copy.

Tables leave memory once idle (live.py) and come back from the log on their next use. A game
is abandoned (ended by the server, without a result) once no person has been connected to it
and no step stored for `abandon_after`: found so when it is loaded, it is ended before anyone
sees it; one evicted while in play is loaded again when that time comes. Start-up resumes only
the games younger than that; older ones are ended when next loaded, never replayed at start.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from functools import partial

import orjson

from .. import games
from ..bus import Bus
from ..engine import IllegalAction
from ..store import Entry, Store, database_down
from ..store import deck_library as library
from . import decks
from .access import no_table
from .admission import Admission
from .bans import BanList
from .clock import Handle
from .connection import CLOSE_BANNED
from .errors import TableError
from .game_results import finished_game
from .history import TableHistory
from .inbox import error_message
from .live import LiveTable
from .metrics import Metrics
from .names import MAX_NAME, MAX_TABLE_NAME, clean_text
from .protocol import CreateTable, Joined, JoinTable
from .quotas import Quotas
from .ratelimit import KeyedLimiter, site_limiter
from .refreshed import Refreshed
from .settings import Settings
from .table import TableState
from .tokens import (
    new_code,
    new_token,
    normalise_code,
    password_hash,
    password_matches,
    token_hash,
)
from .wordfilter import WordFilter

log = logging.getLogger(__name__)


class Hub:
    def __init__(self, settings: Settings, store: Store, bus: Bus):
        self.settings = settings
        self.store = store
        self.bus = bus
        self.node = secrets.token_hex(8)
        self.metrics = Metrics()
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Task] = {}
        #: Games in play evicted from memory: the wake-up that loads each again when it would
        #: be abandoned.
        self._closing: dict[str, Handle] = {}
        #: The public history of each table held here, built on its first read.
        self.histories: dict[str, TableHistory] = {}
        #: Per-address limits are the site's: each of several workers allows its share.
        workers = settings.workers
        self.joins = site_limiter(settings.join_rate, settings.join_burst, workers)
        #: Requests naming a table code (summaries, histories, reports, failed hellos), per
        #: address: codes cannot be tried at speed.
        self.lookups = site_limiter(settings.lookup_rate, settings.lookup_burst, workers)
        self.quotas = Quotas(settings)
        self.word_filter = WordFilter(settings.filtered_words)
        self.bans = BanList(store, settings.clock)
        #: Keys of the cards moderators hid: a start leaves them out without a database read.
        self.hidden_cards = Refreshed(partial(library.hidden_keys, store), frozenset())
        #: The hub's periodic work (`start`).
        self._keeping: list[asyncio.Task] = []
        #: Chat lines per member of a table; reports per token, and per address (people
        #: behind one address share it, so it allows four times as many).
        self.chats = KeyedLimiter(settings.chat_rate, settings.chat_burst)
        #: WebSocket messages per member of a table (`code/member`), all their connections
        #: together; and the caps on connections open at once.
        self.messages = KeyedLimiter(settings.message_rate, settings.message_burst)
        self.admission = Admission(settings)
        self.reports = site_limiter(settings.report_rate, settings.report_burst, workers)
        self.reports_by_address = site_limiter(
            settings.report_rate * 4, settings.report_burst * 4, workers
        )

    # -- loading ------------------------------------------------------------------------------

    async def get(self, code: str) -> LiveTable | None:
        """The live table `code` (any spelling a person may type), or None."""
        canonical = normalise_code(code)
        if canonical is None:
            return None
        if not self.settings.owns(canonical):
            raise TableError(
                "misdirected",
                "another worker serves this table: ask again on a new connection",
                421,
            )
        live = self.tables.get(canonical)
        if live is not None:
            live.touch()
            return live
        loading = self._loading.get(canonical)
        if loading is None:
            loading = self._loading[canonical] = asyncio.create_task(self._load(canonical))
            loading.add_done_callback(lambda _: self._loading.pop(canonical, None))
        return await asyncio.shield(loading)

    def held(self, code: str) -> bool:
        """Whether the table `code` is in this process's memory now (asking loads nothing)."""
        return normalise_code(code) in self.tables

    async def read(self, code: str, token: str | None = None) -> TableState | None:
        """The table `code` as it stands, to read only (None if there is none): the live one
        where this process serves it, else as its log holds it (a worker asked about another
        worker's table). With a member token's hash `token`, also None when the log never
        gave that token to anyone, found before anything is replayed."""
        canonical = normalise_code(code)
        if canonical is None:
            return None
        if self.settings.owns(canonical):
            live = await self.get(canonical)
            return None if live is None else live.state
        return await self._replayed(canonical, token)

    async def _replayed(self, code: str, token: str | None = None) -> TableState | None:
        """The table as its log holds it; None when there is no log, or (`token`) when that
        token hash was never given to anyone there."""
        entries = await self.store.entries(code)
        if not entries or (token is not None and not _token_given(entries, token)):
            return None
        await decks.prepare_entries(self, entries)
        return await asyncio.to_thread(TableState.replay, code, entries)

    def history(self, code: str) -> TableHistory:
        """The public history of table `code` (canonical): kept and extended while the table
        is held here, else built for this one read."""
        held = self.histories.get(code)
        if held is None:
            held = TableHistory(code, partial(self._log_after, code))
            if code in self.tables:
                self.histories[code] = held
        return held

    async def _log_after(self, code: str, after: int) -> list[Entry]:
        entries = await self.store.entries(code, after)
        await decks.prepare_entries(self, entries)
        return entries

    async def _load(self, code: str) -> LiveTable | None:
        state = await self._replayed(code)
        if state is None:
            return None
        finished = finished_game(state) if state.status == "ended" else None
        if finished is not None:  # a table ended by a version that wrote results later
            await self.store.record_results(finished)
        live = self._hold(state)
        if state.status == "playing" and state.last_wall <= self.abandoned_before():
            try:  # on failure it stays in play, to be ended when next loaded
                await live.abandon()
            except TableError as error:  # the database does not answer
                log.warning("table %s: the abandoned game was not ended (%s)", code, error)
            except Exception:
                log.exception("table %s: ending the abandoned game failed", code)
        live.start()
        return live

    def _hold(self, state: TableState) -> LiveTable:
        """Hold the table here (`LiveTable.start` arms it)."""
        closing = self._closing.pop(state.code, None)
        if closing is not None:
            closing.cancel()
        live = self.tables[state.code] = LiveTable(self, state)
        self.bus.subscribe(state.code, self.node, lambda message: self._on_bus(live, message))
        return live

    def abandoned_before(self) -> float:
        """A game whose last step is older than this (wall time) has been abandoned; a public
        lobby that old is no longer listed."""
        return self.settings.clock.time() - self.settings.abandon_after

    def forget(self, live: LiveTable) -> None:
        """Drop a table from memory (its next use reloads it from the log)."""
        if self.tables.get(live.code) is live:
            del self.tables[live.code]
            self.histories.pop(live.code, None)
            self.bus.unsubscribe(live.code, self.node)
        live.close()

    def evict(self, live: LiveTable) -> None:
        """An idle table leaves memory. A game in play there (resting) is loaded again when
        it would be abandoned, `abandon_after` after its last step, and ended then."""
        self.forget(live)
        if live.state.status == "playing":
            clock = self.settings.clock
            delay = live.state.last_wall + self.settings.abandon_after - clock.time()
            self._closing[live.code] = clock.call_later(max(0.0, delay), self._close, live.code)

    def _close(self, code: str) -> None:
        """Load an evicted game whose time is up: the load ends it if nothing happened."""
        self._closing.pop(code, None)
        self._spawn(self.get(code))

    async def resume(self) -> int:
        """Load every table this process serves with a game running that has had a step
        within `abandon_after` (older ones are ended when next loaded); returns how many."""
        playing = await self.store.active_tables("playing", self.abandoned_before())
        codes = [code for code in playing if self.settings.owns(code)]
        for code in codes:
            try:
                await self.get(code)
            except Exception:
                log.exception("table %s could not be resumed", code)
        return len(codes)

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        for work in (self._keep_presence(), self._keep_moderation()):
            task = loop.create_task(work)
            task.add_done_callback(_log_failure)
            self._keeping.append(task)

    async def close(self) -> None:
        for task in self._keeping:
            task.cancel()
        for closing in self._closing.values():
            closing.cancel()
        self._closing.clear()
        for live in list(self.tables.values()):
            self.forget(live)

    # -- the bus ------------------------------------------------------------------------------

    async def publish(self, code: str, entries: list[Entry]) -> None:
        await self._publish(code, {"entries": [list(entry) for entry in entries]})

    async def publish_presence(self, live: LiveTable) -> None:
        online = sorted(m for m, n in live.local_online.items() if n)
        await self._publish(live.code, {"presence": online})

    async def _keep_presence(self) -> None:
        """Every third of the presence lease: repeat who is online here at each table other
        processes may hold, and forget what they said that is older than the lease."""
        clock, lease = self.settings.clock, self.settings.presence_lease
        while True:
            await clock.sleep(lease / 3)
            for live in list(self.tables.values()):
                if live.local_online and self.bus.listened(live.code, self.node):
                    await self.publish_presence(live)
                await live.expire_remote_online(clock.time() - lease)

    async def _keep_moderation(self) -> None:
        """Read the bans and hidden cards now, before anyone waits for them, and again every
        `moderation_refresh` seconds for what other processes changed. A failed read leaves the
        copy held until the next."""
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
                await self._moderate_here()
            await self.settings.clock.sleep(self.settings.moderation_refresh)

    async def _moderate_here(self) -> None:
        """One of several workers: apply what a moderator did on another worker to the tables
        this one serves. The banned are disconnected; running games retire the hidden cards
        they still deal."""
        await self.disconnect_banned()
        hidden = self.hidden_cards.held
        for live in list(self.tables.values()) if hidden else ():
            try:
                await decks.retire(live, hidden)
            except Exception:
                log.exception("table %s: hidden cards could not be retired", live.code)

    async def disconnect_banned(self) -> None:
        """Tell every connection held here whose client or address is banned, and close it."""
        banned = error_message("banned", "you are banned from this site")
        for live in list(self.tables.values()):
            for connection in list(live.connections):
                member = live.state.members.get(connection.member)
                peer = connection.websocket.client
                client = None if member is None else member.client
                if await self.bans.banned(client, None if peer is None else peer.host):
                    connection.send(banned)
                    connection.close(CLOSE_BANNED)

    async def _publish(self, code: str, message: dict) -> None:
        await self.bus.publish(code, self.node, self.node.encode() + b"\n" + orjson.dumps(message))

    def _on_bus(self, live: LiveTable, message: bytes | None) -> None:
        if message is None:
            self._spawn(live.catch_up())
            return
        node, _, body = message.partition(b"\n")
        data = orjson.loads(body)
        if "entries" in data:
            self._spawn(live.receive_remote([Entry(*e) for e in data["entries"]]))
        elif "presence" in data:
            self._spawn(live.set_remote_online(node.decode(), set(data["presence"])))

    def _spawn(self, work) -> None:
        task = asyncio.get_running_loop().create_task(work)
        task.add_done_callback(_log_failure)

    # -- creating and joining -----------------------------------------------------------------

    async def create(self, body: CreateTable, address: str) -> Joined:
        await self.bans.check(token_hash(body.client), address)
        self.quotas.create_table(address)
        try:
            game = games.get(body.game)
        except KeyError:
            raise TableError(
                "unknown-game", f"no game {body.game!r}; games: {', '.join(games.ids())}"
            ) from None
        await decks.prepare_options(self, body.options)
        self.check_written_cards(body.options)
        try:
            options = game.host_options(body.options)
        except ValueError as error:
            raise TableError("bad-options", str(error)) from None
        name = clean_text(body.name, MAX_NAME, "name")
        table_name = clean_text(body.table_name or f"{name}'s table", MAX_TABLE_NAME, "table-name")
        self.word_filter.check(name, "name")
        self.word_filter.check(table_name, "table name")
        token = new_token()
        wall = self.settings.clock.time()
        action = {
            "type": "create",
            "game": game.id,
            "options": options,
            "name": table_name,
            "public": body.public,
            "password": await _hash_password(body.password),
            "created": wall,
            "host": {
                "name": name,
                "token": token_hash(token),
                "client": token_hash(body.client),
                "address": address,
            },
        }
        first = Entry(1, "lobby", None, orjson.loads(orjson.dumps(action)), 0.0, wall)
        for _ in range(20):
            code = new_code()
            while not self.settings.owns(code):  # one of several workers: a code of its own
                code = new_code()
            state = TableState.create(code, first)
            if await self.store.create_table(state.summary(), first):
                self.metrics.actions["lobby"] += 1
                self._hold(state).start()
                return Joined(code=code, member=0, token=token, spectate=False)
        raise TableError("unavailable", "no free table code found; try again", 503)

    async def join(self, code: str, body: JoinTable, address: str) -> Joined:
        client = token_hash(body.client)
        if not (self.joins.take(address) and self.joins.take(client)):
            raise TableError("rate-limited", "too many join attempts; wait a little", 429)
        await self.bans.check(client, address)
        self.word_filter.check(body.name, "name")
        live = await self.get(code)
        if live is None:
            raise no_table()
        stored = live.state.password
        if stored is not None and not (
            body.password and await asyncio.to_thread(password_matches, body.password, stored)
        ):
            raise no_table()  # a wrong password tells no more than a wrong code
        token = new_token()
        action = {
            "type": "join",
            "name": body.name,
            "token": token_hash(token),
            "client": client,
            "address": address,
            "spectate": body.spectate,
            "ask_team": body.team_with,
        }
        await live.act("lobby", None, action)
        member = live.state.member_by_token(token_hash(token))
        spectate = member.role == "spectator"  # one asking to share a seat watches until then
        return Joined(code=live.code, member=member.id, token=token, spectate=spectate)

    async def table_action(self, live: LiveTable, member: int, action: dict) -> dict:
        """A lobby action from `member`, with what only the server may fill in."""
        action = {**action, "by": member}
        if action["type"] == "chat":
            self.word_filter.check(action["text"], "chat")
            if not self.chats.take(f"{live.code}/{member}"):
                raise TableError("rate-limited", "too many chat lines; wait a little", 429)
        if action["type"] == "settings" and action.get("name") is not None:
            self.word_filter.check(action["name"], "table name")
        if action["type"] == "settings" and action.get("options") is not None:
            await decks.prepare_options(self, action["options"])
            self.check_written_cards(action["options"])
        if action["type"] == "kick" and action.get("ban"):
            action["ban_address"] = True
        if action["type"] == "write-card":
            self.word_filter.check(action["text"], "card")
        if action["type"] == "start":
            action["seed"] = secrets.randbits(62)
            if hidden := await decks.hidden_at_start(self, live):
                action["hidden"] = hidden
        if action["type"] == "settings" and "password" in action:
            action["password"] = await _hash_password(action["password"])
        return action

    def check_written_cards(self, options) -> None:
        """The word filter over the custom cards a host's options hold (CAH)."""
        if isinstance(options, dict) and self.word_filter:
            for key in ("customWhiteCards", "customBlackCards"):
                for text in options.get(key) or ():
                    if isinstance(text, str):
                        self.word_filter.check(text, "card")

    def check_play(self, action: dict) -> None:
        """The word filter over what a game action writes on blank cards (CAH `write`), before
        it is logged: the filter may change between restarts, the log must not."""
        written = action.get("write")
        if isinstance(written, dict) and self.word_filter:
            for text in written.values():
                if isinstance(text, str):
                    self.word_filter.check(text, "card")


async def _hash_password(password: str | None) -> str | None:
    if not password:
        return None
    return await asyncio.to_thread(password_hash, password)


def _token_given(entries: list[Entry], token: str) -> bool:
    """Whether the log gave the token hash `token` to someone (the host, or a join)."""
    for entry in entries:
        action = entry.action
        if entry.kind == "lobby" and action.get("type") in ("create", "join"):
            given = action["host"]["token"] if action["type"] == "create" else action["token"]
            if given == token:
                return True
    return False


def _log_failure(task: asyncio.Task) -> None:
    error = None if task.cancelled() else task.exception()
    if error is not None and not isinstance(error, TableError | IllegalAction):
        log.error("a background task of the hub failed", exc_info=error)
