"""The options of Cunt-Soul: the rule variants of CS-9, CS-32 and CS-48, the time per move,
and the dealer a rematch sets (CS-2)."""

from __future__ import annotations

from ...engine import Option, OptionSet, PresetNote
from ...engine.options import HOUSE_RULES

OPTIONS = OptionSet(
    [
        Option(  # CS-9
            "replenishAtEndOfTurn",
            "bool",
            False,
            "Refill hands at the end of the turn",
            "Draw back up once your turn is over, as an earlier version of the authors' "
            "rules had it, instead of after every play.",
            group=HOUSE_RULES,
        ),
        Option(  # CS-32 (v1.3)
            "fivePeek",
            "bool",
            False,
            "On a 5, look before swapping",
            "When a 5 is the field card, look at your face-down card first, then keep it "
            "or swap it.",
            group=HOUSE_RULES,
        ),
        Option(  # CS-48 (v1.1)
            "sixOverrideParadox",
            "bool",
            False,
            "A Joker on an overruling 6 burns the pile",
            "A Joker played on a 6 that was itself played on a higher card is a paradox: "
            "the pile burns.",
            group=HOUSE_RULES,
        ),
        Option(
            "turnSeconds",
            "int",
            60,
            "Time per move (seconds)",
            "When it runs out, the table plays for the player. Empty: no limit.",
            group="Time",
            min=10,
            max=3600,
            nullable=True,
        ),
        Option(  # CS-2
            "dealer",
            "int",
            None,
            "Dealer",
            "Set by the table for a rematch: the loser of the last game deals.",
            min=0,
            max=7,
            nullable=True,
            internal=True,
            seat=True,
        ),
    ],
    presets={"default": {}},
    notes={
        "default": PresetNote(
            "Standard", "The authors' latest rules, with a minute for each move."
        ),
    },
)
