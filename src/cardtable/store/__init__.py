"""Durable table logs: SQLite (default, embedded) or PostgreSQL, behind one `Store`."""

from .entries import Entry
from .store import DATABASE_ERRORS, Conflict, Store, database_down, database_url

__all__ = ["DATABASE_ERRORS", "Conflict", "Entry", "Store", "database_down", "database_url"]
