"""Creates or upgrades the schema at start, by running the packaged Alembic migrations."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).with_name("migrations")

#: Key of the PostgreSQL advisory lock that serialises migrations between processes.
MIGRATION_LOCK = 0x0CA2D7AB1E


def _upgrade(connection) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


async def migrate(engine: AsyncEngine) -> None:
    """Bring the database behind `engine` to the newest schema; safe to run concurrently."""
    async with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            await connection.execute(text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
        await connection.run_sync(_upgrade)
