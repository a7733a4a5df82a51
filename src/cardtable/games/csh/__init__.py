"""CSH: The Card Game (seed 004): a club's card game with a card set of our own design.

Modules: `catalog` (the card data and its validation), `state`, `archive` (slots and stacks),
`deck` (building, drawing, the Election), `effects` (the C.2 primitives), `stack` (the effect
stack), `window` (the reaction window, open to all seats at once, and the auto-pass
preference), `flow` (turns and the end), `draft` (directorships and the deal), `moves` (legal
actions and their validation, and the `auto-pass` action any seat may send at any time),
`views`, `options`, `game`.
"""

from .game import Csh

GAME = Csh()

__all__ = ["GAME"]
