"""What a live table needs from the process that holds it, and nothing more: the site's
settings, the store its steps go to, the metrics it counts in, the relay that tells other
processes about its steps and who is online (instead of the whole site), and the decks its
games deal from."""

from __future__ import annotations

from dataclasses import dataclass

from ...store import Store
from ..config import Settings
from ..metrics import Metrics
from .relay import Relay
from .table_decks import TableDecks


@dataclass(frozen=True)
class TableContext:
    settings: Settings
    store: Store
    metrics: Metrics
    relay: Relay
    decks: TableDecks
