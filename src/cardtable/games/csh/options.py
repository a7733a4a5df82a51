"""The table's settings for CSH: who takes which directorship (CSH-27), and the clocks."""

from __future__ import annotations

from ...engine import Option, OptionSet, PresetNote
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
            choice_labels=tuple(d.name for d in CATALOG.directorships),
            max_items=len(DIRECTORSHIPS),
            help="Fix them for the table, one for each player: the first player takes the "
            "first one ticked in this list, the next player the next, and so on, so as many "
            "play as are ticked. None ticked: the players pick, or they are drawn (see Draft).",
        ),
        Option(
            "draft",
            "choice",
            "choose",
            "Draft",
            group="Players",
            choices=("choose", "random"),
            choice_labels=("The players choose", "Drawn at random"),
            help="When no directorships are fixed: the players choose one each, in turn, as "
            "the game begins, or they are drawn at random.",
        ),
        Option(
            "turnSeconds",
            "int",
            60,
            "Time per action (seconds)",
            group="Timers",
            min=5,
            max=3600,
            nullable=True,
            help="Time for each action and each choice. When it runs out, the player draws, "
            "or takes the first option or the first directorship left. Empty: no limit.",
        ),
        Option(
            "reactionSeconds",
            "int",
            5,
            "Time to react (seconds)",
            group="Timers",
            min=2,
            max=600,
            nullable=True,
            help="While a card is being played, everyone may answer it (with a Cancel, say) "
            "for this long, whatever they hold. It closes sooner once everyone has answered; "
            "when it runs out, the rest let it pass. Empty: no limit (it closes when "
            "everyone has answered).",
        ),
    ],
    presets={"default": {}, "drawn": {"draft": "random"}},
    notes={
        "default": PresetNote(
            "Players choose", "Each player picks a directorship, in turn, as the game begins."
        ),
        "drawn": PresetNote(
            "Drawn directorships", "Each player is dealt a directorship at random."
        ),
    },
)
