"""The problems a deck file can have: their stable codes, and the error every reader raises.

Each problem has a `Problem` code, the plain values a sentence about it needs (`params`: counts,
a field's name, an id, a limit) and an English `message` for the command line and the logs;
the site shows the sentence its catalogue has for the code (`deck.problem.<code>`), in the
reader's language. `where` names the line (`line 12`) or the field (`calls[3].pick`) of the
problem, "" for the whole file; `place()` says which, for a client to put it in words. The
checks and errors several readers share are here too.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any

Params = dict[str, str | int]


class Problem(StrEnum):
    """Every code a deck refusal or an import note carries, with the names of its params (the
    placeholders of its sentence in every catalogue)."""

    params: frozenset[str]

    def __new__(cls, value: str, *params: str) -> Problem:
        member = str.__new__(cls, value)
        member._value_ = value
        member.params = frozenset(params)
        return member

    # The file as a whole.
    BAD_DECK = "bad-deck"  # no more specific code (the command line's own refusals)
    EMPTY = "empty"
    TOO_LARGE = "too-large", "most"
    UNREADABLE = "unreadable"
    NOT_TEXT = "not-text"
    NOT_UTF8 = "not-utf8", "byte"
    BAD_JSON = "bad-json"
    UNKNOWN_FORMAT = "unknown-format"
    NO_SUCH_FORMAT = "no-such-format", "name"
    NOT_NATIVE = "not-native"
    UNKNOWN_VERSION = "unknown-version"
    NO_CARDS = "no-cards"
    NO_USABLE_CARD = "no-usable-card", "count"
    # Limits on what one file may hold, and on reading it.
    TOO_MANY_CARDS = "too-many-cards", "most"
    TOO_MUCH_TEXT = "too-much-text", "most"
    CPU_LIMIT = "cpu-limit", "seconds"
    MEMORY_LIMIT = "memory-limit", "mib"
    TOO_SLOW = "too-slow", "seconds"
    READER_FAILED = "reader-failed"
    # The shape of a value.
    NOT_OBJECT = "not-object"
    NOT_LIST = "not-list"
    NOT_STRING = "not-string"
    NOT_STRING_LIST = "not-string-list"
    NOT_TEXT_OR_OBJECT = "not-text-or-object"
    NOT_BOOLEAN = "not-boolean"
    NOT_PUBLIC = "not-public"
    BLANK_TEXT = "blank-text"
    NOT_ONE_OF = "not-one-of", "field", "allowed"
    NUMBER_RANGE = "number-range", "field", "low", "high"
    NOT_WHOLE_NUMBER = "not-whole-number", "field"
    MISSING_FIELD = "missing-field", "field"
    UNKNOWN_KEY = "unknown-key", "key"
    # A card.
    CARD_TOO_LONG = "card-too-long", "chars", "most"
    UNKNOWN_KIND = "unknown-kind"
    NO_BLANK = "no-blank"
    TOO_MANY_BLANKS = "too-many-blanks", "blanks", "most"
    PICK_MISMATCH = "pick-mismatch", "pick", "blanks"
    PICK_1_SEVERAL_BLANKS = "pick-1-several-blanks", "blanks"
    BAD_PARTS = "bad-parts"
    BAD_STYLED_TEXT = "bad-styled-text"
    BAD_SLOT_INDEX = "bad-slot-index"
    # References between the parts of a file.
    BAD_INDEX = "bad-index", "count"
    UNKNOWN_CARD_ID = "unknown-card-id"
    UNKNOWN_PACK = "unknown-pack"
    NO_CARD = "no-card", "id"
    NO_CARD_SET = "no-card-set", "id"
    DUPLICATE_ID = "duplicate-id", "table", "id"
    # One format's own rules.
    NOT_DIGIPEN_LINE = "not-digipen-line"
    MARK_ON_WHITE_CARD = "mark-on-white-card"
    NO_MARK_ON_BLACK_CARD = "no-mark-on-black-card"
    BAD_CSV = "bad-csv"
    BAD_COLUMNS = "bad-columns", "item"
    NO_SUCH_COLUMN = "no-such-column", "column", "field"
    NO_TEXT_COLUMN = "no-text-column"
    NO_KIND_COLUMN = "no-kind-column"
    SQL_SYNTAX = "sql-syntax"
    SQL_UNFINISHED = "sql-unfinished"
    SQL_ROW_SIZE = "sql-row-size", "values", "columns"
    NO_CARD_TABLES = "no-card-tables"
    BAD_SQLITE = "bad-sqlite"
    COMPUTED_TABLE = "computed-table"


#: Problems that refuse the whole file even when found in one card (a card is skipped for any
#: other): the limits on what a file may hold.
FILE_LIMITS = frozenset({Problem.TOO_MANY_CARDS, Problem.TOO_MUCH_TEXT})

_LINE = re.compile(r"line ([0-9]+)")


def place(where: str) -> dict[str, str | int] | None:
    """`{"line": 12}` for "line 12", `{"field": "calls[3].pick"}` for a field, None for ""."""
    if not where:
        return None
    line = _LINE.fullmatch(where)
    return {"line": int(line.group(1))} if line else {"field": where}


def checked(code: Problem, params: Params) -> Params:
    """`params`, when they are exactly the ones `code` names (a reader's own mistake if not)."""
    if set(params) != code.params:
        raise TypeError(f"{code} takes params {sorted(code.params)}, not {sorted(params)}")
    return params


def problem_json(where: str, message: str, code: str, params: Params) -> dict[str, Any]:
    """A problem as the API sends it: code and params for the sentence, where and its place,
    and the English message."""
    return {
        "code": code,
        "params": dict(params),
        "where": where,
        "at": place(where),
        "message": message,
    }


class DeckError(ValueError):
    """A deck file, or a card of it, that cannot be read: where, what (in English), the
    `Problem` code and the values a sentence about it needs (`params`)."""

    def __init__(self, where: str, message: str, code: str = Problem.BAD_DECK, **params: str | int):
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message
        self.code = Problem(code)
        self.params: Params = checked(self.code, params)

    def to_json(self) -> dict[str, Any]:
        return problem_json(self.where, self.message, self.code, self.params)


def expect_int(value: Any, where: str, low: int, high: int, name: str) -> int:
    """A whole number from `low` to `high`; `name` is the field's (a line has no field names)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        message = f"{name} must be a whole number from {low} to {high}"
        raise DeckError(where, message, Problem.NUMBER_RANGE, field=name, low=low, high=high)
    return value


def not_whole_number(where: str, name: str) -> DeckError:
    """The field `name` (at `where`) holds no whole number."""
    message = f"{name} must be a whole number"
    return DeckError(where, message, Problem.NOT_WHOLE_NUMBER, field=name)


def not_one_of(where: str, name: str, allowed: tuple[str, ...]) -> DeckError:
    """`name` (the field at `where`) holds none of the `allowed` values."""
    choices = ", ".join(allowed)
    return DeckError(
        where, f"{name} must be one of {choices}", Problem.NOT_ONE_OF, field=name, allowed=choices
    )


def pick_mismatch(where: str, pick: int, blanks: int) -> DeckError:
    """A call whose `pick` cannot be its number of blanks."""
    message = f"pick is {pick} but the text has {blanks} blanks"
    return DeckError(where, message, Problem.PICK_MISMATCH, pick=pick, blanks=blanks)
