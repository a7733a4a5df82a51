"""What a seat may do now, compactly (`you.can`), and its expansion into legal actions.

Built from legal.py's pieces (`play_sets`, `run_sets`, `field_change_options`, `swap_choice`,
...), so no rule is written twice. Card ids sit only under keys ending in `cards`. The shape
(docs/views/cunt-soul.md):

    select        bool: lay out 3 face-up cards and a field card from the hand (CS-3)
    zone          "hand" | "face-up" | "face-down" | null: where the seat plays from on its turn
    play          [{"cards": [ids], "counts": [n]}]: for each rank that may go on the pile now
                  (or continue a 4-run, CS-27), its cards in the zone, and how many of them a
                  play may hold (any cards of the rank will do)
    blind         [slot]: face-down cards that may be turned over onto the pile (CS-13)
    pickup        bool: pick up the pile (CS-6, CS-7)
    end_run       bool: end the 4-run (CS-27)
    field_change  {"new_cards": [ids], "burn_cards": [ids]} | null: a field change (CS-18 to
                  CS-20), one card of each rank on either side
    swap          {"hand_cards": [ids], "slots": [slot]} | null: the 5's swaps (CS-31, CS-32)
    peek          [slot]: face-down cards the 5 may look at first (fivePeek)
    keep          bool: keep the card looked at
    no_swap       bool: let the 5 swap nothing
    direction     [direction]: the 7's or the 7-field's choice (CS-36, CS-58)
    choose        [seat]: whom the J or the J-field names (CS-40, CS-61)
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from .legal import (
    blind_moves,
    field_change_options,
    play_sets,
    run_blind,
    run_may_end,
    run_sets,
    swap_choice,
)
from .ranks import DIRECTIONS
from .state import Decision, Phase, State
from .turn_queue import choosable
from .zones import FACE_DOWN, accessible_zone


def nothing() -> dict[str, Any]:
    """The affordances of a seat that may do nothing now (a fresh dict: views share nothing)."""
    return {
        "select": False,
        "zone": None,
        "play": [],
        "blind": [],
        "pickup": False,
        "end_run": False,
        "field_change": None,
        "swap": None,
        "peek": [],
        "keep": False,
        "no_swap": False,
        "direction": [],
        "choose": [],
    }


def _blind_slots(state: State, seat: int) -> list[int]:
    return [move["slot"] for move in blind_moves(state, seat)]


def affordances(state: State, seat: int) -> dict:
    can = nothing()
    if state.phase == Phase.SELECT:
        can["select"] = state.selections[seat] is None
        return can
    if state.phase != Phase.PLAY or seat != state.current:
        return can
    decision = state.decision
    zone = accessible_zone(state, seat)
    if decision == Decision.TURN:
        can["zone"] = zone
        change = field_change_options(state, seat)
        if change is not None:
            can["field_change"] = {"new_cards": change[0], "burn_cards": change[1]}
        if zone == FACE_DOWN:
            can["blind"] = _blind_slots(state, seat)
        else:
            can["play"] = _sets_json(play_sets(state, seat, zone))
            can["pickup"] = not can["play"]
    elif decision == Decision.RUN:
        can["zone"] = zone
        can["blind"] = _blind_slots(state, seat) if run_blind(state, seat, zone) else []
        can["play"] = _sets_json(run_sets(state, seat, zone))
        can["end_run"] = run_may_end(state)
    elif decision == Decision.SWAP:
        choice = swap_choice(state, seat)
        if choice.slots:
            can["swap"] = {"hand_cards": choice.hand, "slots": choice.slots}
        can["peek"] = choice.peek
        can["keep"] = choice.keep
        can["no_swap"] = not choice.keep
    elif decision in (Decision.SEVEN, Decision.FIELD_SEVEN):
        can["direction"] = list(DIRECTIONS)
    elif decision in (Decision.JACK, Decision.FIELD_JACK):
        can["choose"] = choosable(state, seat)
    return can


def _sets_json(sets) -> list[dict]:
    return [{"cards": cards, "counts": counts} for cards, counts in sets]


def expand(view: dict) -> list[dict]:
    you = view["you"]
    can = you["can"]
    actions: list[dict] = []
    if can["select"]:
        hand = sorted(card["id"] for card in you["hand"])
        actions += [
            {"type": "select", "face_up": list(face_up), "field": field}
            for face_up in combinations(hand, 3)
            for field in hand
            if field not in face_up
        ]
    change = can["field_change"]
    if change is not None:
        actions += [
            {"type": "field-change", "card": card, "burn": burn}
            for card in change["new_cards"]
            for burn in change["burn_cards"]
        ]
    actions += [{"type": "play-blind", "slot": slot} for slot in can["blind"]]
    actions += [
        {"type": "play", "cards": entry["cards"][:count]}
        for entry in can["play"]
        for count in entry["counts"]
    ]
    swap = can["swap"]
    if swap is not None:
        actions += [
            {"type": "swap", "hand": card, "slot": slot}
            for slot in swap["slots"]
            for card in swap["hand_cards"]
        ]
    actions += [{"type": "peek", "slot": slot} for slot in can["peek"]]
    actions += [{"type": "direction", "direction": d} for d in can["direction"]]
    actions += [{"type": "choose", "seat": seat} for seat in can["choose"]]
    for key, kind in (
        ("pickup", "pickup"),
        ("end_run", "end-run"),
        ("keep", "keep"),
        ("no_swap", "no-swap"),
    ):
        if can[key]:
            actions.append({"type": kind})
    return actions
