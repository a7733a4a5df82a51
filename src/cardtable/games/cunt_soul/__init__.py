"""Cunt-Soul (seed 002, rules/cunt_soul.md): a Shithead variant with an ability on every rank
and field cards that change the rules for everyone.

Modules: options, state (the state, its phases, decisions and the reasons a game ends), deal
(the deal, the opening selection and its reveal), legal (who acts, the legal actions), actions
(check, then apply: the moves in card_actions and choice_actions, their fields parsed in
checks), timers (the time per move, CS-69's timed choices and their defaults), views, game
(the engine contract). The rules: placement (what the pile accepts, B.4), resolution (how a
play resolves), runs, jokers, pile, fields, turns, turn_queue, zones, ranks, stalemate.
For bots and tests: determinize (a state one seat cannot tell from the real one) and position
(a state built from a short description).
"""

from .game import GAME
from .position import Laid, position

__all__ = ["GAME", "Laid", "position"]
