"""Who is to act and what they may do: the legal actions of the seats due to act.

Turn: `{"type": "draw"}` or `{"type": "play", "cards": [ids], "place": "new"|"top"|"replace",
"slot": i, "target": seat}` (slot for top/replace; target only for a PLACE_INTO card, whose
"replace" has no slot when its target picks it, CSH-26). Window (every seat it waits on at
once, CSH-10): `{"type": "pass"}` or `{"type": "react", "card": id, "place": ..., "slot": i}`.
Choices: `choose-seat` (seat), `choose-card` (card), `choose-order` (cards, top first),
`choose-slot` (slot), `choose-directorship` (directorship). The `auto-pass` preference (see
`actions`) is never listed: it is no move, and bots choosing among moves would toggle it for
nothing.

The pieces `legal` is made of (`freshmen_play`, `card_plays`, `reaction_plays`,
`choice_options`) also make a seat's `can` (affordances.py). `legal` lists one action per
distinct play: Freshmen are interchangeable, so it offers the lowest ids for each count;
copies of a card likewise. `actions` accepts any equivalent ids.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def acting(state: State) -> Sequence[int]:
    """The seats whose input is awaited: in a reaction window every seat that has not answered
    it yet (CSH-10), else the one seat due to act; none once the game is over. For asking
    whether a seat is due without building a set: in a window it is the window's own list,
    to be read, not changed."""
    if state.phase is Phase.OVER:
        return ()
    if state.phase is Phase.WINDOW:
        return window.waiting(state)
    if state.phase is Phase.CHOICE:
        return (pending(state).seat,)
    return (state.current,)


def to_act(state: State) -> frozenset[int]:
    """The seats `acting` names, as the engine's `Game.to_act` gives them."""
    return frozenset(acting(state))


def spot_json(spot: Spot) -> dict:
    how, slot = spot
    return {"place": how} if slot < 0 else {"place": how, "slot": slot}


def _distinct(state: State, cards) -> list[int]:
    """The lowest id of each card type among `cards`."""
    first: dict[str, int] = {}
    for card in sorted(cards):
        first.setdefault(state.type_of[card].id, card)
    return list(first.values())


def freshmen_play(state: State, seat: int) -> tuple[list[int], list[Spot]] | None:
    """The seat's Freshmen in id order and where they may go (any number of them at once,
    CSH-5), or None when it holds none."""
    type_of = state.type_of
    freshmen = sorted(c for c in state.hands[seat] if type_of[c].kind == "freshman")
    return (freshmen, archive.spots(state, seat, "freshman")) if freshmen else None


def card_plays(state: State, seat: int) -> list[tuple[int, int | None, list[Spot]]]:
    """Each other card type the seat may play on its turn (lowest id), the seat whose Archive
    it goes into (None: its own; a PLACE_INTO card: each other seat, CSH-26) and the spots
    there; a card with no spot is left out."""
    plays: list[tuple[int, int | None, list[Spot]]] = []
    type_of = state.type_of
    for card in _distinct(state, state.hands[seat]):
        kind = type_of[card]
        if kind.reaction or kind.kind == "freshman":
            continue
        if kind.placement == "target":
            plays.extend(
                (card, target, archive.target_spots(state, target))
                for target in range(state.seats)
                if target != seat
            )
        else:
            where = archive.spots(state, seat, kind.kind)
            if where:
                plays.append((card, None, where))
    return plays


def _turn_actions(state: State, seat: int) -> list[dict]:
    actions: list[dict] = [{"type": "draw"}]
    freshmen = freshmen_play(state, seat)
    if freshmen is not None:
        cards, where = freshmen
        for spot in where:
            for count in range(1, len(cards) + 1):
                actions.append({"type": "play", "cards": cards[:count], **spot_json(spot)})
    for card, target, where in card_plays(state, seat):
        into = {} if target is None else {"target": target}
        actions.extend({"type": "play", "cards": [card], **into, **spot_json(s)} for s in where)
    return actions


def reaction_plays(state: State, seat: int) -> list[tuple[int, list[Spot]]]:
    """The reactions `seat` may play into its own Archive (CSH-11, CSH-12), whoever played the
    card (a player may cancel his own), with their spots; a card with no spot is left out."""
    plays = []
    for card in _distinct(state, state.hands[seat]):
        kind = state.type_of[card]
        if kind.reaction:
            where = archive.spots(state, seat, kind.kind)
            if where:
                plays.append((card, where))
    return plays


def reactions(state: State, seat: int) -> list[dict]:
    return [
        {"type": "react", "card": card, **spot_json(s)}
        for card, where in reaction_plays(state, seat)
        for s in where
    ]


def choice_options(state: State) -> tuple[str, str, list]:
    """The pending choice's action type, the key of its answer, and the answers open."""
    choice = pending(state)
    kind, key = CHOICE_ACTIONS[choice.purpose]
    if choice.purpose == "order":
        return kind, key, [list(order) for order in choice.orders()]
    return kind, key, list(choice.options)


def _choice_actions(state: State) -> list[dict]:
    kind, key, options = choice_options(state)
    return [{"type": kind, key: option} for option in options]


def legal(state: State, seat: int) -> list[dict]:
    if seat not in acting(state):
        return []
    if state.phase is Phase.DRAFT:
        return [{"type": "choose-directorship", "directorship": d} for d in draft.available(state)]
    if state.phase is Phase.TURN:
        return _turn_actions(state, seat)
    if state.phase is Phase.WINDOW:
        return [{"type": "pass"}, *reactions(state, seat)]
    return _choice_actions(state)
