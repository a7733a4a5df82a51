"""Who is to act and what they may do: a seat still to choose plays any card of its hand.

`affordances` says so compactly (a seat view's `can`: `{"play": bool}`, any card of the hand
when true) and `expand` turns a seat's view back into its legal actions."""

from __future__ import annotations

from .state import Phase, State


def to_act(state: State) -> frozenset[int]:
    if state.phase is not Phase.CHOOSING:
        return frozenset()
    return frozenset(seat for seat, card in enumerate(state.chosen) if card is None)


def legal(state: State, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    return [{"type": "play", "card": card} for card in state.hands[seat]]


def affordances(state: State, seat: int) -> dict:
    return {"play": seat in to_act(state)}


def expand(view: dict) -> list[dict]:
    you = view["you"]
    return (
        [{"type": "play", "card": card["id"]} for card in you["hand"]] if you["can"]["play"] else []
    )
