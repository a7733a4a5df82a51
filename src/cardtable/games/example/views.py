"""What each viewer sees: the table's public part, a seat's own part, and the secret part.

A seat sees its hand and the card it put down this round; everyone sees who has put a card
down, the scores and last round's cards; nobody sees the undealt cards."""

from __future__ import annotations

from .state import State
from .timers import deadline


def public_view(state: State) -> dict:
    return {
        "phase": state.phase.value,
        "round": state.round,
        "scores": list(state.scores),
        "handSizes": [len(hand) for hand in state.hands],
        "down": [card is not None for card in state.chosen],
        "lastRound": [state.cards[card].to_json() for card in state.last_round],
        "deadline": deadline(state),
    }


def seat_view(state: State, seat: int) -> dict:
    chosen = state.chosen[seat]
    return {
        "hand": [state.cards[card].to_json() for card in state.hands[seat]],
        "chosen": None if chosen is None else state.cards[chosen].to_json(),
    }


def secret_view(state: State) -> dict:
    return {"deck": [state.cards[card].to_json() for card in state.deck]}
