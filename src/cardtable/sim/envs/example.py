"""The encoding of High Card, the example game (`games/example`).

Observation (seat-relative: the observing seat first, then the seats after it), 52 cards:
hand (52), the card put down this round (52), last round's cards (52), and per seat its
score / hand size, whether it has a card down, its hand size / hand size option. Action:
the card to play, by card id (52).
"""

from __future__ import annotations

from collections.abc import Hashable

import numpy as np

from .encoding import ActionSpace, Encoder, card_plane, relative, vector

DECK = 52


class ExampleEncoder(Encoder):
    game_id = "example"

    def __init__(self, options: dict, seats: int):
        super().__init__(options, seats)
        self.actions = ActionSpace(("play", card) for card in range(DECK))
        self.observation_size = 3 * DECK + 3 * seats

    def observe(self, view: dict, seat: int) -> np.ndarray:
        public, you = view["public"], view["you"]
        hand_size = self.options["handSize"]
        order = sorted(range(self.seats), key=lambda other: relative(seat, other, self.seats))
        return vector(
            card_plane(you["hand"], DECK),
            card_plane([you["chosen"]], DECK),
            card_plane(public["lastRound"], DECK),
            [public["scores"][s] / hand_size for s in order],
            [float(public["down"][s]) for s in order],
            [public["handSizes"][s] / hand_size for s in order],
        )

    def action_key(self, view: dict, action: dict, lookup: None) -> Hashable:
        return ("play", action["card"])
