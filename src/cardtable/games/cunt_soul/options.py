"""The options of Cunt-Soul: the rule variants of CS-9, CS-32 and CS-48, the time per move,
and the dealer a rematch sets (CS-2)."""

from __future__ import annotations

from ...engine import Option, OptionSet

OPTIONS = OptionSet(
    [
        Option(
            "replenishAtEndOfTurn",
            "bool",
            False,
            "Refill hands at the end of the turn",
            "The authors' v1.2 timing instead of refilling after every play (CS-9).",
        ),
        Option(
            "fivePeek",
            "bool",
            False,
            "5-field: look before swapping",
            "Under a 5-field, look at the face-down card, then keep or swap it (v1.3, CS-32).",
        ),
        Option(
            "sixOverrideParadox",
            "bool",
            False,
            "Joker on an overruling 6 is a paradox",
            "v1.1: a Joker on a 6 that was played on a higher card burns the pile (CS-48).",
        ),
        Option(
            "turnSeconds",
            "int",
            60,
            "Time per move",
            "Seconds a player has to move. When they run out, the table plays for them. "
            "Empty: no limit.",
            group="Time",
            min=10,
            max=3600,
            nullable=True,
        ),
        Option(
            "dealer",
            "int",
            None,
            "Dealer seat",
            "Set by the table for a rematch: the previous sole-cunt deals (CS-2).",
            min=0,
            max=7,
            nullable=True,
            internal=True,
        ),
    ],
    presets={"default": {}},
)
