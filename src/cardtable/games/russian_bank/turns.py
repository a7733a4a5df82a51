"""Carrying out the actions of the seat on turn (RB-7, RB-11, RB-12, RB-17).

Callers validate first; these functions only mutate. A turn passes only by a discard, by
declaring done with no hand left, or by a stop (RB-17).
"""

from __future__ import annotations

from ...engine import Event, everyone
from . import watch
from .building import DISCARDING, TABLEAU
from .cards import card_json
from .deals import end_deal, new_turn
from .piles import CENTRE, DISCARD, HAND, NAMES, STOCK, TURNED
from .scoring import stalemate_points, win_points
from .state import How, Reason, State


def move_card(state: State, seat: int, source: int, destination: int) -> list[Event]:
    """Move a top card; the stock's next card is face up at once (RB-7.4). Checks RB-12."""
    piles = state.piles
    card = piles[source].pop()
    piles[destination].append(card)
    if source == DISCARD[seat] and not piles[source]:
        state.spread[seat] = False
    watch.after_move(state, destination in CENTRE)
    events = [
        Event(
            "moved",
            {
                "seat": seat,
                "from": NAMES[source],
                "to": NAMES[destination],
                "card": card_json(card),
            },
        )
    ]
    if state.out_of_cards(seat):
        events += end_deal(state, Reason.WIN, How.OUT_OF_CARDS, seat, won_by(state, seat))
    return events


def deal_ended(events: list[Event]) -> bool:
    """True when these events finished the deal (the next one may already be dealt)."""
    return any(event.type == "deal-ended" for event in events)


def won_by(state: State, winner: int) -> list[int]:
    points = [0, 0]
    points[winner] = win_points(state, 1 - winner)
    return points


def play_move(state: State, seat: int, source: int, destination: int, kind: str) -> list[Event]:
    if kind == TABLEAU:
        state.t_changed = True
        state.t_looks = 0
    elif source == TURNED[seat] and kind != DISCARDING:
        state.t_looks = 0  # RB-7.5: he played the turned card, and continues
    events = move_card(state, seat, source, destination)
    if kind == DISCARDING:
        events += end_turn(state)
    return events


def turn_stock(state: State, seat: int) -> list[Event]:
    state.stock_up[seat] = True
    state.t_turned += 1
    state.t_looks += 1
    card = state.piles[STOCK[seat]][-1]
    return [Event("turned", {"seat": seat, "pile": NAMES[STOCK[seat]], "card": card_json(card)})]


def turn_hand(state: State, seat: int) -> list[Event]:
    """Turn the top hand card; an empty hand is first renewed from the discards (RB-11)."""
    piles = state.piles
    hand, events = piles[HAND[seat]], []
    if not hand:
        hand.extend(reversed(piles[DISCARD[seat]]))  # no shuffle: the first discard is on top
        piles[DISCARD[seat]] = []
        state.spread[seat] = False
        events.append(everyone("hand-renewed", seat=seat, cards=len(hand)))
    card = hand.pop()
    piles[TURNED[seat]].append(card)
    state.t_turned += 1
    state.t_looks += 1
    events.append(
        Event("turned", {"seat": seat, "pile": NAMES[HAND[seat]], "card": card_json(card)})
    )
    if not hand:
        events += complete_pass(state, seat)
    return events


def declare_done(state: State, seat: int) -> list[Event]:
    """RB-7.6: with only his stock left a player ends his turn himself; it counts as a pass."""
    events = complete_pass(state, seat)
    return events if deal_ended(events) else events + end_turn(state)


def complete_pass(state: State, seat: int) -> list[Event]:
    drawn = watch.pass_completed(state, seat)
    events = [everyone("pass-completed", seat=seat, passes=state.passes[seat])]
    if drawn:
        events += end_deal(state, Reason.DRAW, How.STALEMATE, None, stalemate_points(state))
    return events


def end_turn(state: State) -> list[Event]:
    """Hand the turn to the other seat, or draw the deal at the no-progress limit."""
    if watch.turn_ended(state):
        return end_deal(state, Reason.DRAW, How.NO_PROGRESS, None, stalemate_points(state))
    state.turn = 1 - state.turn
    state.draw_offer = None
    new_turn(state)
    return [everyone("turn-started", seat=state.turn)]
