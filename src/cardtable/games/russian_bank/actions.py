"""Applying an action in two halves: a check that raises IllegalAction and changes nothing, then
a step that makes the change. Only seats act: Russian Bank has no table actions.

Shapes (piles are the ids of piles.py):
  {"type": "move", "from": pile, "to": pile}     play a card; onto your own discards ends the turn
  {"type": "turn", "pile": "stock:s"|"hand:s"}   turn up your stock top or your next hand card
  {"type": "end-turn"}                           only with no hand and no discards left (RB-7.6)
  {"type": "stop"}, {"type": "stop", "from": pile, "to": pile}   call stop (RB-13)
  {"type": "offer-draw"}, {"type": "accept-draw"}, {"type": "decline-draw"}   (RB-20)
  {"type": "spread"}, {"type": "square"}         show or hide your discards to both (RB-16)
  {"type": "resign"}                             abandon the deal with the forfeit (RB-19)

In classic mode an order-of-play error is allowed: its check notes the rule broken, and its
step opens a stop window for the opponent (RB-13, RB-22).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import Event, IllegalAction, everyone
from .building import check_move
from .deals import end_deal
from .order import END_TURN, REFUSALS, TURN_HAND, TURN_STOCK, OrderCheck
from .piles import DISCARD, HAND, STOCK, TURNED, pile_index
from .scoring import resignation_points
from .state import How, Reason, State
from .stops import Call, call_stop, check_stop, close_for, open_window
from .timers import moved
from .turns import declare_done, play_move, turn_hand, turn_stock

Check = Callable[[State, int, dict, float | None], Any]
Step = Callable[[State, int, Any, list[Event], float | None], None]


def expect_keys(action: dict, *shapes: set) -> None:
    if set(action) not in shapes:
        raise IllegalAction("bad-action", f"unexpected fields for a {action['type']} action")


def require_turn(state: State, seat: int) -> None:
    if state.draw_offer is not None:
        raise IllegalAction("draw-offered", "a draw offer awaits an answer")
    if seat != state.turn:
        raise IllegalAction("not-your-turn", "it is not your turn")


def judge(state: State, seat: int, kind: str, source: int | None = None) -> str | None:
    """The order-of-play error of the action: refused in assisted mode, noted in classic."""
    rule = OrderCheck(state, seat).error(kind, source)
    if rule is not None and not state.classic:
        raise IllegalAction(*REFUSALS[rule])
    return rule


def begin(state: State, seat: int, rule: str | None) -> None:
    """The check is over: close the opponent's lapsed window, open one for an error."""
    close_for(state, seat)
    if rule is not None:
        open_window(state, seat, rule)


# -- the seat on turn plays ---------------------------------------------------------------------

#: A move as its check reads it: source and destination piles, its kind, the rule it breaks.
Move = tuple[int, int, str, str | None]


def check_move_action(state: State, seat: int, action: dict, now: float | None) -> Move:
    expect_keys(action, {"type", "from", "to"})
    require_turn(state, seat)
    source, target = pile_index(action["from"]), pile_index(action["to"])
    if source is None or target is None:
        raise IllegalAction("bad-pile", "from and to must be pile ids such as layout:3")
    kind = check_move(state, seat, source, target)
    return source, target, kind, judge(state, seat, kind, source)


def move(state: State, seat: int, parsed: Move, events: list[Event], now: float | None) -> None:
    source, target, kind, rule = parsed
    begin(state, seat, rule)
    events += play_move(state, seat, source, target, kind)


def check_turn(state: State, seat: int, action: dict, now: float | None) -> tuple[int, str | None]:
    """The pile to turn up (the seat's stock or hand), and the rule turning it breaks."""
    expect_keys(action, {"type", "pile"})
    require_turn(state, seat)
    pile, piles = pile_index(action["pile"]), state.piles
    if pile == STOCK[seat]:
        if not piles[pile]:
            raise IllegalAction("empty-pile", "your stock is empty")
        if state.stock_up[seat]:
            raise IllegalAction("already-up", "your stock card is already face up")
        return pile, judge(state, seat, TURN_STOCK)
    if pile == HAND[seat]:
        if piles[TURNED[seat]]:
            raise IllegalAction("card-turned", "play or discard the card you turned up first")
        if not (piles[pile] or piles[DISCARD[seat]]):
            raise IllegalAction("no-cards", "your hand and discards are empty")
        return pile, judge(state, seat, TURN_HAND)
    raise IllegalAction("bad-pile", "turn up your own stock or hand")


