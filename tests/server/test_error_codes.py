"""Every error code the server sends is an `ErrorCode` (never a string literal where an error is
raised), and docs/protocol.md's table of codes is the enum's, generated from it.

`uv run python tests/server/test_error_codes.py --write` writes the table into the document.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import cardtable
from cardtable.table.errors import ErrorCode

PROTOCOL_DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
START = "<!-- error codes: generated from ErrorCode (tests/server/test_error_codes.py --write) -->"
END = "<!-- end of error codes -->"
SOURCE = Path(cardtable.__file__).parent
#: The calls that take an error code, and where it goes among their arguments.
RAISERS = {"TableError": 0, "IllegalAction": 0, "error_message": 0, "error_response": 1}


def code_table() -> str:
    rows = [f"| `{code}` | {code.meaning} |" for code in ErrorCode]
    return "\n".join(["| code | meaning |", "|---|---|", *rows])


def _documented(text: str) -> str:
    start, end = text.index(START) + len(START), text.index(END)
    return text[start:end].strip("\n")


def write() -> None:
    text = PROTOCOL_DOC.read_text()
    start, end = text.index(START) + len(START), text.index(END)
    PROTOCOL_DOC.write_text(text[:start] + "\n" + code_table() + "\n" + text[end:])


def test_the_protocol_document_lists_every_code_as_the_enum_does():
    assert _documented(PROTOCOL_DOC.read_text()) == code_table(), (
        "docs/protocol.md's error codes differ from ErrorCode: run "
        "`uv run python tests/server/test_error_codes.py --write`"
    )


def test_codes_are_distinct_and_each_says_what_it_means():
    assert len({code.value for code in ErrorCode}) == len(ErrorCode)
    assert all(code.meaning and code == code.value for code in ErrorCode)


def test_no_error_is_raised_with_a_literal_code():
    literal = []
    for layer in ("server", "table"):
        for path in sorted((SOURCE / layer).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if not isinstance(node, ast.Call):
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                at = RAISERS.get(name)
                if at is None or len(node.args) <= at:
                    continue
                if isinstance(node.args[at], ast.Constant | ast.JoinedStr):
                    literal.append(f"{path.relative_to(SOURCE)}:{node.lineno}")
    assert literal == []


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/server/test_error_codes.py --write")
    write()
