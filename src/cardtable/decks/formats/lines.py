"""One card per line, as typed by hand or pasted into Many Decks' plain-text import.

The fallback for text that no other format recognises (it has no content test of its own).

A line with a `_` run is a call (each run one slot), any other line a response. A `kind`
hint makes every line that kind instead: "black" turns blank-less lines into calls with a
slot appended, "white" keeps underscores as text. Blank lines and lines starting with `#`
are skipped; write `\\#` to start a card with `#`. Many Decks itself makes `__` two slots and
reads every line; here a run of underscores is one blank, like every other format.
"""

from __future__ import annotations

from ..model import Deck
from .base import Format, Hints
from .cards import call_from_text, make_deck, make_response


def read_lines(text: str, hints: Hints) -> Deck:
    calls, responses = [], []
    for number, line in enumerate(text.split("\n"), 1):
        card = line.strip()
        if not card or card.startswith("#"):
            continue
        if card.startswith("\\#"):
            card = card[1:]
        where = f"line {number}"
        kind = hints.kind or ("call" if "_" in card else "response")
        if kind == "call":
            calls.append(call_from_text(card, where, text_field=None))
        else:
            responses.append(make_response(card, where))
    return make_deck("lines", hints, calls, responses)


FORMATS = (
    Format(
        "lines",
        "text",
        "one card per line: a line with _ is a call, any other a response; # comments",
        read_lines,
    ),
)
