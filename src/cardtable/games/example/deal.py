"""Setting a game up: shuffle one pack and deal each seat its hand. The shuffle is the
game's only random choice, so the state keeps no generator."""

from __future__ import annotations

from ...engine import Rng, french_deck
from .state import State


def deal(options: dict, seats: int, rng: Rng, now: float) -> State:
    cards = french_deck()
    deck = [card.id for card in cards]
    rng.shuffle(deck)
    size = options["handSize"]
    hands = [sorted(deck[seat * size : (seat + 1) * size]) for seat in range(seats)]
    return State(
        options=options,
        cards=cards,
        deck=deck[seats * size :],
        hands=hands,
        chosen=[None] * seats,
        scores=[0] * seats,
        last_round=[],
        since=now,
    )
