"""The options of High Card and its presets."""

from __future__ import annotations

from ...engine import Option, OptionSet

OPTIONS = OptionSet(
    (
        Option("handSize", "int", 5, "Cards in each hand", min=1, max=13),
        Option(
            "roundSeconds",
            "int",
            30,
            "Time per round",
            group="Time",
            min=5,
            max=600,
            nullable=True,
            help="Seconds to choose a card; then whoever has not plays their lowest. "
            "Empty: no limit.",
        ),
    ),
    presets={"default": {}, "quick": {"handSize": 3}},
)
