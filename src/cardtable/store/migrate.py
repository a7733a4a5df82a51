"""Creates or upgrades the schema at start.

A database already at the newest revision is left alone, and an empty one gets the schema of
`schema.py` at once, stamped with that revision; only a database at an older revision runs the
packaged Alembic migrations, and only then is Alembic imported (its import and the reading of
its scripts cost more CPU than the rest of a server's start-up storage work). Tests check that
the migrations, run from nothing, build exactly the schema `schema.py` describes, and that
`HEAD` is their newest revision.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Column, Connection, MetaData, String, Table, inspect, text
from sqlalchemy.ext.asyncio import AsyncEngine

from .schema import metadata

MIGRATIONS = Path(__file__).with_name("migrations")

#: The newest migration's revision (migrations/versions/): the schema `schema.py` describes.
HEAD = "0005"

#: Key of the PostgreSQL advisory lock that serialises migrations between processes.
MIGRATION_LOCK = 0x0CA2D7AB1E

#: Alembic's own record of a database's revision, as Alembic creates it.
_versions = Table(
    "alembic_version",
    MetaData(),
    Column("version_num", String(32), primary_key=True),
)


def _revision(connection: Connection) -> str | None:
    """The database's revision, None when it has none; "" when it has tables but no revision."""
    names = inspect(connection).get_table_names()
    if _versions.name not in names:
        return "" if names else None
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar() or ""


def _create(connection: Connection) -> None:
    metadata.create_all(connection)
    _versions.create(connection)
    connection.execute(_versions.insert().values(version_num=HEAD))


def _upgrade(connection: Connection) -> None:
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


async def migrate(engine: AsyncEngine) -> None:
    """Bring the database behind `engine` to the newest schema; safe to run concurrently."""
    async with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            await connection.execute(text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
        revision = await connection.run_sync(_revision)
        if revision == HEAD:
            return
        if revision is None:
            await connection.run_sync(_create)
        else:
            await connection.run_sync(_upgrade)
