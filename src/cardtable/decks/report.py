"""What an import did besides reading cards, and the limits it read within.

A `Report` is kept for each import (`reporting()`): the text encoding found, every card that
was repaired or skipped (with the line or field it came from), and the counters that enforce
`Limits`: a card longer than `card_chars` is skipped; more than `cards` cards or
`total_chars` characters of card text refuse the file (`too-many-cards`, `too-much-text`).
Readers reach the report of the import they serve through `current()`. Each note carries its
`Problem` code and params (errors.py) besides the English message; a report stored before notes
had codes still loads, its notes with the code "" (a client shows their message then).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from .errors import DeckError, Params, Problem, checked, problem_json

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
    """A card that was repaired or skipped: where it was, what was done and why (`message`),
    and the problem's code and params."""

    where: str
    message: str
    code: str = ""
    params: Params = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.code:
            checked(Problem(self.code), self.params)

    @classmethod
    def of(cls, error: DeckError, where: str = "") -> Note:
        """The note of a card skipped for `error` (at `where` when the error names no place)."""
        return cls(error.where or where, error.message, error.code, error.params)

    @classmethod
    def from_json(cls, data: dict) -> Note:
        return cls(data["where"], data["message"], data.get("code", ""), data.get("params", {}))

    def to_json(self) -> dict:
        return problem_json(self.where, self.message, self.code, self.params)

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


@dataclass
class Report:
    """The record of one import. `repaired` and `skipped` keep the first `MAX_NOTES` notes
    each; `repairs` and `skips` count them all."""

    limits: Limits = field(default_factory=Limits)
    encoding: str | None = None
    #: Why the encoding is not the one a deck file should have (`not-utf8`), if it is not.
    encoding_note: Note | None = None
    repaired: list[Note] = field(default_factory=list)
    skipped: list[Note] = field(default_factory=list)
    repairs: int = 0
    skips: int = 0
    cards: int = 0
    chars: int = 0
    cpu_seconds: float | None = None

    def repair(self, note: Note) -> None:
        self.repairs += 1
        if len(self.repaired) < MAX_NOTES:
            self.repaired.append(note)

    def skip(self, note: Note) -> None:
        self.skips += 1
        if len(self.skipped) < MAX_NOTES:
            self.skipped.append(note)

    def card_text(self, text: str, where: str) -> str:
        """Count one card's text against the limits; DeckError when it is too long (the card
        is skipped) or when the file holds too much (the file is refused)."""
        limits = self.limits
        if len(text) > limits.card_chars:
            raise DeckError(
                where,
                f"{len(text):,} characters, more than {limits.card_chars:,} a card",
                Problem.CARD_TOO_LONG,
                chars=len(text),
                most=limits.card_chars,
            )
        self.cards += 1
        self.chars += len(text)
        if self.cards > limits.cards:
            raise DeckError(
                "", f"more than {limits.cards:,} cards", Problem.TOO_MANY_CARDS, most=limits.cards
            )
        if self.chars > limits.total_chars:
            raise DeckError(
                "",
                f"more than {limits.total_chars:,} characters of cards",
                Problem.TOO_MUCH_TEXT,
                most=limits.total_chars,
            )
        return text

    def to_json(self) -> dict:
        return {
            "encoding": self.encoding,
            "encodingNote": self.encoding_note.to_json() if self.encoding_note else None,
            "repaired": [note.to_json() for note in self.repaired],
            "skipped": [note.to_json() for note in self.skipped],
            "repairs": self.repairs,
            "skips": self.skips,
        }

    @classmethod
    def from_json(cls, data: dict) -> Report:
        encoding_note = data.get("encodingNote")
        return cls(
            encoding=data.get("encoding"),
            encoding_note=Note.from_json(encoding_note) if encoding_note else None,
            repaired=[Note.from_json(note) for note in data.get("repaired", [])],
            skipped=[Note.from_json(note) for note in data.get("skipped", [])],
            repairs=data.get("repairs", 0),
            skips=data.get("skips", 0),
        )

    def lines(self) -> list[str]:
        """The report as lines of text, as `cardtable decks check` prints it."""
        out = []
        if self.encoding:
            said = f" ({self.encoding_note})" if self.encoding_note else ""
            out.append(f"encoding: {self.encoding}{said}")
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
