"""The options of Russian Bank: the mode of RB-22, the option flags the rulings name (D5, D6,
D8, D10), the time per move (timers.py), and the match of RB-18 and D12, and the check
across them. Flag names are the rulings' own."""

from __future__ import annotations

from ...engine import Option, OptionSet, PresetNote
from ...engine.options import HOUSE_RULES

OPTIONS = (
    Option(  # RB-22; building errors are always refused (RB-14)
        "mode",
        "choice",
        "classic",
        "Mistakes",
        choices=("classic", "assisted"),
        choice_labels=("Classic", "Assisted"),
        help="Classic: a play out of order is allowed, and your opponent may call Stop! to "
        "take the turn. Assisted: plays out of order are refused. A card that does not "
        "build is always refused.",
    ),
    Option(  # D5
        "strictStockToCentreFirst",
        "bool",
        False,
        "Stock to the centre first",
        group=HOUSE_RULES,
        help="When the top card of your stock can go to the centre, it must go there before "
        "any other play.",
    ),
    Option(  # D6
        "stockFillsSpaces",
        "bool",
        False,
        "Stock fills spaces",
        group=HOUSE_RULES,
        help="The face-up top card of your stock must fill an empty layout pile before your "
        "hand does.",
    ),
    Option(  # D8
        "ownWasteAvailable",
        "bool",
        False,
        "Play from your own discard pile",
        group=HOUSE_RULES,
        help="The top card of your own discard pile may be played like any available card.",
    ),
    Option(  # D10
        "stalemateDifferenceScoring",
        "bool",
        False,
        "Score a stalemate",
        group=HOUSE_RULES,
        help="When a deal is drawn, the player with fewer cards left scores the difference.",
    ),
    Option(
        "turnSeconds",
        "int",
        60,
        "Time per move (seconds)",
        group="Time",
        min=10,
        max=3600,
        nullable=True,
        help="When it runs out, the table plays for the player. Empty: no limit.",
    ),
    Option(  # RB-18
        "deals",
        "int",
        1,
        "Deals",
        group="Match",
        min=1,
        max=20,
        help="A match of this many deals; the points of each deal add up.",
    ),
    Option(  # D12
        "target",
        "int",
        None,
        "Target score",
        group="Match",
        min=1,
        max=10000,
        nullable=True,
        help="The match also ends when a player reaches this total (300 is usual). Needs "
        "more than one deal.",
    ),
)

OPTION_SET = OptionSet(
    OPTIONS,
    presets={
        "default": {},
        "assisted": {"mode": "assisted"},
        "match": {"deals": 4},
    },
    notes={
        "default": PresetNote("Classic", "One deal; a play out of order may be caught with Stop!"),
        "assisted": PresetNote(
            "Assisted", "One deal; plays out of order are refused, so nobody calls Stop!"
        ),
        "match": PresetNote(
            "A match of four deals", "Classic rules; the points of each deal add up."
        ),
    },
)


def check_options(options: dict) -> None:
    """Raise ValueError for resolved options that do not go together."""
    if options["target"] is not None and options["deals"] == 1:
        raise ValueError("a target score needs a match of more than one deal")
