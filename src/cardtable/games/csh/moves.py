"""The actions of CSH: the legal ones for a seat, and checking one fully before anything changes.

Turn: `{"type": "draw"}` or `{"type": "play", "cards": [ids], "place": "new"|"top"|"replace",
"slot": i, "target": seat}` (slot for top/replace; target only for a PLACE_INTO card, whose
"replace" has no slot when its target picks it, CSH-26). Window (every seat it waits on at
once, CSH-10): `{"type": "pass"}` or `{"type": "react", "card": id, "place": ..., "slot": i}`.
Choices: `choose-seat` (seat), `choose-card` (card), `choose-order` (cards, top first),
`choose-slot` (slot), `choose-directorship` (directorship). The table: `{"type": "timeout"}` once
the deadline passed (in a window: everyone not yet answered passes).

A preference, not a move: `{"type": "auto-pass", "on": true|false}`, which any seat may send at
any time while the game runs, whether or not it is due to act. With it on, every reaction window
is answered as a pass for that seat the moment it opens (turned on while a window waits on the
seat, it passes that one too). It is public and says nothing about the seat's cards. It is not
in `legal`, which lists the moves of the seats due to act (and bots choosing among them would
toggle it for nothing); it changes no clock.

`legal` lists one action per distinct play: Freshmen are interchangeable, so it offers the
lowest ids for each count; copies of a card likewise. `parse` accepts any equivalent ids.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import IllegalAction, everyone
from . import archive, draft, effects, flow, window
from .archive import NEW, REPLACE, TOP, Spot
from .state import CHOICE, DRAFT, NOBODY, OVER, TURN, WINDOW, State

CHOICE_ACTIONS = {
    "target": ("choose-seat", "seat"),
    "next": ("choose-seat", "seat"),
    "card": ("choose-card", "card"),
    "order": ("choose-order", "cards"),
    "slot": ("choose-slot", "slot"),
}


AUTO_PASS = "auto-pass"


def waiting(state: State) -> frozenset[int]:
    """The seats whose input is awaited: in a reaction window every seat that has not answered
    it yet (CSH-10), else the one seat due to act; none once the game is over."""
    if state.phase == OVER:
        return frozenset()
    if state.phase == WINDOW:
        return frozenset(window.waiting(state))
    if state.phase == CHOICE:
        return frozenset((state.choice.seat,))
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
    choice = state.choice
    kind, key = CHOICE_ACTIONS[choice.purpose]
    if choice.purpose == "order":
        return [{"type": kind, key: list(order)} for order in choice.options]
    return [{"type": kind, key: option} for option in choice.options]


def legal(state: State, seat: int) -> list[dict]:
    if seat not in waiting(state):
        return []
    if state.phase == DRAFT:
        return [{"type": "choose-directorship", "directorship": d} for d in draft.available(state)]
    if state.phase == TURN:
        return _turn_actions(state, seat)
    if state.phase == WINDOW:
        return [{"type": "pass"}, *reactions(state, seat)]
    return _choice_actions(state)


def default_action(state: State, seat: int) -> dict:
    """What a timeout does for the one seat due to act: the first directorship left, a Draw
    Action (always legal, CSH-2), or the first option of a choice."""
    if state.phase == TURN:
        return {"type": "draw"}
    return legal(state, seat)[0]


# -- validation -------------------------------------------------------------------------------


def _illegal(code: str, message: str):
    raise IllegalAction(code, message)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _keys(action: dict, required: set[str], optional: frozenset[str] = frozenset()) -> None:
    keys = set(action) - {"type"}
    if not required <= keys or not keys <= required | optional:
        _illegal("bad-action", f"{action['type']} takes {', '.join(sorted(required | optional))}")


def _spot(action: dict) -> Spot:
    how = action.get("place")
    if how == NEW and "slot" not in action:
        return NEW, -1
    if how not in (TOP, REPLACE):
        _illegal("bad-place", "place is new (no slot), top or replace")
    if "slot" not in action:
        return how, -1  # only a PLACE_INTO replacement leaves the slot to its target
    slot = action["slot"]
    if not _is_int(slot) or slot < 0:
        _illegal("bad-place", "a slot is a stack index, 0 or more")
    return how, slot


def _parse_play(state: State, seat: int, action: dict) -> Callable[[], None]:
    _keys(action, {"cards", "place"}, frozenset({"slot", "target"}))
    cards = action["cards"]
    hand = state.hands[seat]
    if (
        not isinstance(cards, list)
        or not cards
        or not all(_is_int(c) for c in cards)
        or len(set(cards)) != len(cards)
    ):
        _illegal("bad-cards", "cards is a list of distinct card ids")
    if not all(c in hand for c in cards):
        _illegal("not-in-hand", "you can only play cards from your hand")
    kinds = [state.type_of[c] for c in cards]
    if len(cards) > 1 and any(k.kind != "freshman" for k in kinds):
        _illegal("one-card", "only Freshmen are played several at once (CSH-8)")
    kind = kinds[0]
    if kind.reaction:
        _illegal("reaction-only", f"{kind.name} is played only in reaction to a card (CSH-11)")
    spot = _spot(action)
    target = action.get("target", NOBODY)
    if kind.placement == "target":
        if not _is_int(target) or not 0 <= target < state.seats or target == seat:
            _illegal("bad-target", f"{kind.name} goes into another player's Archive")
        allowed = archive.target_spots(state, target)
    else:
        if "target" in action:
            _illegal("bad-target", f"{kind.name} goes into your own Archive")
        allowed = archive.spots(state, seat, kind.kind)
    if spot not in allowed:
        _illegal("bad-place", f"{kind.name} cannot go there (CSH-5 to CSH-7)")
    return lambda: flow.play_action(state, list(cards), spot, target)


def _parse_react(state: State, seat: int, action: dict) -> Callable[[], None]:
    _keys(action, {"card", "place"}, frozenset({"slot"}))
    card = action["card"]
    if not _is_int(card) or card not in state.hands[seat]:
        _illegal("not-in-hand", "react with a card from your hand")
    kind = state.type_of[card]
    if not kind.reaction:
        _illegal("not-a-reaction", f"{kind.name} is no reaction card")
    spot = _spot(action)
    if spot not in archive.spots(state, seat, kind.kind):
        _illegal("bad-place", f"{kind.name} cannot go there (CSH-12)")
    return lambda: flow.react_action(state, seat, card, spot)


def _parse_choice(state: State, action: dict) -> Callable[[], None]:
    choice = state.choice
    kind, key = CHOICE_ACTIONS[choice.purpose]
    if action["type"] != kind:
        _illegal("choice-pending", f"answer the pending choice with {kind}")
    _keys(action, {key})
    value = action[key]
    if choice.purpose == "order":
        value = tuple(value) if isinstance(value, list) else None
    if (
        value is None
        or (choice.purpose != "order" and not _is_int(value))
        or (value not in choice.options)
    ):
        _illegal("bad-choice", f"{key} must be one of the options offered")
    return lambda: effects.answer(state, value)


def _parse_draft(state: State, seat: int, action: dict) -> Callable[[], None]:
    if action["type"] != "choose-directorship":
        _illegal("choose-directorship", "first choose a directorship (CSH-27)")
    _keys(action, {"directorship"})
    if action["directorship"] not in draft.available(state):
        _illegal("bad-directorship", "choose a directorship nobody has taken")
    return lambda: draft.choose(state, seat, action["directorship"])


def _parse_timeout(state: State, deadline: float | None, now: float) -> Callable[[], None]:
    if deadline is None:
        _illegal("no-timer", "nothing is waiting on a clock")
    if now < deadline:
        _illegal("too-early", "the deadline has not passed")
    if state.phase == WINDOW:
        return lambda: window.time_out(state)
    (seat,) = waiting(state)
    default = parse(state, seat, default_action(state, seat))

    def timed_out() -> None:
        state.events.append(everyone("timed-out", seat=seat))
        default()

    return timed_out


def _parse_auto_pass(state: State, seat: int, action: dict) -> Callable[[], None]:
    _keys(action, {"on"})
    on = action["on"]
    if not isinstance(on, bool):
        _illegal("bad-action", "auto-pass takes on: true or false")
    return lambda: window.set_auto_pass(state, seat, on)


def parse(
    state: State, seat: int | None, action: dict, deadline: float | None = None, now: float = 0.0
) -> Callable[[], None]:
    """Check `action` for `seat` (None: the table) and return what carries it out.
    Raises IllegalAction before anything changes."""
    kind = action["type"]
    if seat is None:
        if kind != "timeout" or len(action) != 1:
            _illegal("bad-action", "the table only applies timeouts")
        return _parse_timeout(state, deadline, now)
    if kind == AUTO_PASS:
        return _parse_auto_pass(state, seat, action)
    if seat not in waiting(state):
        if state.phase == WINDOW:
            _illegal("answered", "this reaction window has your answer already (CSH-10)")
        _illegal("not-your-turn", "another seat is due to act")
    if state.phase == DRAFT:
        return _parse_draft(state, seat, action)
    if state.phase == CHOICE:
        return _parse_choice(state, action)
    if state.phase == WINDOW:
        if kind == "pass":
            _keys(action, set())
            return lambda: window.answer(state, seat)
        if kind == "react":
            return _parse_react(state, seat, action)
        _illegal("reaction-window", "pass or react while a card is being played")
    if kind == "draw":
        _keys(action, set())
        return lambda: flow.draw_action(state)
    if kind == "play":
        return _parse_play(state, seat, action)
    _illegal("unknown-action", f"{kind!r} is no action here; draw or play")
