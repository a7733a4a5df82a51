"""Cards Against Humanity and its family: the presets `online` (default), `official` and
`digipen`, every ruling K1-K25 of rules/cah.md and the house rules, as one game `cah`."""

from .game import GAME

__all__ = ["GAME"]
