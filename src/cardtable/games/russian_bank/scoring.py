"""Points of a finished deal: a win (RB-18, F7), a resignation (RB-19, F8), a draw (RB-20, F9).

A seat's cards count 2 each in its stock, face up or not, and 1 each in its hand (the turned
card included) and discard pile.
"""

from __future__ import annotations

from .piles import DISCARD, HAND, STOCK, TURNED
from .state import State

WIN_BONUS = 30
FORFEIT = 20


def cards_owed(state: State, seat: int) -> int:
    piles = state.piles
    singles = len(piles[HAND[seat]]) + len(piles[TURNED[seat]]) + len(piles[DISCARD[seat]])
    return 2 * len(piles[STOCK[seat]]) + singles


def win_points(state: State, loser: int) -> int:
    """RB-18: 30 + 2 per card in the loser's stock + 1 per card in his hand and discards."""
    return WIN_BONUS + cards_owed(state, loser)


def resignation_points(state: State, resigner: int) -> int:
    """RB-19: the forfeit of 20 on top of what a lost game costs."""
    return FORFEIT + win_points(state, resigner)


def stalemate_points(state: State) -> list[int]:
    """RB-20: a drawn deal scores nothing; with D10 the lower count scores the difference."""
    points = [0, 0]
    if state.options["stalemateDifferenceScoring"]:
        owed = [cards_owed(state, 0), cards_owed(state, 1)]
        if owed[0] != owed[1]:
            lower = 0 if owed[0] < owed[1] else 1
            points[lower] = owed[1 - lower] - owed[lower]
    return points
