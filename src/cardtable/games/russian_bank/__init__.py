"""Russian Bank (Crapette), game id `russian-bank`: rules/russian_bank.md RB-1 to RB-22.

Modules: options, state (the state, its phases, how deals end, and clone), cards (the two
packs, building tests), piles (pile ids), deals (dealing, the match and its result), building
(available cards, where they may go), order (order of play and its errors), turns (carrying out
plays), stops (the law of stops), watch (draw detection), scoring, legal (who acts, what they
may do), actions (check, then apply), timers (the time per move), views, position (a deal
built from its piles, for tests), game (the engine contract).
"""

from .game import RussianBank

GAME = RussianBank()

__all__ = ["GAME", "RussianBank"]
