"""The options of Russian Bank: the mode of RB-22, the option flags the rulings name (D5, D6,
D8, D10), the time per move (timers.py), and the match of RB-18 and D12, and the check
across them. Flag names are the rulings' own."""

from __future__ import annotations

from ...engine import Option, OptionSet

OPTIONS = (
    Option(
        "mode",
        "choice",
        "classic",
        "Mode",
        choices=("classic", "assisted"),
        help="RB-22: classic allows order-of-play errors and lets the opponent call Stop; "
        "assisted refuses them. Building errors are always refused (RB-14).",
    ),
    Option(
        "strictStockToCentreFirst",
        "bool",
        False,
        "Stock to the centre first",
        help="D5: when the stock top can go to the centre it must go before any other play.",
    ),
    Option(
        "stockFillsSpaces",
        "bool",
        False,
        "Stock fills spaces",
        help="D6: the face-up stock top must fill an empty layout pile before the hand.",
    ),
    Option(
        "ownWasteAvailable",
        "bool",
        False,
        "Own discard top playable",
        help="D8: the top card of your own discard pile is an available card.",
    ),
    Option(
        "stalemateDifferenceScoring",
        "bool",
        False,
        "Score a stalemate",
        help="D10: in a drawn deal the player with the lower count scores the difference.",
    ),
    Option(
        "turnSeconds",
        "int",
        60,
        "Time per move",
        group="Time",
        min=10,
        max=3600,
        nullable=True,
        help="Seconds a player has to move. When they run out, the table plays for them. "
        "Empty: no limit.",
    ),
    Option(
        "deals",
        "int",
        1,
        "Deals",
        group="Match",
        min=1,
        max=20,
        help="RB-18: a match of this many deals, for so much a point.",
    ),
    Option(
        "target",
        "int",
        None,
        "Target score",
        group="Match",
        min=1,
        max=10000,
        nullable=True,
        help="D12: the match also ends when a player reaches this total (300 is usual).",
    ),
)

OPTION_SET = OptionSet(
    OPTIONS,
    presets={
        "default": {},
        "assisted": {"mode": "assisted"},
        "match": {"deals": 4},
    },
)


def check_options(options: dict) -> None:
    """Raise ValueError for resolved options that do not go together."""
    if options["target"] is not None and options["deals"] == 1:
        raise ValueError("a target score needs a match of more than one deal")
