"""The encoding of Cards Against Humanity (`games/cah`), from one seat's side.

A white or black card is text, so the encoding knows a card by its id only: as a bucket
`id % 128` (a card's bucket is the same all game, so a learner can come to value it; two cards
may share a bucket). Hand cards are named by their slot in the seat's hand as its view lists
it; answers on the table by their number (`answer`). Seats are counted from the observer.

Observation: the hand (bag of buckets, and which slots are filled), the black card (bucket
one-hot, pick / 3, draw / 3), the phase (one-hot), whether the seat is Czar, is to act, has
submitted, has bet; per seat, score / 10, active, submitted, is Czar, cards / hand size; per
answer number, shown, own, eliminated, voted for by the seat, and its first card's bucket
/ 128; the rounds played / 50.

Actions: submit and bet (ordered hand slots, 1 to 3 of them: K15 lets a Pick 2 take a
third); pick, vote, eliminate (an answer number); rank (ordered answer numbers, Serious
Business only); reveal-next; discard and never-have-i-ever (a hand slot); confess (position
on the Never Have I Ever table); reboot (a set of hand slots, K16 official only; hands of up
to 13 cards) and reboot the universe (no cards). A blank card's text is not part of an
action's key: `legal` writes a stand-in text for it.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import combinations, permutations

import numpy as np

from ...games.cah.state import Phase
from .encoding import ActionSpace, Encoder, one_hot, relative, vector

BUCKETS = 128
EXTRA_CARDS = 3  # a hand may hold this many more than the hand size (K15 draws before a pick)
MOST_PICKED = 3
MOST_REBOOT_SLOTS = 13  # 2^13 subsets at most in the action space
NHIE_TABLE = 64
PHASES = tuple(phase.value for phase in Phase)


def buckets(cards) -> np.ndarray:
    bag = np.zeros(BUCKETS, dtype=np.float32)
    for card in cards:
        bag[card["id"] % BUCKETS] += 1.0
    return bag


class CahEncoder(Encoder):
    game_id = "cah"

    def __init__(self, options: dict, seats: int):
        super().__init__(options, seats)
        self.hand_slots = options["handSize"] + EXTRA_CARDS
        self.answer_slots = 2 * seats + 2  # every player's answer and bet, and Rando's
        slots = range(self.hand_slots)
        answers = range(self.answer_slots)
        picks = [p for n in range(1, MOST_PICKED + 1) for p in permutations(slots, n)]
        keys: list[Hashable] = [
            *(("submit", p) for p in picks),
            *(("bet", p) for p in picks),
            *((kind, a) for kind in ("pick", "vote", "eliminate") for a in answers),
            *((kind, s) for kind in ("discard", "never-have-i-ever") for s in slots),
            *(("confess", position) for position in range(NHIE_TABLE)),
            ("reveal-next",),
            ("reboot", None),
        ]
        if options["judging"] == "seriousBusiness":
            keys += [("rank", p) for n in range(1, 4) for p in permutations(answers, n)]
        if options["reboot"] == "official":
            if self.hand_slots > MOST_REBOOT_SLOTS:
                raise ValueError(
                    f"cah environments take hands of at most {MOST_REBOOT_SLOTS - EXTRA_CARDS} "
                    "cards with the official reboot (its action space grows as 2^hand)"
                )
            keys += [("reboot", c) for n in slots for c in combinations(slots, n + 1)]
        self.actions = ActionSpace(keys)
        self.observation_size = (
            BUCKETS
            + self.hand_slots
            + BUCKETS
            + 2
            + len(PHASES)
            + 4
            + 5 * seats
            + 5 * self.answer_slots
            + 1
        )

    def observe(self, view: dict, seat: int) -> np.ndarray:
        public, you = view["public"], view["you"]
        black = public["black"]
        hand = you["hand"]
        per_seat = []
        for other in sorted(range(self.seats), key=lambda s: relative(seat, s, self.seats)):
            info = public["seats"][other] if other < len(public["seats"]) else None
            per_seat.append(
                [0.0] * 5
                if info is None
                else [
                    info["score"] / 10,
                    float(info["active"]),
                    float(info["submitted"]),
                    float(public["czar"] == other),
                    info["handCount"] / self.options["handSize"],
                ]
            )
        shown = {answer["answer"]: answer["cards"] for answer in public["answers"]}
        own = {answer["answer"] for answer in you["yourAnswers"]}
        answers = []
        for number in range(self.answer_slots):
            cards = shown.get(number)
            answers.append(
                [
                    float(cards is not None),
                    float(number in own),
                    float(number in public["eliminated"]),
                    float(you["vote"] == number),
                    (cards[0]["id"] % BUCKETS) / BUCKETS if cards else 0.0,
                ]
            )
        return vector(
            buckets(hand),
            [float(slot < len(hand)) for slot in range(self.hand_slots)],
            one_hot(BUCKETS, None if black is None else black["id"] % BUCKETS),
            [public["pick"] / 3, 0.0 if black is None else black.get("draw", 0) / 3],
            one_hot(len(PHASES), PHASES.index(public["phase"])),
            [
                float(public["czar"] == seat),
                float(seat in public["waitingFor"]),
                float(you["submitted"] is not None),
                float(you["bet"] is not None),
            ],
            *per_seat,
            *answers,
            [public["round"] / 50],
        )

    def lookup(self, view: dict) -> dict[int, int]:
        """The slot of each card in the seat's hand, by id."""
        return {card["id"]: number for number, card in enumerate(view["you"]["hand"])}

    def action_key(self, view: dict, action: dict, slot: dict[int, int]) -> Hashable:
        kind = action["type"]
        if kind in ("submit", "bet"):
            return (kind, tuple(slot[card] for card in action["cards"]))
        if kind in ("pick", "vote", "eliminate"):
            return (kind, action["answer"])
        if kind == "rank":
            return (kind, tuple(action["answers"]))
        if kind in ("discard", "never-have-i-ever"):
            return (kind, slot[action["card"]])
        if kind == "confess":
            table = [entry["card"]["id"] for entry in view["public"]["neverHaveIEver"]]
            return (kind, table.index(action["card"]))
        if kind == "reboot":
            cards = action.get("cards")
            return (kind, None if cards is None else tuple(sorted(slot[c] for c in cards)))
        return (kind,)
