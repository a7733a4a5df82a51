"""The database schema as SQLAlchemy Core tables; Alembic migrations create and evolve it."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

#: One row per table: what the lobby list and the summary endpoint need without a replay.
tables = Table(
    "tables",
    metadata,
    Column("code", String(6), primary_key=True),
    Column("game_id", String(64), nullable=False),
    Column("name", String(64), nullable=False),
    Column("public", Boolean, nullable=False),
    Column("locked", Boolean, nullable=False),
    Column("status", String(16), nullable=False),
    Column("host_name", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("max_players", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("ix_tables_open", "status", "public"),
)

#: The log: every step of every table. (table_code, seq) is the primary key, so two writers
#: can never both append the same step.
log = Table(
    "log",
    metadata,
    Column(
        "table_code",
        String(6),
        ForeignKey("tables.code", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(8), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("action", Text, nullable=False),
    Column("game_time", Float, nullable=False),
    Column("wall_time", Float, nullable=False),
)

#: Summary columns a log append may update in the same transaction.
SUMMARY_COLUMNS = ("name", "public", "locked", "status", "host_name", "players", "max_players")

# -- deck library (migration 0002) ------------------------------------------------------------

#: Every deck a table can play with: ours (loaded at the first start) and uploaded ones.
#: `body` is the deck as `cardtable-deck` JSON; a deck's cards never change once stored.
decks = Table(
    "decks",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("name", String(200), nullable=False),
    Column("language", String(16), nullable=False),
    Column("license", String(200), nullable=False),
    Column("source", String(200), nullable=False),
    Column("tags", Text, nullable=False),
    Column("ratings", Text, nullable=False),
    Column("calls", Integer, nullable=False),
    Column("responses", Integer, nullable=False),
    Column("builtin", Boolean, nullable=False),
    Column("removed", Boolean, nullable=False),
    Column("body", Text, nullable=False),
    Column("created_at", Float, nullable=False),
    # migration 0005: the hash of the deck's cards (decks/content.py content_hash); NULL before it
    Column("content", String(64), nullable=True),
    # migration 0005: the attribution its file states ("" when none)
    Column("attribution", String(200), nullable=False, server_default=""),
    Index("ix_decks_content", "content"),
)

#: Cards an admin hid everywhere, by the hash of their normalised text.
hidden_cards = Table(
    "hidden_cards",
    metadata,
    Column("text_hash", String(64), primary_key=True),
    Column("text", Text, nullable=False),
    Column("hidden_at", Float, nullable=False),
)

# -- moderation (migration 0003) --------------------------------------------------------------

#: What people at tables reported. `reporter` and `target` are JSON: who reported (member id,
#: name, client hash) and what, as it was when reported (a card's text, a chat line, a member).
reports = Table(
    "reports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_code", String(6), nullable=True),
    Column("reporter", Text, nullable=False),
    Column("target_kind", String(16), nullable=False),
    Column("target", Text, nullable=False),
    Column("reason", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("resolved_at", Float, nullable=True),
    Column("resolution", Text, nullable=True),
    Index("ix_reports_status", "status", "created_at"),
)

#: Bans by client identity (hashed) and address; `until` NULL means for good.
bans = Table(
    "bans",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("client_hash", String(64), nullable=True),
    Column("address", String(64), nullable=True),
    Column("reason", Text, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("until", Float, nullable=True),
    Column("lifted", Boolean, nullable=False),
)

admin_tokens = Table(
    "admin_tokens",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("created_at", Float, nullable=False),
)

#: Every moderation action, in order.
moderation_log = Table(
    "moderation_log",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", Float, nullable=False),
    Column("action", String(32), nullable=False),
    Column("target", Text, nullable=False),
    Column("detail", Text, nullable=False),
)

# -- players and results (migration 0004) -----------------------------------------------------

#: Names players keep: claimed by a client identity (hashed), shown on the leaderboard.
#: `name_key` is the name casefolded (names.name_key), which may be longer than the name.
player_names = Table(
    "player_names",
    metadata,
    Column("name_key", String(128), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("client_hash", String(64), nullable=False),
    Column("claimed_at", Float, nullable=False),
)

#: One row per player per finished game.
results = Table(
    "results",
    metadata,
    Column("table_code", String(6), primary_key=True),
    Column("game_no", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("game_id", String(64), nullable=False),
    Column("name_key", String(128), nullable=True),
    Column("name", String(64), nullable=False),
    Column("place", Integer, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("score", Float, nullable=True),
    Column("finished_at", Float, nullable=False),
    Index("ix_results_finished", "finished_at"),
)
