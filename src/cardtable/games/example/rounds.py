"""Scoring a round once every card is down, and the end of the game."""

from __future__ import annotations

from ...engine import everyone
from .state import Phase, Reason, State


def strength(state: State, card: int) -> int:
    """A card's rank with aces high: 2 is the lowest, an ace (rank 1) the highest."""
    rank = state.cards[card].rank
    return 14 if rank == 1 else rank


def score_round(state: State, events: list, now: float | None) -> None:
    """Turn the cards up; the single highest scores a point. Then the next round, or the end."""
    played = [card for card in state.chosen if card is not None]
    best = max(strength(state, card) for card in played)
    top = [
        seat
        for seat, card in enumerate(state.chosen)
        if card is not None and strength(state, card) == best
    ]
    winner = top[0] if len(top) == 1 else None
    if winner is not None:
        state.scores[winner] += 1
    state.last_round = played
    state.chosen = [None] * len(state.chosen)
    events.append(everyone("round-scored", round=state.round, cards=played, winner=winner))
    state.round += 1
    if now is not None:
        state.since = now
    reason = ending(state)
    if reason is not None:
        state.phase, state.reason = Phase.OVER, reason
        events.append(everyone("game-over", reason=reason.value, scores=list(state.scores)))


def ending(state: State) -> Reason | None:
    left = len(state.hands[0])
    if left == 0:
        return Reason.HANDS_PLAYED
    first, second = sorted(state.scores, reverse=True)[:2]
    return Reason.OUT_OF_REACH if first - second > left else None
