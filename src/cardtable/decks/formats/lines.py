"""One card per line, as typed by hand or pasted into Many Decks' plain-text import.

The fallback for text that no other format recognises (it has no content test of its own).

A line with a `_` run is a call (each run one slot); a line without one that ends with `?` or
`:` is a question, a call with its slot appended; any other line is a response. A `kind`
hint makes every line that kind instead: "black" turns every blank-less line (ending in `.`
too) into a call with a slot appended, "white" keeps underscores as text. Blank lines are
skipped; the format has no comments, so a line starting with `#` ("#hashtag") is a card,
except `# Licence: ...`-style lines at the top of the file (`licence.HEADER_FIELD`). A
literal `\\n` in a line is a line break. Many Decks itself makes `__` two slots; here a run
of underscores is one blank, like every other format.
"""

from __future__ import annotations

from ..licence import HEADER_FIELD
from ..model import Call, Deck, Response
from .base import Format, Hints, Kind
from .cards import call_from_text, each, make_deck, make_response

QUESTION_ENDS = ("?", ":")


def kind_of_line(card: str, hint: Kind | None) -> Kind:
    """What a line is: the hint, else a call when it has a blank or asks a question."""
    if hint is not None:
        return hint
    return "call" if "_" in card or card.endswith(QUESTION_ENDS) else "response"


def _card(card: str, where: str, hint: Kind | None) -> Call | Response:
    if kind_of_line(card, hint) == "call":
        return call_from_text(card, where, text_field=None)
    return make_response(card, where)


def read_lines(text: str, hints: Hints) -> Deck:
    found = [
        (f"line {number}", line.strip().replace("\\n", "\n"))
        for number, line in enumerate(text.split("\n"), 1)
        if line.strip()
    ]
    while found and found[0][1].startswith("#") and HEADER_FIELD.fullmatch(found[0][1]):
        found.pop(0)
    cards = each(found, lambda card, where: _card(card, where, hints.kind))
    calls = [card for card in cards if isinstance(card, Call)]
    responses = [card for card in cards if isinstance(card, Response)]
    return make_deck("lines", hints, calls, responses)


FORMATS = (
    Format(
        "lines",
        "text",
        "one card per line: a line with _ or ending in ? or : is a call, any other a response",
        read_lines,
    ),
)
