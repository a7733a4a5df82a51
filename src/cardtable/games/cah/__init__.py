"""Cards Against Humanity and its family: the presets `online` (default), `official` and
`digipen`, every ruling K1-K25 of rules/cah.md and the house rules, as one game `cah`.

Modules: options (and `Rules`, the resolved options), cards (the pool of cards), state (the
state, its phases and the reasons a game ends), setup, position (a position built from where
its cards are, for tests), legal, sampling (a legal action at random), actions (check, then
apply: round_actions, house, table and timers hold the checks and steps), rounds (the life of
a round), dealing (drawing cards), judging (scoring a round), standings (points, the end and
the result), timers (the clocks and their timeout), views, game (the engine contract).
"""

from .game import GAME, CahGame
from .position import position

__all__ = ["GAME", "CahGame", "position"]
