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
    actions = []
    if on_turn(state, seat):
        actions += [action for action, _ in turn_plays(state, seat, judged=False)]
    return actions + stop_actions(state, seat) + side_actions(state, seat)


def on_turn(state: State, seat: int) -> bool:
    """Whether `seat` may play now: its turn, and no draw offer waits for an answer."""
    return state.phase is not Phase.OVER and state.draw_offer is None and seat == state.turn


def side_actions(state: State, seat: int) -> list[dict]:
    """Answering or offering a draw, spreading or squaring one's discards, resigning."""
    offer = state.draw_offer
    actions = []
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


def turn_plays(state: State, seat: int, judged: bool) -> list[tuple[dict, str | None]]:
    """The plays of the seat on turn, each with the order-of-play error it commits (RB-13 S1
    to S4), or None. Assisted mode leaves out the erroneous plays (RB-22); classic mode keeps
    them (a stop may punish them) and names their errors only when `judged`."""
    reach = Reach(state)
    check = OrderCheck(state, seat, reach)
    classic = state.classic
    plays: list[tuple[dict, str | None]] = []

    def offer(action: dict, kind: str, source: int | None = None) -> None:
        if classic and not judged:
            plays.append((action, None))
            return
        error = check.error(kind, source)
        if classic or error is None:
            plays.append((action, error))

    for source, target in reach.moves(seat):
        move = {"type": "move", "from": NAMES[source], "to": NAMES[target]}
        offer(move, move_kind(seat, source, target), source)
    piles = state.piles
    if piles[STOCK[seat]] and not state.stock_up[seat]:
        offer({"type": "turn", "pile": NAMES[STOCK[seat]]}, TURN_STOCK)
    has_hand = piles[HAND[seat]] or piles[DISCARD[seat]]
    if has_hand and not piles[TURNED[seat]]:
        offer({"type": "turn", "pile": NAMES[HAND[seat]]}, TURN_HAND)
    if state.hand_done(seat):
        offer({"type": "end-turn"}, END_TURN)
    return plays
