"""The catch-up deal (docs/rules-csh.md CSH-31): once the starting player is known, the players
the turn order puts at a disadvantage draw one more card each.

CSH-16 ends the game when the starting player's turn would begin, so when he draws the Election
himself he takes one turn more than everyone else; at two players he won 57.8% of games (65.2%
of those in which he drew it). The seed's end rule stands; this deal, a set-up step the seed
leaves room for, makes up for it: the second player in turn order always draws a sixth card,
and at five players or more the starting player does too (there the first two positions were
measured the weakest).
"""

from __future__ import annotations

from . import deck
from .state import State

CATCH_UP_CARDS = 1  # what each catching-up player draws on top of the five of the deal
BOTH_FROM = 5  # from this many players on, the starting player catches up too


def positions(players: int) -> tuple[int, ...]:
    """The turn positions that catch up at this player count (0 is the starting player)."""
    return (0, 1) if players >= BOTH_FROM else (1,)


def deal(state: State) -> None:
    """Each catching-up player draws, in turn order from the starting player (CSH-31)."""
    seats = [(state.start + position) % state.seats for position in positions(state.seats)]
    for seat in seats:
        deck.draw(state, seat, CATCH_UP_CARDS)
