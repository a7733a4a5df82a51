"""The round's time limit (`roundSeconds`) and what its timeout plays: the lowest card of
each seat that has not chosen. The timeout is the engine's default table action
(`Game.timeout_actions`): {"type": "timeout"} whenever a deadline is set."""

from __future__ import annotations

from .rounds import strength
from .state import Phase, State


def deadline(state: State) -> float | None:
    seconds = state.options["roundSeconds"]
    if state.phase is not Phase.CHOOSING or seconds is None:
        return None
    return state.since + seconds


def lowest_cards(state: State) -> list[tuple[int, int]]:
    """(seat, card) for each seat still to choose: its lowest card."""
    return [
        (seat, min(state.hands[seat], key=lambda card: strength(state, card)))
        for seat, card in enumerate(state.chosen)
        if card is None
    ]
