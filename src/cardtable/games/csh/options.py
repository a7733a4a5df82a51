"""The table's settings for CSH: who takes which directorship (CSH-27), and the clocks."""

from __future__ import annotations

from ...engine import Option, OptionSet
from .catalog import CATALOG

DIRECTORSHIPS = tuple(d.id for d in CATALOG.directorships)

OPTIONS = OptionSet(
    [
        Option(
            "directorships",
            "multi",
            (),
            "Directorships",
            group="Players",
            choices=DIRECTORSHIPS,
            max_items=len(DIRECTORSHIPS),
            help="One per seat, in seat order, fixed by the table. Empty: the players "
            "choose, or they are drawn (see Draft).",
        ),
        Option(
            "draft",
            "choice",
            "choose",
            "Draft",
            group="Players",
            choices=("choose", "random"),
            help="When no directorships are fixed: the players choose one each in seat "
            "order as the first actions of the game, or they are drawn at random.",
        ),
        Option(
            "turnSeconds",
            "int",
            60,
            "Action timer",
            group="Timers",
            min=5,
            max=3600,
            nullable=True,
            help="Seconds for each action and each choice; on timeout a Draw Action, the "
            "first option, or the first directorship left. Empty: no timer.",
        ),
        Option(
            "reactionSeconds",
            "int",
            5,
            "Reaction timer",
            group="Timers",
            min=2,
            max=600,
            nullable=True,
            help="Seconds every reaction window stays open while a card is being played "
            "(all players at once; the same length whoever holds a Cancel); it closes "
            "sooner once everyone has answered, and on timeout the rest pass. Empty: no "
            "timer (the window closes when everyone has answered).",
        ),
    ],
    presets={"default": {}, "drawn": {"draft": "random"}},
)
