"""Who is to act and what they may do (the action shapes are listed in actions.py).

The seat on turn acts, or the seat a draw is offered to; while the opponent may stop the seat
on turn, both act. Spreading, squaring and resigning are open to either seat at any time, so
`legal` lists them for a seat that is not due to act too. Only the seat on turn offers a draw,
once a turn.
"""

from __future__ import annotations

from .building import Reach, move_kind
from .order import END_TURN, TURN_HAND, TURN_STOCK, OrderCheck
from .piles import DISCARD, HAND, NAMES, STOCK, TURNED
from .state import Phase, State
from .stops import stop_actions

#: Actions that are never a move of the game: a random player leaves them alone.
ASIDES = frozenset({"spread", "square", "resign", "offer-draw"})


def to_act(state: State) -> frozenset[int]:
    if state.phase is Phase.OVER:
        return frozenset()
    if state.draw_offer is not None:
        return frozenset((1 - state.draw_offer,))
    window = state.window
    if window is not None and window.offender == state.turn:
        return frozenset((0, 1))
    return frozenset((state.turn,))


def legal(state: State, seat: int) -> list[dict]:
    if state.phase is Phase.OVER:
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
