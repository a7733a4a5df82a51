"""Rows of chosen tables read out of an SQL dump's text, without executing anything.

Understands what dumps of a card database hold: `CREATE TABLE` (for column order),
`INSERT INTO t [(cols)] VALUES (...), (...)` and PostgreSQL's `COPY t (cols) FROM stdin`
blocks; every other statement is skipped. Strings are standard SQL ('' doubles a quote,
backslashes are plain), `E'...'` strings and COPY data take backslash escapes. Each row
comes with the line it starts on.

The tokenizer is linear: a comment, string or quoted name that is never closed is matched to
the end of the text once (not tried again at every later position) and refused there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..errors import DeckError, Problem

Row = tuple[int, dict[str, Any]]

_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
    | (?P<comment>--[^\n]*|/\*.*?(?:\*/|\Z))
    | (?P<estring>[eE]'(?:[^'\\]|\\.|'')*(?:'|\Z))
    | (?P<string>'(?:[^']|'')*(?:'|\Z))
    | (?P<dollar>\$(?P<tag>(?:[A-Za-z_]\w*)?)\$.*?(?:\$(?P=tag)\$|\Z))
    | (?P<quoted>"(?:[^"]|"")*(?:"|\Z)|`(?:[^`]|``)*(?:`|\Z))
    | (?P<number>-?[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?)
    | (?P<word>[A-Za-z_][\w$]*)
    | (?P<cast>::)
    | (?P<other>.)
    """,
    re.DOTALL | re.VERBOSE,
)
#: The same tokens, closed: what a token that reaches the end of the text must match.
_CLOSED = re.compile(
    r"""
    --[^\n]* | /\*.*\*/ | [eE]'(?:[^'\\]|\\.|'')*' | '(?:[^']|'')*'
    | \$(?P<tag>(?:[A-Za-z_]\w*)?)\$.*\$(?P=tag)\$ | "(?:[^"]|"")*" | `(?:[^`]|``)*`
    """,
    re.DOTALL | re.VERBOSE,
)
_OPENED = {"comment", "estring", "string", "dollar", "quoted"}
_ESCAPE = re.compile(r"\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)", re.DOTALL)
_ESCAPES = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}
_NOT_COLUMNS = {"CONSTRAINT", "PRIMARY", "FOREIGN", "UNIQUE", "CHECK", "KEY", "INDEX", "EXCLUDE"}


def _syntax(line: int, message: str) -> DeckError:
    return DeckError(f"line {line}", message, Problem.SQL_SYNTAX)


def _row_size(line: int, values: list, columns: list[str]) -> DeckError:
    message = f"the row has {len(values)} values for {len(columns)} columns"
    return DeckError(
        f"line {line}", message, Problem.SQL_ROW_SIZE, values=len(values), columns=len(columns)
    )


def _unescape(text: str) -> str:
    def one(match: re.Match) -> str:
        code = match.group(1)
        if code[0] == "x" and len(code) > 1:
            return chr(int(code[1:], 16))
        if code[0] in "01234567":
            return chr(int(code, 8))
        return _ESCAPES.get(code, code)

    return _ESCAPE.sub(one, text)


class _Tokens:
    """Significant tokens (kind, text, line) of the dump, and raw lines for COPY data."""

    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.line = 1
        self.peeked: tuple[str, str, int] | None = None

    def next(self) -> tuple[str, str, int] | None:
        if self.peeked is not None:
            token, self.peeked = self.peeked, None
            return token
        while self.pos < len(self.text):
            match = _TOKEN.match(self.text, self.pos)
            kind, value, line = match.lastgroup, match.group(), self.line
            self.pos = match.end()
            if self.pos == len(self.text) and kind in _OPENED and not _CLOSED.fullmatch(value):
                message = f"the file ends inside this {kind}"
                raise DeckError(f"line {line}", message, Problem.SQL_UNFINISHED)
            self.line += value.count("\n")
            if kind not in ("space", "comment"):
                return kind, value, line
        return None

    def peek(self) -> tuple[str, str, int] | None:
        if self.peeked is None:
            self.peeked = self.next()
        return self.peeked

    def expect(self, text: str, what: str) -> tuple[str, str, int]:
        token = self.next()
        if token is None or token[1].upper() != text:
            raise _syntax(token[2] if token else self.line, f"expected {what}")
        return token

    def skip_statement(self) -> None:
        while (token := self.next()) is not None and token[1] != ";":
            pass

    def raw_lines(self) -> list[tuple[int, str]]:
        """The lines after the current one, up to a line `\\.` (COPY ... FROM stdin data)."""
        lines = []
        newline = self.text.find("\n", self.pos)
        while newline >= 0:
            self.line += 1
            start = newline + 1
            newline = self.text.find("\n", start)
            self.pos = newline if newline >= 0 else len(self.text)
            line = self.text[start : self.pos].rstrip("\r")
            if line == "\\.":
                return lines
            lines.append((self.line, line))
        message = "COPY data does not end with a line \\."
        raise DeckError(f"line {self.line}", message, Problem.SQL_UNFINISHED)


def _name(token: tuple[str, str, int] | None, what: str, line: int) -> str:
    if token is None or token[0] not in ("word", "quoted"):
        raise _syntax(token[2] if token else line, f"expected {what}")
    kind, text, _ = token
    return (text[1:-1].replace(text[0] * 2, text[0]) if kind == "quoted" else text).lower()


