"""Russian Bank (Crapette), game id `russian-bank`: rules/russian_bank.md RB-1 to RB-22.

Modules: cards (the two packs, building tests), piles (pile ids), state, deals (dealing, the
match), moves (available cards and building), order (order of play and its errors), turns
(carrying out plays), stops (the law of stops), watch (draw detection), scoring, actions
(legal and apply), timer (the time per move), views, options, game (the engine contract).
"""

from .game import RussianBank

GAME = RussianBank()

__all__ = ["GAME", "RussianBank"]
