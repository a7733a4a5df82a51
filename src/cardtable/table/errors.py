"""The one error a table and its server answer with, and every code it may carry.

`ErrorCode` lists each code the server sends (over HTTP and WebSocket alike) with what it
means; docs/protocol.md's table of codes is generated from it (`tests/server/test_error_codes.py
--write`). The string values are stable: clients match on them. A game action the rules refuse
carries the game's own code instead (`IllegalAction`).
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    """A stable error code, and what it means (`meaning`, the protocol document's words)."""

    meaning: str

    def __new__(cls, value: str, meaning: str) -> ErrorCode:
        member = str.__new__(cls, value)
        member._value_ = value
        member.meaning = meaning
        return member

    # -- messages and requests -----------------------------------------------------------------
    BAD_MESSAGE = "bad-message", "a WebSocket message that is not one valid JSON message"
    TOO_LARGE = "too-large", "a message or body past its size limit (413 over HTTP)"
    BAD_REQUEST = "bad-request", "an HTTP body or query that is not valid (422 for a body)"
    BAD_METHOD = "bad-method", "an HTTP method the path does not take (405)"
    NOT_FOUND = (
        "not-found",
        (
            "no such table, deck, report or ban (404); also a table code one may not look at and a "
            "wrong password, answered exactly alike"
        ),
    )
    RATE_LIMITED = (
        "rate-limited",
        (
            "too many requests, messages, chat lines or reports (429 over HTTP; also the quotas on "
            "tables created and decks uploaded)"
        ),
    )
    TOO_MANY_CONNECTIONS = (
        "too-many-connections",
        ("a hello past a connection cap (per member or per address), closed with 4429"),
    )
    HELLO_FIRST = "hello-first", "a connection's first message is not a hello"
    HELLO_AGAIN = "hello-again", "a second hello on one connection"
    PROTOCOL = "protocol", "a hello speaking another protocol version; the connection closes"
    UNAUTHORIZED = "unauthorized", "no table with that code holds this token; closed with 4401"
    BANNED = (
        "banned",
        (
            "banned from this site (403), or from this table by its host; a connection is closed "
            "with 4403"
        ),
    )
    MISDIRECTED = (
        "misdirected",
        (
            "with `serve --workers`, a table request that came to a worker other than the "
            "table's (421): ask again on a new connection"
        ),
    )
    BUSY = "busy", "the table is busy (503): try again"
    UNAVAILABLE = (
        "unavailable",
        (
            "the database does not answer, or a step could not be stored (503): nothing changed, "
            "try again in a moment; a hello is closed with 1013"
        ),
    )
    # -- creating and joining ------------------------------------------------------------------
    UNKNOWN_GAME = "unknown-game", "no game with that id"
    BAD_OPTIONS = "bad-options", "options the game refuses (or a deck it does not offer)"
    BAD_NAME = "bad-name", "a player name that is empty, too long or holds a control character"
    BAD_TABLE_NAME = (
        "bad-table-name",
        ("a table name that is empty, too long or holds a control character"),
    )
    NAME_TAKEN = "name-taken", "someone at this table already has that name (409)"
    WORD_FILTERED = "word-filtered", "a name, chat line or written card holds a word the site bans"
    TABLE_FULL = "table-full", "every seat is taken (409)"
    TEAM_FULL = "team-full", "the seat asked to share holds as many people as the game allows (409)"
    BAD_TEAM = "bad-team", "partners join as players, before the game, with a human holding a seat"
    NOT_ASKED = (
        "not-asked",
        ("`answer-team` from someone other than the player asked or the host (403)"),
    )
    NO_TEAM_REQUEST = (
        "no-team-request",
        ("`answer-team` about a member who asks to share no seat (409)"),
    )
    # -- the lobby -----------------------------------------------------------------------------
    BAD_ACTION = "bad-action", "a table action that is not one, or names what it may not"
    NOT_A_MEMBER = "not-a-member", "not at this table (403 for a history read during a game)"
    NOT_HOST = "not-host", "only the host may do that"
    UNKNOWN_MEMBER = "unknown-member", "no such member at this table"
    BAD_TARGET = "bad-target", "a kick, transfer or report naming whom or what it may not"
    UNKNOWN_BOT = "unknown-bot", "no bot of that name for this game"
    BAD_SETTINGS = "bad-settings", "a table setting out of its range"
    SEAT_COUNT = "seat-count", "too few or too many players for the game to start"
    GAME_RUNNING = (
        "game-running",
        (
            "not during a game (409): settings but chat, bots, written cards, a second start, a "
            "late join the game does not take"
        ),
    )
    NO_GAME = "no-game", "no game is running at this table"
    SERIES_OVER = "series-over", "`start` after the series ended: set a new series or none (409)"
    NOT_A_PLAYER = "not-a-player", "a game action or written card from someone holding no seat"
    NOT_A_SPECTATOR = "not-a-spectator", "`sit` from a player (409)"
    NO_SEAT = "no-seat", "`sit` when no seat can be taken now (409)"
    NOT_AWAY = "not-away", "`back` from a seat not marked away"
    NO_CHANGE = "no-change", "a presence step that changes nobody's presence"
    NOBODY_TO_SKIP = "nobody-to-skip", "`skip-waiting` while the game waits on no person (409)"
    NO_CLAIM = "no-claim", "`claim` from someone not left alone in a game (403)"
    TOO_EARLY = "too-early", "`claim` before `table.claim.at` (409)"
    NOT_A_HOST_ACTION = "not-a-host-action", "a `host-action` the game does not offer the host"
    BAD_CHAT = "bad-chat", "a chat line that is empty, too long or holds a control character"
    CHAT_OFF = "chat-off", "the host turned chat off (403)"
    MUTED = "muted", "the host muted spectators (403)"
    NO_PLAYER_CARDS = "no-player-cards", "the host has not let players write cards (403)"
    NO_CUSTOM_CARDS = "no-custom-cards", "this game has no cards players may write"
    BAD_CARD = (
        "bad-card",
        ("a written card the game refuses, or (moderation) no written card with that id or text"),
    )
    # -- decks and moderation (HTTP) -----------------------------------------------------------
    BAD_DECK = "bad-deck", "an upload that is not a deck; the answer names the line or field"
    DECK_REMOVED = "deck-removed", "a moderator removed this deck (409)"
    BUILTIN_DECK = "builtin-deck", "built-in decks cannot be removed; hide cards instead (409)"
    BAD_REASON = (
        "bad-reason",
        ("a report or ban reason that is empty, too long or holds a control character"),
    )
    NOT_ADMIN = "not-admin", "this needs an admin token (401)"
    BAD_BAN = "bad-ban", "a ban that names no one, or an address that is not one"
    REPORT_CLOSED = "report-closed", "the report was resolved already (409)"


class TableError(Exception):
    """A request the table refuses: `code` is stable (`ErrorCode`), `status` its HTTP status."""

    def __init__(self, code: ErrorCode, message: str, status: int = 400):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status

    def to_json(self) -> dict:
        return {"code": self.code, "message": self.message}
