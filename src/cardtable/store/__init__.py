"""Durable table logs: SQLite (default, embedded) or PostgreSQL, behind one `Store`."""

from .entries import Entry
from .store import Conflict, Store, database_url

__all__ = ["Conflict", "Entry", "Store", "database_url"]
