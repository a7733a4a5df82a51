"""CSH: The Card Game (seed 004): a club's card game with a card set of our own design.

Modules: `options`, `state` (the state, its phases, the reason a game ends), `catalog` (the
card data and its validation), `draft` (the setup: directorships and the deal), `catchup` (the
catch-up card of CSH-31), `deck` (building, drawing, the Election), `archive` (slots and
stacks), `effects` (the C.2 primitives), `stack` (the effect stack), `window` (the reaction
window, open to all seats at once, and the auto-pass preference), `flow` (turns and the end),
`legal` (who is to act and their legal actions), `actions` (check, then apply; the `auto-pass`
action any seat may send at any time), `timers` (deadlines and what a timeout does),
`position` (building a position from a description), `views`, `game` (the engine contract).
"""

from .game import Csh
from .position import position

GAME = Csh()

__all__ = ["GAME", "position"]
