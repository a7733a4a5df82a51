"""The schema a new database gets at once (schema.py, stamped with `HEAD`) is the one the
migrations build from nothing, on SQLite and PostgreSQL; a database at an older revision is
migrated, and one at the newest is left alone."""

from __future__ import annotations

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.ext.asyncio import create_async_engine

from cardtable.store import Store
from cardtable.store.migrate import HEAD, MIGRATIONS
from cardtable.store.schema import metadata
from cardtable.store.store import database_url as engine_url


def _config(connection=None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def _shape(connection) -> dict:
    """What a schema holds, as reflection reads it back: tables, columns, keys and indexes."""
    found = inspect(connection)
    shape = {}
    for table in sorted(found.get_table_names()):
        shape[table] = {
            "columns": [
                (c["name"], str(c["type"]), c["nullable"], c.get("default"))
                for c in found.get_columns(table)
            ],
            "primary": found.get_pk_constraint(table)["constrained_columns"],
            "foreign": sorted(
                (tuple(f["constrained_columns"]), f["referred_table"], f["options"].get("ondelete"))
                for f in found.get_foreign_keys(table)
            ),
            "indexes": sorted(
                (i["name"], tuple(i["column_names"]), bool(i["unique"]))
                for i in found.get_indexes(table)
            ),
        }
    return shape


def test_head_is_the_newest_migration():
    assert ScriptDirectory.from_config(_config()).get_current_head() == HEAD


async def test_a_new_database_gets_the_schema_the_migrations_build(database_url, tmp_path):
    store = await Store.open(database_url)  # a new database: schema.py at once
    try:
        async with store.engine.connect() as connection:
            created = await connection.run_sync(_shape)
            revision = await connection.scalar(text("SELECT version_num FROM alembic_version"))
            drift = await connection.run_sync(
                lambda sync: compare_metadata(MigrationContext.configure(sync), metadata)
            )
        assert (revision, drift) == (HEAD, [])
        async with store.engine.begin() as connection:
            await connection.run_sync(lambda sync: metadata.drop_all(sync))
            await connection.execute(text("DROP TABLE alembic_version"))
            await connection.run_sync(lambda sync: command.upgrade(_config(sync), "head"))
            migrated = await connection.run_sync(_shape)
    finally:
        await store.close()
    assert created == migrated


async def test_an_older_database_is_migrated_and_a_current_one_left_alone(database_url):
    engine = create_async_engine(engine_url(database_url))
    try:
        async with engine.begin() as connection:
            await connection.run_sync(lambda sync: command.upgrade(_config(sync), "0003"))
    finally:
        await engine.dispose()
    for _ in range(2):  # migrates, then finds the newest revision and does nothing
        store = await Store.open(database_url)
        try:
            async with store.engine.connect() as connection:
                revision = await connection.scalar(text("SELECT version_num FROM alembic_version"))
                tables = await connection.run_sync(lambda sync: inspect(sync).get_table_names())
        finally:
            await store.close()
        assert revision == HEAD
        assert set(metadata.tables) <= set(tables)
