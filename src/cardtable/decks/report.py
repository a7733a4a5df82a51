"""What an import did besides reading cards, and the limits it read within.

A `Report` is kept for each import (`reporting()`): the text encoding found, every card that
was repaired or skipped (with the line or field it came from), and the counters that enforce
`Limits`: a card longer than `card_chars` is skipped; more than `cards` cards or
`total_chars` characters of card text refuse the file (`too-many-cards`, `too-much-text`).
Readers reach the report of the import they serve through `current()`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from .errors import DeckError

#: Notes kept of each kind; beyond that only counted.
MAX_NOTES = 500


@dataclass(frozen=True)
class Limits:
    """The most any one file may hold."""

    cards: int = 100_000
    card_chars: int = 2_000
    total_chars: int = 16_000_000


@dataclass(frozen=True)
class Note:
    """A card that was repaired or skipped: where it was, and what was done and why."""

    where: str
    message: str

    def to_json(self) -> dict:
        return {"where": self.where, "message": self.message}

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


@dataclass
class Report:
    """The record of one import. `repaired` and `skipped` keep the first `MAX_NOTES` notes
    each; `repairs` and `skips` count them all."""

    limits: Limits = field(default_factory=Limits)
    encoding: str | None = None
    repaired: list[Note] = field(default_factory=list)
    skipped: list[Note] = field(default_factory=list)
    repairs: int = 0
    skips: int = 0
    cards: int = 0
    chars: int = 0
    cpu_seconds: float | None = None

    def repair(self, where: str, message: str) -> None:
        self.repairs += 1
        if len(self.repaired) < MAX_NOTES:
            self.repaired.append(Note(where, message))

    def skip(self, where: str, message: str) -> None:
        self.skips += 1
        if len(self.skipped) < MAX_NOTES:
            self.skipped.append(Note(where, message))

    def card_text(self, text: str, where: str) -> str:
        """Count one card's text against the limits; DeckError when it is too long (the card
        is skipped) or when the file holds too much (the file is refused)."""
        if len(text) > self.limits.card_chars:
            raise DeckError(
                where, f"{len(text):,} characters, more than {self.limits.card_chars:,} a card"
            )
        self.cards += 1
        self.chars += len(text)
        if self.cards > self.limits.cards:
            raise DeckError("", f"more than {self.limits.cards:,} cards", "too-many-cards")
        if self.chars > self.limits.total_chars:
            raise DeckError(
                "", f"more than {self.limits.total_chars:,} characters of cards", "too-much-text"
            )
        return text

    def to_json(self) -> dict:
        return {
            "encoding": self.encoding,
            "repaired": [note.to_json() for note in self.repaired],
            "skipped": [note.to_json() for note in self.skipped],
            "repairs": self.repairs,
            "skips": self.skips,
        }

    @classmethod
    def from_json(cls, data: dict) -> Report:
        return cls(
            encoding=data.get("encoding"),
            repaired=[Note(**note) for note in data.get("repaired", [])],
            skipped=[Note(**note) for note in data.get("skipped", [])],
            repairs=data.get("repairs", 0),
            skips=data.get("skips", 0),
        )

    def lines(self) -> list[str]:
        """The report as lines of text, as `cardtable decks check` prints it."""
        out = [f"encoding: {self.encoding}"] if self.encoding else []
        for label, notes, count in (
            ("repaired", self.repaired, self.repairs),
            ("skipped", self.skipped, self.skips),
        ):
            out.extend(f"{label}: {note}" for note in notes)
            if count > len(notes):
                out.append(f"{label}: {count - len(notes):,} more not listed")
        return out


_current: ContextVar[Report | None] = ContextVar("deck_report", default=None)


def current() -> Report:
    """The report of the import running here (a throwaway one outside any import)."""
    return _current.get() or Report()


@contextmanager
def reporting(limits: Limits | None = None) -> Iterator[Report]:
    """A fresh report that readers called inside the block fill."""
    report = Report(limits or Limits())
    token = _current.set(report)
    try:
        yield report
    finally:
        _current.reset(token)
