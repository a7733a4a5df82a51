"""The DigiPen Against Humanity fixed-width text format (`black.txt`, `white.txt`, `DPAH.txt`).

A card line is: columns 0-2 the tag, right-aligned (`*` is "general", else CS, GD, BFA or
another code); column 5 `-` or a pick digit on a black card and a space on a white one;
column 8 onwards the text, with `_` runs as blanks, `*italic*` as the Em style and
`` `code` `` as plain text (see `markup.py`). A line that is not a card is skipped and reported.

Which cards are black: a file that has a section line `BLACK` or `WHITE` (one upper-case
word at column 0, as in `DPAH.txt`) is a combined file, whose sections say it: cards are read
only from its BLACK and WHITE sections, and other sections (legend, ideas) are skipped.
Otherwise a `kind` hint makes every line that kind (and checks column 5 agrees); without one,
column 5 says it line by line. Ruler lines of `=` or `-` and blank lines are skipped everywhere.

Pick: `-` means the card prints no PICK label, so pick is its number of blanks (at least 1);
a digit is the pick, and 3 is printed "DRAW 2, PICK 3", so it draws 2.
"""

from __future__ import annotations

import re

from ..errors import DeckError, Problem
from ..model import Call, Deck, Response
from .base import Format, Hints, Kind
from .cards import call_from_text, each, make_deck, make_response

_CARD = re.compile(r"(?P<tag>[ *A-Za-z]{3})  (?P<mark>[-0-9 ])  (?P<text>\S.*)")
_SECTION = re.compile(r"[A-Z]+\s*")
_RULER = re.compile(r"\s*(?:=+|-+)\s*")
_SECTIONS: dict[str, Kind] = {"BLACK": "call", "WHITE": "response"}


def _card(line: str, where: str, kind: Kind | None) -> Call | Response:
    match = _CARD.fullmatch(line)
    tag = match.group("tag").strip() if match else ""
    if not match or match.group("tag") != tag.rjust(3) or not (tag == "*" or tag.isalpha()):
        message = "expected a tag in columns 0-2, a mark in column 5, text from 8"
        raise DeckError(where, message, Problem.NOT_DIGIPEN_LINE)
    mark, text = match.group("mark"), match.group("text")
    tags = ("general" if tag == "*" else tag,)
    if kind is None:
        kind = "response" if mark == " " else "call"
    if kind == "response":
        if mark != " ":
            message = "a white card has nothing in column 5"
            raise DeckError(where, message, Problem.MARK_ON_WHITE_CARD)
        return make_response(text, where, tags=tags, markup=True)
    if mark == " ":
        message = "a black card has - or its pick in column 5"
        raise DeckError(where, message, Problem.NO_MARK_ON_BLACK_CARD)
    pick = None if mark == "-" else int(mark)
    draw = 2 if pick == 3 else 0
    return call_from_text(
        text, where, text_field=None, pick=pick, draw=draw, tags=tags, markup=True
    )


def _is_combined(lines: list[str]) -> bool:
    return any(line.strip() in _SECTIONS and _SECTION.fullmatch(line) for line in lines)


def _is_skipped(line: str) -> bool:
    return not line.strip() or _RULER.fullmatch(line) is not None


def read_digipen(text: str, hints: Hints) -> Deck:
    lines = text.split("\n")
    combined = _is_combined(lines)
    section: Kind | None = None
    found = []
    for number, line in enumerate(lines, 1):
        if _is_skipped(line):
            continue
        if combined and _SECTION.fullmatch(line):
            section = _SECTIONS.get(line.strip())
            continue
        if combined and section is None:
            continue
        found.append((f"line {number}", (line.rstrip(), section if combined else hints.kind)))
    cards = each(found, lambda item, where: _card(item[0], where, item[1]))
    calls = [card for card in cards if isinstance(card, Call)]
    responses = [card for card in cards if isinstance(card, Response)]
    return make_deck("digipen", hints, calls, responses)


def looks_digipen(text: str) -> bool:
    """Card lines in the columns: most lines of a plain file, any line of a combined one.

    (Most, not all, so that a DigiPen file with a broken line is read with that line skipped
    and reported rather than read as one card per line.)
    """
    lines = text.split("\n")
    cards = [
        _CARD.fullmatch(line.rstrip()) is not None
        for line in lines
        if not _is_skipped(line) and not _SECTION.fullmatch(line)
    ]
    return any(cards) if _is_combined(lines) else sum(cards) > len(cards) / 2


FORMATS = (
    Format(
        "digipen",
        "text",
        "DigiPen Against Humanity fixed-width text (black.txt, white.txt or DPAH.txt)",
        read_digipen,
        looks_digipen,
    ),
)