def _table(tokens: _Tokens, line: int) -> str:
    """A table name, possibly qualified (`public.black_cards`): its last part."""
    name = _name(tokens.next(), "a table name", line)
    while (token := tokens.peek()) is not None and token[1] == ".":
        tokens.next()
        name = _name(tokens.next(), "a table name", line)
    return name


def _column_list(tokens: _Tokens, line: int) -> list[str] | None:
    token = tokens.peek()
    if token is None or token[1] != "(":
        return None
    tokens.next()
    names = [_name(tokens.next(), "a column name", line)]
    while (token := tokens.next()) is not None and token[1] == ",":
        names.append(_name(tokens.next(), "a column name", line))
    if token is None or token[1] != ")":
        raise _syntax(token[2] if token else line, "expected ) after the columns")
    return names


def _number(text: str, line: int) -> int | float:
    try:
        return float(text) if any(c in text for c in ".eE") else int(text)
    except ValueError:
        raise _syntax(line, f"number {text[:20]}... is too long") from None


def _value(tokens: _Tokens, line: int) -> Any:
    token = tokens.next()
    if token is None:
        raise DeckError(f"line {line}", "the file ends inside a row", Problem.SQL_UNFINISHED)
    kind, text, at = token
    if kind == "string":
        value: Any = text[1:-1].replace("''", "'")
    elif kind == "estring":
        value = _unescape(text[2:-1].replace("''", "'"))
    elif kind == "number":
        value = _number(text, at)
    elif kind == "word" and text.upper() in ("NULL", "TRUE", "FALSE"):
        value = {"NULL": None, "TRUE": True, "FALSE": False}[text.upper()]
    else:
        raise _syntax(at, f"unexpected {text!r} in a row of values")
    while (token := tokens.peek()) is not None and token[0] == "cast":
        tokens.next()
        _name(tokens.next(), "a type after ::", at)
        while (token := tokens.peek()) is not None and token[0] == "word":
            tokens.next()
    return value


def _rows(tokens: _Tokens, columns: list[str], line: int) -> Iterator[Row]:
    while True:
        start = tokens.expect("(", "( to open a row")[2]
        values = [_value(tokens, start)]
        while (token := tokens.next()) is not None and token[1] == ",":
            values.append(_value(tokens, start))
        if token is None or token[1] != ")":
            raise _syntax(token[2] if token else start, "expected ) to close the row")
        if len(values) != len(columns):
            raise _row_size(start, values, columns)
        yield start, dict(zip(columns, values, strict=True))
        token = tokens.peek()
        if token is None or token[1] != ",":
            tokens.skip_statement()
            return
        tokens.next()


def _copy_rows(lines: list[tuple[int, str]], columns: list[str]) -> Iterator[Row]:
    for line, text in lines:
        values = [None if field == "\\N" else _unescape(field) for field in text.split("\t")]
        if len(values) != len(columns):
            raise _row_size(line, values, columns)
        yield line, dict(zip(columns, values, strict=True))


def _create_columns(tokens: _Tokens, line: int) -> list[str]:
    """Column names of a `CREATE TABLE t (...)` body, up to the end of the statement."""
    names: list[str] = []
    if (token := tokens.next()) is None or token[1] != "(":
        tokens.skip_statement()
        return names
    depth, first = 1, True
    while depth and (token := tokens.next()) is not None:
        if token[1] in ("(", ")"):
            depth += 1 if token[1] == "(" else -1
        elif depth == 1 and token[1] == ",":
            first = True
        elif first and depth == 1:
            first = False
            if token[1].upper() not in _NOT_COLUMNS:
                names.append(_name(token, "a column name", line))
    tokens.skip_statement()
    return names


def read_tables(text: str, defaults: dict[str, tuple[str, ...]]) -> dict[str, list[Row]]:
    """Rows of the tables named in `defaults` (table -> column order without a CREATE TABLE)."""
    tokens = _Tokens(text)
    order = {table: list(columns) for table, columns in defaults.items()}
    found: dict[str, list[Row]] = {}
    while (token := tokens.next()) is not None:
        word, line = token[1].upper(), token[2]
        if word == "CREATE" and (after := tokens.peek()) and after[1].upper() == "TABLE":
            tokens.next()
            while (after := tokens.peek()) and after[1].upper() in ("IF", "NOT", "EXISTS"):
                tokens.next()
            table = _table(tokens, line)
            columns = _create_columns(tokens, line)
            if table in order and columns:
                order[table] = columns
        elif word == "INSERT":
            while (after := tokens.next()) is not None and after[1].upper() != "INTO":
                pass
            table = _table(tokens, line)
            if table not in order:
                tokens.skip_statement()
                continue
            columns = _column_list(tokens, line) or order[table]
            tokens.expect("VALUES", "VALUES")
            found.setdefault(table, []).extend(_rows(tokens, columns, line))
        elif word == "COPY":
            table = _table(tokens, line)
            columns = _column_list(tokens, line) or order.get(table, [])
            source = [tokens.next(), tokens.next()]
            tokens.skip_statement()
            if [t[1].upper() if t else "" for t in source] != ["FROM", "STDIN"]:
                continue
            lines = tokens.raw_lines()
            if table in order:
                found.setdefault(table, []).extend(_copy_rows(lines, columns))
        elif token[1] != ";":
            tokens.skip_statement()
    return found
