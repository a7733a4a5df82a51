"""How a server instance is configured: where it stores, how it fans out, and its limits."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..bus import DEFAULT_PREFIX
from .clock import Clock, SystemClock
from .workers.shards import owner


@dataclass(frozen=True)
class Settings:
    """`database_url`: sqlite:///path or postgresql://...; `bus_url`: None (in-process) or
    redis://... (several processes serving the same tables); `bus_prefix`: the start of each
    table's Redis channel, to keep sites sharing one Redis apart; the rest are limits and
    delays, with defaults fit for the open internet."""

    database_url: str
    bus_url: str | None = None
    bus_prefix: str = DEFAULT_PREFIX
    #: SQLite only: wait for the disk on every commit (survives power loss, not only a kill).
    sqlite_fsync: bool = False
    #: Seconds a bot waits before it moves, so people can follow.
    bot_delay: float = 1.0
    #: Join attempts per client address: sustained per second, and burst.
    join_rate: float = 0.5
    join_burst: int = 20
    #: Other requests naming a table code (summaries, histories, reports, failed WebSocket
    #: hellos) per client address: sustained per second, and burst.
    lookup_rate: float = 5.0
    lookup_burst: int = 60
    #: Tables created per client address: sustained per second (10 a minute), and burst.
    create_rate: float = 10 / 60
    create_burst: int = 20
    #: Deck uploads per client address in an hour (refilled evenly over it): how many, and
    #: their total size in bytes.
    uploads_per_hour: int = 20
    upload_bytes_per_hour: int = 20 * 2**20
    #: WebSocket messages per member (all their connections together): sustained per second,
    #: and burst.
    message_rate: float = 20.0
    message_burst: int = 60
    #: Open WebSocket connections per member (a person's tabs) and per client address.
    member_connections: int = 8
    address_connections: int = 64
    #: Bytes of messages a connection may have waiting to be sent (the client does not read
    #: them) before it is closed as too slow.
    send_queue_bytes: int = 2**20
    #: Seconds a connection has to send its request line and headers (from its acceptance, or
    #: from the first byte of its next request); and connections per client address that may
    #: be slow to send them (still at it after a second) at once, more being closed
    #: (http/request_heads.py).
    head_timeout: float = 10.0
    address_partial_requests: int = 32
    #: Seconds a new WebSocket has to say hello.
    hello_timeout: float = 10.0
    #: Chat lines per member of a table: sustained per second, and burst.
    chat_rate: float = 0.5
    chat_burst: int = 5
    #: Reports per token and per address: sustained per second, and burst.
    report_rate: float = 1 / 60
    report_burst: int = 5
    #: Seconds between reads of the site's bans and hidden cards into memory (what another
    #: process serving the same database changed holds here within this time and one read).
    moderation_refresh: float = 5.0
    #: Seconds another process's word on who is online at a table holds without being repeated
    #: (each process repeats its own every third of this), so a process that dies without a
    #: word leaves no one shown online after it. A process that did not store a table's last
    #: step also leaves that table's bots and timers this long to the one that did.
    presence_lease: float = 30.0
    #: Seconds a table held in memory stays there with nobody connected and nothing armed (no
    #: bot, no deadline, no grace period: resting, ended, or a lobby nobody is in); its next
    #: use loads it again from its log.
    evict_after: float = 300.0
    #: Seconds a game may go with no person connected and no step before the server ends it
    #: without a result (`abandoned`); start-up resumes only the games younger than that.
    abandon_after: float = 3600.0
    #: An admin token accepted besides those `cardtable admin token` made (from the
    #: CARDTABLE_ADMIN_TOKEN environment variable).
    admin_token: str | None = None
    #: Words refused in names, chat and written cards; empty (the default) turns the filter off.
    filtered_words: tuple[str, ...] = ()
    #: With `cardtable serve --workers N`: how many worker processes share the site, and
    #: which of them this one is. A worker holds only the tables it owns (workers/shards.py).
    workers: int = 1
    worker: int = 0
    #: What time it is and when to wake up (tests move a `ManualClock` on by hand).
    clock: Clock = field(default_factory=SystemClock)

    def owns(self, code: str) -> bool:
        """Whether this process serves the table `code` (canonical): always, unless it is one
        of several workers."""
        return self.workers == 1 or owner(code, self.workers) == self.worker
