"""Applying an action in two halves: a check that raises IllegalAction and changes nothing and
returns what it parsed, then a step that makes the change; then the game runs on until some
seat must act (`flow.advance`). The action shapes are listed in `legal`.

Two actions are not moves. The table's `{"type": "timeout"}`, once the deadline passed (see
`timers`). And a preference: `{"type": "auto-pass", "on": true|false}`, which any seat may send
at any time while the game runs, whether or not it is due to act. With it on, every reaction
window is answered as a pass for that seat the moment it opens (turned on while a window waits
on the seat, it passes that one too). It is public, says nothing about the seat's cards and
changes no clock: the current wait goes on.

An action of a seat not due to act, or of a kind the phase does not take, is refused with the
code that says why (`answered`, `not-your-turn`, `choose-directorship`, `choice-pending`,
`reaction-window`, `unknown-action`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from ...engine import Event, IllegalAction, everyone
from . import archive, draft, effects, flow, window
from .archive import NEW, REPLACE, TOP, Spot
from .legal import CHOICE_ACTIONS, acting, to_act
from .state import NOBODY, Phase, State, pending
from .timers import deadline, default_move

AUTO_PASS = "auto-pass"
TIMEOUT = "timeout"

Check = Callable[[State, Any, dict, float], Any]
Step = Callable[[State, Any, Any, list[Event], float], None]


def _illegal(code: str, message: str) -> NoReturn:
    raise IllegalAction(code, message)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _keys(action: dict, required: set[str], optional: frozenset[str] = frozenset()) -> None:
    keys = set(action) - {"type"}
    if not required <= keys or not keys <= required | optional:
        _illegal("bad-action", f"{action['type']} takes {', '.join(sorted(required | optional))}")


def _due(state: State, seat: int | None, kind: str, phase: Phase) -> int:
    """`seat`, when it is due to act and the game is in `phase`; else refused (`_refuse`)."""
    if seat is None or seat not in acting(state) or state.phase is not phase:
        _refuse(state, seat, kind)
    return seat


def _refuse(state: State, seat: int | None, kind: str) -> NoReturn:
    """Why an action of `kind` is not taken now: `seat` is not due to act, or the phase takes
    other actions."""
    if seat is None or seat not in acting(state):
        if state.phase is Phase.WINDOW:
            _illegal("answered", "this reaction window has your answer already (CSH-10)")
        _illegal("not-your-turn", "another seat is due to act")
    if state.phase is Phase.DRAFT:
        _illegal("choose-directorship", "first choose a directorship (CSH-27)")
    if state.phase is Phase.CHOICE:
        expected = CHOICE_ACTIONS[pending(state).purpose][0]
        _illegal("choice-pending", f"answer the pending choice with {expected}")
    if state.phase is Phase.WINDOW:
        _illegal("reaction-window", "pass or react while a card is being played")
    _illegal("unknown-action", f"{kind!r} is no action here; draw or play")


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


# -- a turn -----------------------------------------------------------------------------------


def check_draw(state: State, seat: int | None, action: dict, now: float) -> None:
    _due(state, seat, action["type"], Phase.TURN)
    _keys(action, set())


def draw(state: State, seat: int, parsed: None, events: list[Event], now: float) -> None:
    flow.draw_action(state)


Play = tuple[list[int], Spot, int]  # the cards, where they go, the target (NOBODY: own)


def check_play(state: State, seat: int | None, action: dict, now: float) -> Play:
    player = _due(state, seat, action["type"], Phase.TURN)
    _keys(action, {"cards", "place"}, frozenset({"slot", "target"}))
    cards = action["cards"]
    hand = state.hands[player]
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
        if not _is_int(target) or not 0 <= target < state.seats or target == player:
            _illegal("bad-target", f"{kind.name} goes into another player's Archive")
        allowed = archive.target_spots(state, target)
    else:
        if "target" in action:
            _illegal("bad-target", f"{kind.name} goes into your own Archive")
        allowed = archive.spots(state, player, kind.kind)
    if spot not in allowed:
        _illegal("bad-place", f"{kind.name} cannot go there (CSH-5 to CSH-7)")
    return list(cards), spot, target


def play(state: State, seat: int, parsed: Play, events: list[Event], now: float) -> None:
    flow.play_action(state, *parsed)


# -- a reaction window ------------------------------------------------------------------------


def check_pass(state: State, seat: int | None, action: dict, now: float) -> None:
    _due(state, seat, action["type"], Phase.WINDOW)
    _keys(action, set())


def pass_(state: State, seat: int, parsed: None, events: list[Event], now: float) -> None:
    window.answer(state, seat)


def check_react(state: State, seat: int | None, action: dict, now: float) -> tuple[int, Spot]:
    reactor = _due(state, seat, action["type"], Phase.WINDOW)
    _keys(action, {"card", "place"}, frozenset({"slot"}))
    card = action["card"]
    if not _is_int(card) or card not in state.hands[reactor]:
        _illegal("not-in-hand", "react with a card from your hand")
    kind = state.type_of[card]
    if not kind.reaction:
        _illegal("not-a-reaction", f"{kind.name} is no reaction card")
    spot = _spot(action)
    if spot not in archive.spots(state, reactor, kind.kind):
        _illegal("bad-place", f"{kind.name} cannot go there (CSH-12)")
    return card, spot


def react(
    state: State, seat: int, parsed: tuple[int, Spot], events: list[Event], now: float
) -> None:
    flow.react_action(state, seat, *parsed)


# -- choices ----------------------------------------------------------------------------------


def check_choice(state: State, seat: int | None, action: dict, now: float) -> Any:
    """An answer to the pending choice: one of its options (an order as a tuple)."""
    _due(state, seat, action["type"], Phase.CHOICE)
    choice = pending(state)
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
    return value


def choose(state: State, seat: int, parsed: Any, events: list[Event], now: float) -> None:
    effects.answer(state, parsed)


def check_directorship(state: State, seat: int | None, action: dict, now: float) -> str:
    _due(state, seat, action["type"], Phase.DRAFT)
    _keys(action, {"directorship"})
    if action["directorship"] not in draft.available(state):
        _illegal("bad-directorship", "choose a directorship nobody has taken")
    return action["directorship"]


def choose_directorship(
    state: State, seat: int, parsed: str, events: list[Event], now: float
) -> None:
    draft.choose(state, seat, parsed)


# -- not moves: the auto-pass preference and the table's timeout -------------------------------


def check_auto_pass(state: State, seat: int | None, action: dict, now: float) -> bool:
    _keys(action, {"on"})
    on = action["on"]
    if not isinstance(on, bool):
        _illegal("bad-action", "auto-pass takes on: true or false")
    return on


def auto_pass(state: State, seat: int, parsed: bool, events: list[Event], now: float) -> None:
    window.set_auto_pass(state, seat, parsed)


Default = tuple[int, Step, Any] | None  # the late seat, its default move's step and parse


def check_timeout(state: State, seat: int | None, action: dict, now: float) -> Default:
    """The deadline has passed: in a window nothing more to check; else the late seat's
    default move, checked like any move."""
    if seat is not None:
        _refuse(state, seat, action["type"])
    if len(action) != 1:
        _illegal("bad-action", "the table only applies timeouts")
    limit = deadline(state)
    if limit is None:
        _illegal("no-timer", "nothing is waiting on a clock")
    if now < limit:
        _illegal("too-early", "the deadline has not passed")
    if state.phase is Phase.WINDOW:
        return None
    (late,) = to_act(state)
    move = default_move(state, late)
    check, step = ACTIONS[move["type"]]
    return late, step, check(state, late, move, now)


def timeout(state: State, seat: None, parsed: Default, events: list[Event], now: float) -> None:
    if parsed is None:
        window.time_out(state)
        return
    late, step, move = parsed
    events.append(everyone("timed-out", seat=late))
    step(state, late, move, events, now)


ACTIONS: dict[str, tuple[Check, Step]] = {
    "draw": (check_draw, draw),
    "play": (check_play, play),
    "pass": (check_pass, pass_),
    "react": (check_react, react),
    **{kind: (check_choice, choose) for kind, _ in CHOICE_ACTIONS.values()},
    "choose-directorship": (check_directorship, choose_directorship),
    AUTO_PASS: (check_auto_pass, auto_pass),
    TIMEOUT: (check_timeout, timeout),
}


def apply(state: State, seat: int | None, action: dict, now: float | None) -> list[Event]:
    """Check `action` for `seat` (None: the table, which only times a wait out), then carry it
    out and run the game on. The clock never goes back; `now` None keeps the last time seen."""
    kind = action["type"]
    if seat is None and kind != TIMEOUT:
        _illegal("bad-action", "the table only applies timeouts")
    if kind not in ACTIONS:
        _refuse(state, seat, kind)
    check, step = ACTIONS[kind]
    clock = state.clock if now is None else max(state.clock, float(now))
    parsed = check(state, seat, action, clock)
    state.clock = clock
    if kind != AUTO_PASS:
        state.since = clock
    events: list[Event] = []
    state.events = events
    step(state, seat, parsed, events, clock)
    flow.advance(state)
    state.events = []
    return events
