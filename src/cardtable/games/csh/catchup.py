"""The catch-up deal (docs/rules-csh.md CSH-31): once the starting player is known, the players
the turn order puts at a disadvantage draw more cards.

CSH-16 ends the game when the starting player's turn would begin, so when he draws the Election
himself he takes one turn more than everyone else; at two players he won 57.8% of games (65.2%
of those in which he drew it). The seed's end rule stands; this deal, a set-up step the seed
leaves room for, makes up for it: the second player in turn order always draws a sixth card; at
five players the last player does too (v2.3; the starting player did in v2.2, and the search
bots then put him above fair); at six the starting player does; and at seven or eight he draws
two, and the last player one (there they were the weakest, even with the starting player's one
card).
"""

from __future__ import annotations

from . import deck
from .state import State

# Turn position (0 is the starting player) -> the cards it draws on top of the deal's five, by
# player count: the ruling's table, measured count by count (docs/csh-cards.md).
CARDS_BY_POSITION: dict[int, dict[int, int]] = {
    2: {1: 1},
    3: {1: 1},
    4: {1: 1},
    5: {1: 1, 4: 1},
    6: {0: 1, 1: 1},
    7: {0: 2, 1: 1, 6: 1},
    8: {0: 2, 1: 1, 7: 1},
}


def cards_by_position(players: int) -> dict[int, int]:
    """The cards each catching-up turn position draws at this player count, on top of the five
    of the deal (0 is the starting player)."""
    return CARDS_BY_POSITION[players]


def deal(state: State) -> None:
    """Each catching-up player draws, in turn order from the starting player (CSH-31)."""
    for position, cards in cards_by_position(state.seats).items():
        deck.draw(state, (state.start + position) % state.seats, cards)
