"""The actions of Russian Bank: which a seat may take now (`legal`) and taking one (`apply`).

Shapes (piles are the ids of piles.py):
  {"type": "move", "from": pile, "to": pile}     play a card; onto your own discards ends the turn
  {"type": "turn", "pile": "stock:s"|"hand:s"}   turn up your stock top or your next hand card
  {"type": "end-turn"}                           only with no hand and no discards left (RB-7.6)
  {"type": "stop"}, {"type": "stop", "from": pile, "to": pile}   call stop (RB-13)
  {"type": "offer-draw"}, {"type": "accept-draw"}, {"type": "decline-draw"}   (RB-20)
  {"type": "spread"}, {"type": "square"}         show or hide your discards to both (RB-16)
  {"type": "resign"}                             abandon the deal with the forfeit (RB-19)

Spreading, squaring and resigning are open to either seat at any time, so `legal` lists them
for a seat that is not due to act too. Only the seat on turn offers a draw, once a turn.
"""

from __future__ import annotations

from ...engine import IllegalAction, everyone
from .deals import end_deal
from .moves import Reach, check_move, move_kind
from .order import END_TURN, REFUSALS, TURN_HAND, TURN_STOCK, OrderCheck
from .piles import DISCARD, HAND, NAMES, STOCK, TURNED, pile_index
from .scoring import resignation_points
from .state import State
from .stops import call_stop, close_for, open_window, stop_actions
from .turns import declare_done, play_move, turn_hand, turn_stock

#: Actions that are never a move of the game: a random player leaves them alone.
ASIDES = frozenset({"spread", "square", "resign", "offer-draw"})


def legal(state: State, seat: int) -> list[dict]:
    if state.result is not None:
        return []
    offer = state.draw_offer
    actions = []
    if offer is None and seat == state.turn:
        actions += turn_actions(state, seat)
    actions += stop_actions(state, seat)
    if offer is not None and seat != offer:
        actions += [{"type": "accept-draw"}, {"type": "decline-draw"}]
    if offer is None and seat == state.turn and not state.t_offered:
        actions.append({"type": "offer-draw"})
    if state.spread[seat]:
        actions.append({"type": "square"})
    elif state.piles[DISCARD[seat]]:
        actions.append({"type": "spread"})
    actions.append({"type": "resign"})
    return actions


def turn_actions(state: State, seat: int) -> list[dict]:
    """The plays of the seat on turn; assisted mode leaves out order-of-play errors (RB-22)."""
    reach = Reach(state)
    check = OrderCheck(state, seat, reach)
    classic = state.classic

    def allowed(kind: str, source: int | None = None) -> bool:
        return classic or check.error(kind, source) is None

    actions = [
        {"type": "move", "from": NAMES[source], "to": NAMES[target]}
        for source, target in reach.moves(seat)
        if allowed(move_kind(seat, source, target), source)
    ]
    piles = state.piles
    if piles[STOCK[seat]] and not state.stock_up[seat] and allowed(TURN_STOCK):
        actions.append({"type": "turn", "pile": NAMES[STOCK[seat]]})
    has_hand = piles[HAND[seat]] or piles[DISCARD[seat]]
    if has_hand and not piles[TURNED[seat]] and allowed(TURN_HAND):
        actions.append({"type": "turn", "pile": NAMES[HAND[seat]]})
    if state.hand_done(seat) and allowed(END_TURN):
        actions.append({"type": "end-turn"})
    return actions


def apply(state: State, seat: int | None, action: dict) -> list:
    if seat is None:
        raise IllegalAction("no-table-action", "Russian Bank has no table actions")
    handler = HANDLERS.get(action["type"])
    if handler is None:
        raise IllegalAction("bad-action", f"unknown action {action['type']!r}")
    return handler(state, seat, action)


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
    """Validation is over: close the opponent's lapsed window, open one for an error."""
    close_for(state, seat)
    if rule is not None:
        open_window(state, seat, rule)


