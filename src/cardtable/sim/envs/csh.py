"""The encoding of CSH (`games/csh`), from one seat's side.

Cards are told apart by type (the catalog's ids, `cards.toml`): `legal` offers the lowest id
of each type, since copies are interchangeable. Seats are counted from the observer.

Observation: own hand (count per type / 3) and the deck's top cards the seat has seen (per
type); per seat, hand size / 10, Archive VP / 50, capacity / 10, stacks / 10, face-up cards
(count per type / 3), face-down cards / 10, its Directorship (one-hot), extra turns, skips and
lost actions; the discard pile (count per type / 3), deck size / 100, whether the Election is
drawn; the phase (one-hot), whether the seat is current, actions left / 3, whether a reaction
window waits on it (CSH-10), the effect stack's depth / 5, and the pending choice (purpose
one-hot, whether the seat makes it).

Actions: draw; play (card type, place: new / top i / replace i, target seat counted from the
player, 0 for none; freshmen by how many, CSH-12); pass; react (type, place); choose-seat
(counted from the chooser); choose-card (position among the cards shown to choose from);
choose-order (the order as positions of the cards shown, top first; CSH O3); choose-slot;
choose-directorship (CSH-27). Places have slots 0..11 (an Archive holds 7, more with R1).
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import permutations

import numpy as np

from ...games.csh.catalog import CATALOG, MAX_REORDER
from ...games.csh.game import Csh
from ...games.csh.state import Phase
from .encoding import ActionSpace, Encoder, one_hot, relative, vector

TYPES = tuple(card.id for card in CATALOG.types)
TYPE_INDEX = {name: index for index, name in enumerate(TYPES)}
DIRECTORSHIPS = tuple(d.id for d in CATALOG.directorships)
MOST_SEATS = Csh.max_seats
SLOTS = 12
MOST_CHOICES = 128  # cards a choice may show: more than the game has
PLACES = (
    ("new", -1),
    ("replace", -1),
    *((how, slot) for how in ("top", "replace") for slot in range(SLOTS)),
)
PHASES = tuple(phase.value for phase in Phase)
PURPOSES = ("target", "next", "card", "order", "slot")


def type_counts(cards, scale: float) -> np.ndarray:
    counts = np.zeros(len(TYPES), dtype=np.float32)
    for card in cards:
        if "card" in card:
            counts[TYPE_INDEX[card["card"]]] += 1.0 / scale
    return counts


def place_of(action: dict) -> tuple[str, int]:
    return action["place"], action.get("slot", -1)


class CshEncoder(Encoder):
    game_id = "csh"

    def __init__(self, options: dict, seats: int):
        super().__init__(options, seats)
        targets = range(MOST_SEATS)
        self.actions = ActionSpace(
            [
                ("draw",),
                ("pass",),
                *(
                    ("play", kind, place, target)
                    for kind in TYPES
                    for place in PLACES
                    for target in targets
                ),
                *(("play-freshmen", n, place) for n in range(1, 11) for place in PLACES),
                *(("react", kind, place) for kind in TYPES for place in PLACES),
                *(("choose-seat", other) for other in targets),
                *(("choose-card", position) for position in range(MOST_CHOICES)),
                *(
                    ("choose-order", order)
                    for n in range(1, MAX_REORDER + 1)
                    for order in permutations(range(n))
                ),
                *(("choose-slot", slot) for slot in range(SLOTS)),
                *(("choose-directorship", name) for name in DIRECTORSHIPS),
            ]
        )
        per_seat = 4 + len(TYPES) + 1 + len(DIRECTORSHIPS) + 3
        self.observation_size = (
            2 * len(TYPES) + seats * per_seat + len(TYPES) + 2 + len(PHASES) + 4 + len(PURPOSES) + 1
        )

    def observe(self, view: dict, seat: int) -> np.ndarray:
        public, you = view["public"], view["you"]
        coming = public["coming"]
        seats = []
        for other in sorted(range(self.seats), key=lambda s: relative(seat, s, self.seats)):
            archive = public["archives"][other]
            cards = [card for stack in archive["stacks"] for card in stack]
            directorship = [*public["directorships"], *[None] * self.seats][other]
            seats.append(
                vector(
                    [public["hands"][other] / 10, archive["total"] / 50],
                    [archive["capacity"] / 10, len(archive["stacks"]) / 10],
                    type_counts(cards, 3),
                    [sum(1 for card in cards if card.get("down")) / 10],
                    one_hot(
                        len(DIRECTORSHIPS),
                        DIRECTORSHIPS.index(directorship) if directorship else None,
                    ),
                    [
                        coming["extra_turns"][other],
                        coming["skips"][other],
                        coming["lost_actions"][other] / 3,
                    ],
                )
            )
        choice = public["choice"]
        return vector(
            type_counts(you["hand"], 3),
            type_counts(you["top"], 1),
            *seats,
            type_counts(public["discard"], 3),
            [public["deck"] / 100, float(public["election"]["drawn"])],
            one_hot(len(PHASES), PHASES.index(public["phase"])),
            [
                float(public["current"] == seat),
                public["actions"] / 3,
                float(public["window"] is not None and seat in public["waiting"]),
                len(public["stack"]) / 5,
            ],
            one_hot(len(PURPOSES), PURPOSES.index(choice["purpose"]) if choice else None),
            [float(choice is not None and choice["seat"] == seat)],
        )

    def lookup(self, view: dict) -> dict[int, str]:
        """The type of each card in the seat's hand, by id."""
        return {card["id"]: card["card"] for card in view["you"]["hand"]}

    def action_key(self, view: dict, action: dict, kinds: dict[int, str]) -> Hashable:
        you = view["you"]
        seat = view["public"]["current"]
        chooser = (view["public"]["choice"] or {}).get("seat", seat)
        kind = action["type"]
        if kind == "play":
            cards = action["cards"]
            if CATALOG.by_id[kinds[cards[0]]].kind == "freshman":
                return ("play-freshmen", len(cards), place_of(action))
            target = action.get("target")
            count = len(view["public"]["hands"])
            rel = 0 if target is None else relative(seat, target, count)
            return (kind, kinds[cards[0]], place_of(action), rel)
        if kind == "react":
            return (kind, kinds[action["card"]], place_of(action))
        if kind == "choose-seat":
            return (kind, relative(chooser, action["seat"], len(view["public"]["hands"])))
        if kind == "choose-card":
            shown = [card["id"] for card in you["options"]]
            return (kind, shown.index(action["card"]))
        if kind == "choose-order":
            shown = [card["id"] for card in you["options"]]
            return (kind, tuple(shown.index(card) for card in action["cards"]))
        if kind == "choose-slot":
            return (kind, action["slot"])
        if kind == "choose-directorship":
            return (kind, action["directorship"])
        return (kind,)
