"""Ending a game that has stopped moving. The rulings are silent here, so this is our rule.

Under a Joker-field no 10 burns and no 2 resets the pile, so it can go round and round between
players; with a 10-field burned cards go back under the source, and a player can burn, draw
them back and burn again for ever (each burn earning another turn). Progress is a card leaving
the game, a player finishing, or the source getting smaller than it has ever been. After
`STALEMATE_TURNS` turns without progress the game ends: the players still in are placed after
the finishers by the cards they still hold (hand, face-up and face-down), fewest first; equal
counts share a place. The sole-cunt is the one holding most, if one alone does.
"""

from __future__ import annotations

from ...engine import everyone
from .state import Phase, State
from .turn_queue import active_seats

STALEMATE_TURNS = 500


def progress(state: State) -> None:
    state.quiet = 0


def note_source(state: State) -> None:
    """A source smaller than ever before is progress."""
    if len(state.source) < state.source_low:
        state.source_low = len(state.source)
        state.quiet = 0


def cards_held(state: State, seat: int) -> int:
    return (
        len(state.hands[seat])
        + sum(card is not None for card in state.face_up[seat])
        + sum(card is not None for card in state.face_down[seat])
    )


def stalled(state: State) -> bool:
    return state.quiet >= STALEMATE_TURNS


def end_in_stalemate(state: State, events: list) -> None:
    held: dict[int, list[int]] = {}
    for seat in active_seats(state):
        held.setdefault(cards_held(state, seat), []).append(seat)
    state.stalemate = [held[count] for count in sorted(held)]
    state.phase = Phase.OVER
    events.append(everyone("game-ended", order=list(state.places), stalemate=state.stalemate))
