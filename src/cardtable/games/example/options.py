"""The options of High Card and its presets."""

from __future__ import annotations

from ...engine import Option, OptionSet, PresetNote

OPTIONS = OptionSet(
    (
        Option("handSize", "int", 5, "Cards in each hand", min=1, max=13),
        Option(
            "roundSeconds",
            "int",
            30,
            "Time per round (seconds)",
            group="Time",
            min=5,
            max=600,
            nullable=True,
            help="Time to choose a card; then whoever has not played plays their lowest. "
            "Empty: no limit.",
        ),
    ),
    presets={"default": {}, "quick": {"handSize": 3}},
    notes={
        "default": PresetNote("Standard", "Five cards each."),
        "quick": PresetNote("Quick", "Three cards each, for a short game."),
    },
)
