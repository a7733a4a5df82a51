"""JSON5 (Massive Decks' `*.deck.json5`) read in one linear pass: rewritten as JSON, then
parsed by the standard library's C parser.

One regular expression walks the text token by token: comments go, unquoted keys and
single-quoted strings are quoted, JSON5 escapes and numbers (hex, leading `+` or `.`, trailing
`.`) are rewritten, and trailing commas are dropped. Every token is matched once, so the work
is linear in the text; an unterminated comment or string ends the scan with an error.
"""

from __future__ import annotations

import json
import re
from typing import Any

_TOKEN = re.compile(
    r"""
    (?P<space>[\s\ufeff]+)
    | (?P<comment>//[^\n]*|/\*.*?(?:\*/|\Z))
    | (?P<string>"(?:[^"\\\n]|\\(?:\r\n|.|\n))*"|'(?:[^'\\\n]|\\(?:\r\n|.|\n))*')
    | (?P<punct>[{}\[\]:,])
    | (?P<number>[+-]?(?:0[xX][0-9a-fA-F]+|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?
                     |Infinity|NaN))
    | (?P<word>[A-Za-z_$][\w$]*)
    """,
    re.DOTALL | re.VERBOSE,
)
_ESCAPE = re.compile(r"\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|(\r\n|.|\n))", re.DOTALL)
_SIMPLE = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "0": "\0"}
_LITERALS = {"true", "false", "null", "Infinity", "NaN"}


class JSON5Error(ValueError):
    """Text that is not JSON5, with the line it was found on."""

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


def _unescape(body: str) -> str:
    def one(match: re.Match) -> str:
        hex_code, unicode, other = match.groups()
        if hex_code or unicode:
            return chr(int(hex_code or unicode, 16))
        if other in ("\n", "\r\n", "\u2028", "\u2029"):
            return ""
        return _SIMPLE.get(other, other)

    return _ESCAPE.sub(one, body)


def _string(token: str) -> str:
    body = token[1:-1]
    if token[0] == '"' and "\\" not in body:
        return token
    return json.dumps(_unescape(body), ensure_ascii=False)


def _number(token: str) -> str:
    sign, digits = ("-", token[1:]) if token[0] == "-" else ("", token.lstrip("+"))
    if digits[:2] in ("0x", "0X"):
        return sign + str(int(digits, 16))
    if digits in ("Infinity", "NaN"):
        return sign + digits
    if digits.startswith("."):
        digits = "0" + digits
    return sign + digits.replace(".e", ".0e").replace(".E", ".0E").rstrip(".")


def to_json(text: str) -> str:
    """The JSON text of a JSON5 text; JSON5Error at the first token that is not JSON5."""
    out: list[str] = []
    position, end = 0, len(text)
    while position < end:
        match = _TOKEN.match(text, position)
        if match is None:
            raise JSON5Error(_line(text, position), f"unexpected {text[position]!r}")
        kind, token = match.lastgroup, match.group()
        if kind == "comment":
            if token.startswith("/*") and not token.endswith("*/"):
                raise JSON5Error(_line(text, position), "the comment is never closed")
        elif kind == "string":
            out.append(_string(token))
        elif kind == "punct":
            if token == "," and (not out or out[-1] in ("[", "{", ",", ":")):
                raise JSON5Error(_line(text, position), "a comma with no value before it")
            if token in "}]" and out and out[-1] == ",":
                out.pop()
            out.append(token)
        elif kind == "number":
            out.append(_number(token))
        elif kind == "word":
            out.append(token if token in _LITERALS else f'"{token}"')
        position = match.end()
    return "".join(out)


def loads(text: str) -> Any:
    """The value of a JSON5 text; JSON5Error (a ValueError) when it is not JSON5."""
    converted = to_json(text)
    try:
        return json.loads(converted, strict=False)
    except json.JSONDecodeError as error:
        raise JSON5Error(0, f"{error.msg} (in the text rewritten as JSON)") from None
    except ValueError as error:  # e.g. an integer too long to convert
        raise JSON5Error(0, str(error)) from None


def _line(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1
