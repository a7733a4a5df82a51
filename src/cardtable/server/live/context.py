"""What a live table needs from the process that holds it, and nothing more: the site's
settings, the store its steps go to, the metrics it counts in, and the relay that tells other
processes about its steps and who is online (instead of the whole site)."""

from __future__ import annotations

from dataclasses import dataclass

from ...store import Store
from ..config import Settings
from ..metrics import Metrics
from .relay import Relay


@dataclass(frozen=True)
class TableContext:
    settings: Settings
    store: Store
    metrics: Metrics
    relay: Relay