def do_move(state: State, seat: int, action: dict) -> list:
    expect_keys(action, {"type", "from", "to"})
    require_turn(state, seat)
    source, target = pile_index(action["from"]), pile_index(action["to"])
    if source is None or target is None:
        raise IllegalAction("bad-pile", "from and to must be pile ids such as layout:3")
    kind = check_move(state, seat, source, target)
    begin(state, seat, judge(state, seat, kind, source))
    return play_move(state, seat, source, target, kind)


def do_turn(state: State, seat: int, action: dict) -> list:
    expect_keys(action, {"type", "pile"})
    require_turn(state, seat)
    pile, piles = pile_index(action["pile"]), state.piles
    if pile == STOCK[seat]:
        if not piles[pile]:
            raise IllegalAction("empty-pile", "your stock is empty")
        if state.stock_up[seat]:
            raise IllegalAction("already-up", "your stock card is already face up")
        begin(state, seat, judge(state, seat, TURN_STOCK))
        return turn_stock(state, seat)
    if pile == HAND[seat]:
        if piles[TURNED[seat]]:
            raise IllegalAction("card-turned", "play or discard the card you turned up first")
        if not (piles[pile] or piles[DISCARD[seat]]):
            raise IllegalAction("no-cards", "your hand and discards are empty")
        begin(state, seat, judge(state, seat, TURN_HAND))
        return turn_hand(state, seat)
    raise IllegalAction("bad-pile", "turn up your own stock or hand")


def do_end_turn(state: State, seat: int, action: dict) -> list:
    expect_keys(action, {"type"})
    require_turn(state, seat)
    if not state.hand_done(seat):
        raise IllegalAction("cards-left", "your turn ends by discarding (RB-7.5)")
    begin(state, seat, judge(state, seat, END_TURN))
    return declare_done(state, seat)


def do_stop(state: State, seat: int, action: dict) -> list:
    expect_keys(action, {"type"}, {"type", "from", "to"})
    return call_stop(state, seat, action)


def do_spread(state: State, seat: int, action: dict) -> list:
    expect_keys(action, {"type"})
    if state.spread[seat]:
        raise IllegalAction("already-spread", "your discards are already spread")
    if not state.piles[DISCARD[seat]]:
        raise IllegalAction("empty-pile", "your discard pile is empty")
    state.spread[seat] = True
    return [everyone("spread", seat=seat)]


def do_square(state: State, seat: int, action: dict) -> list:
    expect_keys(action, {"type"})
    if not state.spread[seat]:
        raise IllegalAction("not-spread", "your discards are not spread")
    state.spread[seat] = False
    return [everyone("squared", seat=seat)]


def do_offer(state: State, seat: int, action: dict) -> list:
    expect_keys(action, {"type"})
    require_turn(state, seat)
    if state.t_offered:
        raise IllegalAction("already-offered", "one draw offer a turn")
    state.draw_offer = seat
    state.t_offered = True
    return [everyone("draw-offered", seat=seat)]


def answer_offer(state: State, seat: int, action: dict) -> None:
    expect_keys(action, {"type"})
    if state.draw_offer is None or state.draw_offer == seat:
        raise IllegalAction("no-offer", "no draw has been offered to you")


def do_accept(state: State, seat: int, action: dict) -> list:
    answer_offer(state, seat, action)
    return end_deal(state, "draw", "agreement", None, [0, 0])


def do_decline(state: State, seat: int, action: dict) -> list:
    answer_offer(state, seat, action)
    state.draw_offer = None
    return [everyone("draw-declined", seat=seat)]


def do_resign(state: State, seat: int, action: dict) -> list:
    expect_keys(action, {"type"})
    points = [0, 0]
    points[1 - seat] = resignation_points(state, seat)
    return [
        everyone("resigned", seat=seat),
        *end_deal(state, "resignation", "forfeit", 1 - seat, points),
    ]


HANDLERS = {
    "move": do_move,
    "turn": do_turn,
    "end-turn": do_end_turn,
    "stop": do_stop,
    "spread": do_spread,
    "square": do_square,
    "offer-draw": do_offer,
    "accept-draw": do_accept,
    "decline-draw": do_decline,
    "resign": do_resign,
}
