"""The encoding of Russian Bank (`games/russian_bank`), from one seat's side.

Piles are named relative to the observing seat: the centre (8) and the layout (8) as they
are, and `own`/`opp` stock, hand, turned card and discards. A card is its rank (one-hot, 13)
and suit (one-hot, 4).

Observation: for each centre and layout pile, its top card and its size / 13 (18 each); for
each player (own first), the stock top (when face up) and size / 12, the hand size / 36, the
turned card, the discard top and size / 36 (54 each); then whether the seat is on turn, a
draw is offered to it or by it, it may call stop (RB-13), it has offered a draw this turn,
the cards turned this turn / 10, and the match points (own, opp) / 100.

Actions (1,166): move from a pile to a pile (24 x 24), stop naming a forced play (24 x 24,
RB-13 S1/S4), turn up the own stock or hand, end-turn, stop, offer / accept / decline a draw
(RB-20), spread, square (RB-16), resign (RB-19), and *wait*: in a stop window, the seat not
on turn may let the offender play on rather than call stop now (RB-13: a stop may be called
until the caller's own first move).
"""

from __future__ import annotations

from collections.abc import Hashable

import numpy as np

from .encoding import WAIT, ActionSpace, Encoder, one_hot, vector

SHARED = tuple(f"{kind}:{i}" for kind in ("centre", "layout") for i in range(8))
OWNED = tuple(
    f"{kind}:{side}" for kind in ("stock", "hand", "turned", "discard") for side in ("own", "opp")
)
PILES = SHARED + OWNED
SUITS = ("clubs", "diamonds", "hearts", "spades")
SIMPLE = (
    "end-turn",
    "stop",
    "offer-draw",
    "accept-draw",
    "decline-draw",
    "spread",
    "square",
    "resign",
)


def card_features(card: dict | None) -> list[float]:
    if card is None:
        return [0.0] * 17
    return one_hot(13, card["rank"] - 1) + one_hot(4, SUITS.index(card["suit"]))


def relative_pile(name: str, seat: int) -> str:
    """A pile id with its seat replaced by own/opp (shared piles unchanged)."""
    kind, index = name.split(":")
    if kind in ("centre", "layout"):
        return name
    return f"{kind}:{'own' if int(index) == seat else 'opp'}"


class RussianBankEncoder(Encoder):
    game_id = "russian-bank"

    def __init__(self, options: dict, seats: int):
        super().__init__(options, seats)
        pairs = [(a, b) for a in PILES for b in PILES]
        self.actions = ActionSpace(
            [
                *(("move", a, b) for a, b in pairs),
                *(("stop", a, b) for a, b in pairs),
                ("turn", "stock:own"),
                ("turn", "hand:own"),
                *((kind,) for kind in SIMPLE),
                WAIT,
            ]
        )
        self.observation_size = 16 * 18 + 2 * 54 + 8

    def observe(self, view: dict, seat: int) -> np.ndarray:
        public, you = view["public"], view["you"]
        piles = [
            [*card_features(pile[-1] if pile else None), len(pile) / 13]
            for pile in public["centre"] + public["layout"]
        ]
        players = []
        for side in (seat, 1 - seat):
            player = public["players"][side]
            players.append(
                [
                    *card_features(player["stock"]["top"]),
                    player["stock"]["count"] / 12,
                    player["hand"]["count"] / 36,
                    *card_features(player["turned"]),
                    *card_features(player["discard"]["top"]),
                    player["discard"]["count"] / 36,
                ]
            )
        offer = public["draw_offer"]
        turn_state = public["turn_state"]
        flags = [
            float(public["turn"] == seat),
            float(offer is not None and offer != seat),
            float(offer == seat),
            float(you["stop"] is not None),
            float(turn_state["offered_draw"]),
            turn_state["turned"] / 10,
            public["points"][seat] / 100,
            public["points"][1 - seat] / 100,
        ]
        return vector(*piles, *players, flags)

    def action_key(self, view: dict, action: dict, lookup: None) -> Hashable:
        seat = view["you"]["seat"]
        kind = action["type"]
        if kind in ("move", "stop") and "from" in action:
            return (kind, relative_pile(action["from"], seat), relative_pile(action["to"], seat))
        if kind == "turn":
            return (kind, relative_pile(action["pile"], seat))
        return (kind,)

    def may_wait(self, view: dict, seat: int) -> bool:
        """The seat not on turn, asked while the offender may still play (a stop window)."""
        public = view["public"]
        return public["turn"] != seat and public["draw_offer"] is None