def turn(
    state: State,
    seat: int,
    parsed: tuple[int, str | None],
    events: list[Event],
    now: float | None,
) -> None:
    pile, rule = parsed
    begin(state, seat, rule)
    events += turn_stock(state, seat) if pile == STOCK[seat] else turn_hand(state, seat)


def check_end_turn(state: State, seat: int, action: dict, now: float | None) -> str | None:
    expect_keys(action, {"type"})
    require_turn(state, seat)
    if not state.hand_done(seat):
        raise IllegalAction("cards-left", "your turn ends by discarding (RB-7.5)")
    return judge(state, seat, END_TURN)


def end_turn(
    state: State, seat: int, rule: str | None, events: list[Event], now: float | None
) -> None:
    begin(state, seat, rule)
    events += declare_done(state, seat)


# -- stops, discards shown, draws, resigning ----------------------------------------------------


def check_stop_action(state: State, seat: int, action: dict, now: float | None) -> Call:
    expect_keys(action, {"type"}, {"type", "from", "to"})
    return check_stop(state, seat, action)


def stop(state: State, seat: int, call: Call, events: list[Event], now: float | None) -> None:
    events += call_stop(state, seat, call)


def check_spread(state: State, seat: int, action: dict, now: float | None) -> None:
    expect_keys(action, {"type"})
    if state.spread[seat]:
        raise IllegalAction("already-spread", "your discards are already spread")
    if not state.piles[DISCARD[seat]]:
        raise IllegalAction("empty-pile", "your discard pile is empty")


def spread(state: State, seat: int, parsed: None, events: list[Event], now: float | None) -> None:
    state.spread[seat] = True
    events.append(everyone("spread", seat=seat))


def check_square(state: State, seat: int, action: dict, now: float | None) -> None:
    expect_keys(action, {"type"})
    if not state.spread[seat]:
        raise IllegalAction("not-spread", "your discards are not spread")


def square(state: State, seat: int, parsed: None, events: list[Event], now: float | None) -> None:
    state.spread[seat] = False
    events.append(everyone("squared", seat=seat))


def check_offer(state: State, seat: int, action: dict, now: float | None) -> None:
    expect_keys(action, {"type"})
    require_turn(state, seat)
    if state.t_offered:
        raise IllegalAction("already-offered", "one draw offer a turn")


def offer(state: State, seat: int, parsed: None, events: list[Event], now: float | None) -> None:
    state.draw_offer = seat
    state.t_offered = True
    events.append(everyone("draw-offered", seat=seat))


def check_answer(state: State, seat: int, action: dict, now: float | None) -> None:
    """Accepting or declining: only the seat a draw was offered to answers."""
    expect_keys(action, {"type"})
    if state.draw_offer is None or state.draw_offer == seat:
        raise IllegalAction("no-offer", "no draw has been offered to you")


def accept(state: State, seat: int, parsed: None, events: list[Event], now: float | None) -> None:
    events += end_deal(state, Reason.DRAW, How.AGREEMENT, None, [0, 0])


def decline(state: State, seat: int, parsed: None, events: list[Event], now: float | None) -> None:
    state.draw_offer = None
    events.append(everyone("draw-declined", seat=seat))


def check_resign(state: State, seat: int, action: dict, now: float | None) -> None:
    expect_keys(action, {"type"})


def resign(state: State, seat: int, parsed: None, events: list[Event], now: float | None) -> None:
    points = [0, 0]
    points[1 - seat] = resignation_points(state, seat)
    events.append(everyone("resigned", seat=seat))
    events += end_deal(state, Reason.RESIGNATION, How.FORFEIT, 1 - seat, points)


ACTIONS: dict[str, tuple[Check, Step]] = {
    "move": (check_move_action, move),
    "turn": (check_turn, turn),
    "end-turn": (check_end_turn, end_turn),
    "stop": (check_stop_action, stop),
    "spread": (check_spread, spread),
    "square": (check_square, square),
    "offer-draw": (check_offer, offer),
    "accept-draw": (check_answer, accept),
    "decline-draw": (check_answer, decline),
    "resign": (check_resign, resign),
}


def apply(state: State, seat: int | None, action: dict, now: float | None) -> list[Event]:
    """Check, then step; the action restarts the time per move (timers.py)."""
    if seat is None:
        raise IllegalAction("no-table-action", "Russian Bank has no table actions")
    entry = ACTIONS.get(action["type"])
    if entry is None:
        raise IllegalAction("bad-action", f"unknown action {action['type']!r}")
    check, step = entry
    parsed = check(state, seat, action, now)
    events: list[Event] = []
    step(state, seat, parsed, events, now)
    moved(state, action["type"], now)
    return events
