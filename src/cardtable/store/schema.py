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
