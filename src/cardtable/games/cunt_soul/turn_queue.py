"""Who moves next: the turn queue of CS-52, skips (CS-37), J choices (CS-40, CS-61) and
reversals (CS-42), and the recomputation the Joker's paradox test needs (CS-46)."""

from __future__ import annotations

from .state import State, Turn

SKIP, MOVE, REVERSE = "skip", "move", "reverse"


def is_active(state: State, seat: int) -> bool:
    return seat not in state.places


def active_seats(state: State) -> list[int]:
    return [seat for seat in range(state.seats) if seat not in state.places]


def advance(state: State, seat: int, steps: int, direction: int) -> int:
    """Move `steps` active players on from `seat` (which may itself have finished)."""
    seats, places = state.seats, state.places
    for _ in range(steps):
        seat = (seat + direction) % seats
        while seat in places:
            seat = (seat + direction) % seats
    return seat


def default_next(state: State, seat: int) -> int:
    return advance(state, seat, 1, state.direction)


def resolve(state: State, seat: int, direction: int, items) -> int:
    """[advance 1], then each skip or move in play order; reversals already set `direction`."""
    mover = advance(state, seat, 1, direction)
    for _, kind, amount in items:
        if kind == SKIP:
            mover = advance(state, mover, amount, direction)
        elif kind == MOVE:
            mover = amount
    return mover


def next_without(state: State, turn: Turn, serial: int) -> int:
    """Who would have moved after `turn` had the play `serial` had no turn-order effect."""
    direction = turn.direction
    kept = []
    for item in turn.items:
        if item[0] != serial:
            kept.append(item)
        elif item[1] == REVERSE and item[2] % 2:
            direction = -direction
    return resolve(state, turn.seat, direction, kept)


def choosable(state: State, seat: int) -> list[int]:
    """The players a J or the J-field may name: any other unfinished player."""
    return [other for other in active_seats(state) if other != seat]
