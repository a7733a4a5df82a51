"""The law of stops (RB-13, D14): the window, the calls it allows, and the effect of a call.

A window opens at a seat's first order-of-play error in a turn and holds a snapshot of the
state from just before it. It stays open through the rest of the offender's turn and closes
at the opponent's own first move (a stop is not a move). A later error in the same turn is
covered by the same window.

A stop takes effect at the erroneous move, as if called at once: the state returns to the
snapshot, so that move and everything the offender did after it are undone (cards turned up
after it go back face down), except that a stock card once turned stays face up. Then:
* S1: the caller may require one of the offender's own cards that could have gone to the
  centre (stock top, turned hand card, D8 discard top) to be played there;
* S4: the caller must have one compelled card played, to a place he chooses (RB-21);
* the offender's turned hand card, if any, goes onto his discard pile;
* the offender's turn ends and the caller's begins.
"""

from __future__ import annotations

from ...engine import Event, IllegalAction, everyone
from .building import Reach, own_sources
from .order import S1, S4, OrderCheck
from .piles import DISCARD, INDEX, NAMES, TURNED
from .state import Phase, State, Window
from .turns import deal_ended, end_turn, move_card


def open_window(state: State, seat: int, rule: str) -> None:
    """Called before an erroneous move is carried out (classic mode)."""
    if state.window is None:
        state.window = Window(seat, rule, state.clone())


def close_for(state: State, seat: int) -> None:
    """The caller's first move of his turn: a stop he has not called lapses."""
    if state.window is not None and state.window.offender != seat:
        state.window = None


def forced_plays(window: Window) -> list[tuple[int, int]]:
    """The plays the caller may (S1) or must (S4) have the offender make."""
    snapshot, offender = window.snapshot, window.offender
    reach = Reach(snapshot)
    if window.rule == S1:
        return [
            (source, target)
            for source in own_sources(snapshot, offender)
            for target in reach.to_centre(snapshot.piles[source][-1])
        ]
    if window.rule == S4:
        return [
            (source, target)
            for source in OrderCheck(snapshot, offender, reach).compelled()
            for target in reach.plays(offender, source)
        ]
    return []


def stop_actions(state: State, seat: int) -> list[dict]:
    """The stop calls open to `seat` now: none unless the opponent erred and it has not lapsed."""
    window = state.window
    if window is None or window.offender == seat or state.phase is Phase.OVER:
        return []
    plain = [] if window.rule == S4 else [{"type": "stop"}]
    forced = [
        {"type": "stop", "from": NAMES[source], "to": NAMES[target]}
        for source, target in forced_plays(window)
    ]
    return plain + forced


#: A stop call as its check reads it: the window stopped, and the play it requires (S1, S4).
Call = tuple[Window, tuple[int, int] | None]


def check_stop(state: State, seat: int, action: dict) -> Call:
    allowed = stop_actions(state, seat)
    window = state.window
    if window is None or not allowed:
        raise IllegalAction("no-stop", "there is no error to stop")
    if action not in allowed:
        raise IllegalAction("bad-stop", "that stop is not open (RB-13)")
    play = (INDEX[action["from"]], INDEX[action["to"]]) if "from" in action else None
    return window, play


def call_stop(state: State, seat: int, call: Call) -> list[Event]:
    window, play = call
    offender = window.offender
    stock_up, spread = state.stock_up[:], state.spread[:]
    state.restore(window.snapshot)
    state.stock_up = stock_up
    state.spread = [shown and bool(state.piles[DISCARD[s]]) for s, shown in enumerate(spread)]
    events = [everyone("stopped", by=seat, offender=offender, rule=window.rule)]
    if play is not None:
        events += move_card(state, offender, *play)
        if deal_ended(events):
            return events
    if state.piles[TURNED[offender]]:
        events += move_card(state, offender, TURNED[offender], DISCARD[offender])
    return events + end_turn(state)
