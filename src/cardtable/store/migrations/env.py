"""Alembic environment: migrations run on the connection `cardtable.store.migrate` hands in."""

from alembic import context

from cardtable.store.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
