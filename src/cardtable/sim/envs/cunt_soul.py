"""The encoding of Cunt-Soul (`games/cunt_soul`), from one seat's side.

Cards are told apart by printed rank only (no rule looks at suits, and `legal` names the
lowest ids of a rank): rank index 0 is the Joker, 1 the ace, 2..13 the others, as views show
them. Seats are counted from the observer (0: itself, 1: the next seat, ...), up to
`seats`.

Observation: own hand (count of each rank / 4) and the peeked face-down card (CS-31, rank
one-hot); per seat, its hand size / 20, its face-up cards (count per rank / 3), face-down
cards left / 3, its field card (rank one-hot), field changes / 3, whether it is out, whether
it is to act; the pile's top play (rank one-hot, cards / 4) and the pile's plays / 20; the
constraint (kind one-hot, its value's rank one-hot, at-most / reversed, follow-up); the fields
in force (count per rank / 8), the source count / 54 and its top when shown (CS-57); the
phase and the decision (one-hot).

Actions: select (three face-up ranks, unordered, and the field rank; CS-3), field-change
(new rank, burnt rank; CS-19), play (rank, count), play-blind (slot), pickup, end-run,
swap (hand rank, slot), no-swap, peek (slot), keep, direction (higher / lower), choose a seat
(counted from the chooser).
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import combinations_with_replacement

import numpy as np

from ...games.cunt_soul.ranks import DIRECTIONS, MAX_SEATS, rank_name
from ...games.cunt_soul.state import SLOTS, Decision, Phase
from .encoding import ActionSpace, Encoder, one_hot, relative, vector

RANKS = 14  # Joker, ace, 2..K
MOST_OF_A_RANK = 8  # two decks' worth of a rank (or of Jokers)
CONSTRAINTS = ("any", "must-3", "seven", "field-seven", "order")
PHASES = tuple(phase.value for phase in Phase)
DECISIONS = tuple(decision.value for decision in Decision)
#: Rank names (as the pile and the constraint show them) -> rank index; "table" has none.
RANK_OF_NAME = {rank_name(rank): rank % 13 if rank == 14 else rank for rank in range(15)}
SIMPLE = ("pickup", "end-run", "no-swap", "keep")


def rank_counts(cards, scale: float) -> np.ndarray:
    counts = np.zeros(RANKS, dtype=np.float32)
    for card in cards:
        if card is not None:
            counts[card["rank"]] += 1.0 / scale
    return counts


def rank_hot(card: dict | None) -> list[float]:
    return one_hot(RANKS, None if card is None else card["rank"])


class CuntSoulEncoder(Encoder):
    game_id = "cunt-soul"

    def __init__(self, options: dict, seats: int):
        super().__init__(options, seats)
        ranks = range(RANKS)
        self.actions = ActionSpace(
            [
                *(
                    ("select", face_up, field)
                    for face_up in combinations_with_replacement(ranks, 3)
                    for field in ranks
                ),
                *(("field-change", new, old) for new in ranks for old in ranks),
                *(("play", rank, n) for rank in ranks for n in range(1, MOST_OF_A_RANK + 1)),
                *(("play-blind", slot) for slot in range(SLOTS)),
                *(("swap", rank, slot) for rank in ranks for slot in range(SLOTS)),
                *(("peek", slot) for slot in range(SLOTS)),
                *(("direction", direction) for direction in DIRECTIONS),
                *(("choose", other) for other in range(1, MAX_SEATS)),
                *((kind,) for kind in SIMPLE),
            ]
        )
        per_seat = 1 + RANKS + 1 + RANKS + 1 + 1 + 1
        self.observation_size = (
            2 * RANKS
            + seats * per_seat
            + (RANKS + 2)
            + (len(CONSTRAINTS) + RANKS + 2)
            + (RANKS + 2 + RANKS)
            + len(PHASES)
            + len(DECISIONS)
        )

    def observe(self, view: dict, seat: int) -> np.ndarray:
        public, you = view["public"], view["you"]
        turn = public["turn"]
        acting = turn["seat"] if turn else None
        seats = []
        for other in sorted(range(self.seats), key=lambda s: relative(seat, s, self.seats)):
            info = public["seats"][other]
            seats.append(
                vector(
                    [info["hand"] / 20],
                    rank_counts((slot["card"] for slot in info["face_up"]), 3),
                    [sum(info["face_down"]) / 3],
                    rank_hot(info["field"]),
                    [info["field_changes"] / 3, float(info["place"] is not None)],
                    [float(other == acting or (acting is None and not info["selected"]))],
                )
            )
        pile = public["pile"]
        top = pile[-1] if pile else None
        constraint = public["constraint"]
        value = RANK_OF_NAME.get(constraint.get("value", "table"))
        fields = public["fields"]
        field_counts = np.zeros(RANKS, dtype=np.float32)
        for name, count in fields["ranks"].items():
            field_counts[RANK_OF_NAME[name]] = count / 8
        peek = you["peek"]
        return vector(
            rank_counts(you["hand"], 4),
            rank_hot(peek["card"] if peek else None),
            *seats,
            rank_hot(top["cards"][0] if top else None),
            [len(top["cards"]) / 4 if top else 0.0, len(pile) / 20],
            one_hot(len(CONSTRAINTS), CONSTRAINTS.index(constraint["kind"])),
            one_hot(RANKS, value),
            [float(constraint.get("direction") in ("at-most", "lower"))],
            [float(constraint["follow_up"])],
            field_counts,
            [float(fields["reverse_order"]), public["source"]["count"] / 54],
            rank_hot(public["source"]["top"]),
            one_hot(len(PHASES), PHASES.index(public["phase"])),
            one_hot(len(DECISIONS), DECISIONS.index(turn["decision"]) if turn else None),
        )

    def lookup(self, view: dict) -> dict[int, int]:
        """The rank of each card an action may name (hand and face-up cards), by id."""
        face_up = [slot["card"] for seat in view["public"]["seats"] for slot in seat["face_up"]]
        return {card["id"]: card["rank"] for card in view["you"]["hand"] + face_up if card}

    def action_key(self, view: dict, action: dict, rank: dict[int, int]) -> Hashable:
        kind = action["type"]
        if kind == "select":
            return (kind, tuple(sorted(rank[c] for c in action["face_up"])), rank[action["field"]])
        if kind == "field-change":
            return (kind, rank[action["card"]], rank[action["burn"]])
        if kind == "play":
            return (kind, rank[action["cards"][0]], len(action["cards"]))
        if kind in ("play-blind", "peek"):
            return (kind, action["slot"])
        if kind == "swap":
            return (kind, rank[action["hand"]], action["slot"])
        if kind == "direction":
            return (kind, action["direction"])
        if kind == "choose":
            seat = view["public"]["turn"]["seat"]
            return (kind, relative(seat, action["seat"], len(view["public"]["seats"])))
        return (kind,)
