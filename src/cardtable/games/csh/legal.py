"""Who is to act and what they may do: the legal actions of the seats due to act.

Turn: `{"type": "draw"}` or `{"type": "play", "cards": [ids], "place": "new"|"top"|"replace",
"slot": i, "target": seat}` (slot for top/replace; target only for a PLACE_INTO card, whose
"replace" has no slot when its target picks it, CSH-26). Window (every seat it waits on at
once, CSH-10): `{"type": "pass"}` or `{"type": "react", "card": id, "place": ..., "slot": i}`.
Choices: `choose-seat` (seat), `choose-card` (card), `choose-order` (cards, top first),
`choose-slot` (slot), `choose-directorship` (directorship). The `auto-pass` preference (see
`actions`) is never listed: it is no move, and bots choosing among moves would toggle it for
nothing.

`legal` lists one action per distinct play: Freshmen are interchangeable, so it offers the
lowest ids for each count; copies of a card likewise. `actions` accepts any equivalent ids.
"""

from __future__ import annotations

from . import archive, draft, window
from .archive import Spot
from .state import Phase, State, pending

#: A choice's purpose -> the action type that answers it and the key of the answer.
CHOICE_ACTIONS = {
    "target": ("choose-seat", "seat"),
    "next": ("choose-seat", "seat"),
    "card": ("choose-card", "card"),
    "order": ("choose-order", "cards"),
    "slot": ("choose-slot", "slot"),
}


def to_act(state: State) -> frozenset[int]:
    """The seats whose input is awaited: in a reaction window every seat that has not answered
    it yet (CSH-10), else the one seat due to act; none once the game is over."""
    if state.phase is Phase.OVER:
        return frozenset()
    if state.phase is Phase.WINDOW:
        return frozenset(window.waiting(state))
    if state.phase is Phase.CHOICE:
        return frozenset((pending(state).seat,))
    return frozenset((state.current,))


def _spot_json(spot: Spot) -> dict:
    how, slot = spot
    return {"place": how} if slot < 0 else {"place": how, "slot": slot}


def _distinct(state: State, cards) -> list[int]:
    """The lowest id of each card type among `cards`."""
    first: dict[str, int] = {}
    for card in sorted(cards):
        first.setdefault(state.type_of[card].id, card)
    return list(first.values())


def _turn_actions(state: State, seat: int) -> list[dict]:
    actions: list[dict] = [{"type": "draw"}]
    hand = state.hands[seat]
    type_of = state.type_of
    freshmen = sorted(c for c in hand if type_of[c].kind == "freshman")
    for spot in archive.spots(state, seat, "freshman") if freshmen else ():
        for count in range(1, len(freshmen) + 1):
            actions.append({"type": "play", "cards": freshmen[:count], **_spot_json(spot)})
    for card in _distinct(state, hand):
        kind = type_of[card]
        if kind.reaction or kind.kind == "freshman":
            continue
        if kind.placement == "target":
            for target in range(state.seats):
                if target != seat:
                    actions.extend(
                        {"type": "play", "cards": [card], "target": target, **_spot_json(s)}
                        for s in archive.target_spots(state, target)
                    )
        else:
            actions.extend(
                {"type": "play", "cards": [card], **_spot_json(s)}
                for s in archive.spots(state, seat, kind.kind)
            )
    return actions


def reactions(state: State, seat: int) -> list[dict]:
    """The reactions `seat` may play into its own Archive (CSH-11, CSH-12), whoever played the
    card: a player may cancel his own."""
    actions: list[dict] = []
    for card in _distinct(state, state.hands[seat]):
        kind = state.type_of[card]
        if kind.reaction:
            actions.extend(
                {"type": "react", "card": card, **_spot_json(s)}
                for s in archive.spots(state, seat, kind.kind)
            )
    return actions


def _choice_actions(state: State) -> list[dict]:
    choice = pending(state)
    kind, key = CHOICE_ACTIONS[choice.purpose]
    if choice.purpose == "order":
        return [{"type": kind, key: list(order)} for order in choice.orders()]
    return [{"type": kind, key: option} for option in choice.options]


def legal(state: State, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    if state.phase is Phase.DRAFT:
        return [{"type": "choose-directorship", "directorship": d} for d in draft.available(state)]
    if state.phase is Phase.TURN:
        return _turn_actions(state, seat)
    if state.phase is Phase.WINDOW:
        return [{"type": "pass"}, *reactions(state, seat)]
    return _choice_actions(state)
