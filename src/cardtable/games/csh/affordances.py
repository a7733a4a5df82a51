"""What a seat may do now, compactly (`you.can`), and its expansion into legal actions.

Built from legal.py's pieces (`freshmen_play`, `card_plays`, `reaction_plays`,
`choice_options`), so no rule is written twice. A spot is `{"place": "new" | "top" |
"replace", "slot"?: i}` as in the actions (a "replace" with no slot: the target picks,
CSH-26). Card ids sit only under keys named `card` or ending in `cards`. The shape
(docs/views/csh.md):

    draw      bool: draw a card, the turn's other move (CSH-5)
    freshmen  {"cards": [ids], "spots": [spot]} | null: any number of Freshmen, the first
              that many of `cards`, into one of the spots (CSH-5)
    play      [{"card": id, "target": seat | null, "spots": [spot]}]: each other playable card
              type (one id of it), into the seat's own Archive or, for a card played into
              another's (CSH-26), into `target`'s
    pass      bool: let the card in the reaction window resolve (CSH-10)
    react     [{"card": id, "spots": [spot]}]: the reactions open in that window (CSH-11, 12)
    choose    {"type": action type, "key": answer key, "<options>": [...]} | null: the choice
              asked of the seat: `seats` (choose-seat), `slots` (choose-slot), `cards`
              (choose-card), `card_orders` (choose-order, top card first) or `directorships`
              (choose-directorship, the draft)
"""

from __future__ import annotations

from typing import Any

from . import draft
from .archive import Spot
from .legal import acting, card_plays, choice_options, freshmen_play, reaction_plays, spot_json
from .state import Phase, State

#: An answer key -> the key of `choose` that lists its options.
OPTIONS_KEY = {
    "seat": "seats",
    "slot": "slots",
    "card": "cards",
    "cards": "card_orders",
    "directorship": "directorships",
}


def nothing() -> dict[str, Any]:
    """The affordances of a seat that may do nothing now (a fresh dict: views share nothing)."""
    return {
        "draw": False,
        "freshmen": None,
        "play": [],
        "pass": False,
        "react": [],
        "choose": None,
    }


def _spots(where: list[Spot]) -> list[dict]:
    return [spot_json(spot) for spot in where]


def affordances(state: State, seat: int) -> dict:
    can = nothing()
    if seat not in acting(state):
        return can
    phase = state.phase
    if phase is Phase.DRAFT:
        can["choose"] = {
            "type": "choose-directorship",
            "key": "directorship",
            "directorships": draft.available(state),
        }
    elif phase is Phase.TURN:
        can["draw"] = True
        freshmen = freshmen_play(state, seat)
        if freshmen is not None and freshmen[1]:
            can["freshmen"] = {"cards": freshmen[0], "spots": _spots(freshmen[1])}
        can["play"] = [
            {"card": card, "target": target, "spots": _spots(where)}
            for card, target, where in card_plays(state, seat)
        ]
    elif phase is Phase.WINDOW:
        can["pass"] = True
        can["react"] = [
            {"card": card, "spots": _spots(where)} for card, where in reaction_plays(state, seat)
        ]
    else:
        kind, key, options = choice_options(state)
        can["choose"] = {"type": kind, "key": key, OPTIONS_KEY[key]: options}
    return can


def expand(view: dict) -> list[dict]:
    can = view["you"]["can"]
    actions: list[dict] = [{"type": "draw"}] if can["draw"] else []
    freshmen = can["freshmen"]
    if freshmen is not None:
        cards = freshmen["cards"]
        actions += [
            {"type": "play", "cards": cards[:count], **spot}
            for spot in freshmen["spots"]
            for count in range(1, len(cards) + 1)
        ]
    for play in can["play"]:
        into = {} if play["target"] is None else {"target": play["target"]}
        actions += [
            {"type": "play", "cards": [play["card"]], **into, **spot} for spot in play["spots"]
        ]
    if can["pass"]:
        actions.append({"type": "pass"})
    actions += [
        {"type": "react", "card": react["card"], **spot}
        for react in can["react"]
        for spot in react["spots"]
    ]
    choose = can["choose"]
    if choose is not None:
        key = choose["key"]
        actions += [{"type": choose["type"], key: option} for option in choose[OPTIONS_KEY[key]]]
    return actions
