"""What every format reader is: a name, the input it takes, a content test and a reader.

A reader turns one parsed input into a whole `Deck` or raises `DeckError`; `Hints` carries
what the caller knows from outside the content (the file's name, a black/white hint).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from ..model import Deck

Input = Literal["json", "text", "sqlite"]
Kind = Literal["call", "response"]


@dataclass(frozen=True)
class Hints:
    """What the importer knows besides the content.

    `deck_id` and `name` stand in when the format has none; `kind` says that every card
    of a file is a call or a response, for formats whose lines do not say; `columns` maps
    fields to a CSV file's header names, (field, header) pairs.
    """

    deck_id: str
    name: str
    kind: Kind | None = None
    columns: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Format:
    """One format: `read(data, hints)` gets parsed JSON, text (str) or an SQLite file path."""

    name: str
    input: Input
    description: str
    read: Callable[[Any, Hints], Deck]
    detect: Callable[[Any], bool] = lambda data: False
