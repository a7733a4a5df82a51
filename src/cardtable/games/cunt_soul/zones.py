"""A player's zones (hand, face-up, face-down), which one he may play from, and drawing.

CS-9 (replenish), CS-10 and CS-12 (access), CS-57 (drawn cards shown under a 6-field), and the
slots a 5 swaps with (CS-31, CS-32).
"""

from __future__ import annotations

from ...engine import everyone, only
from .ranks import card_views
from .stalemate import note_source
from .state import State

HAND, FACE_UP, FACE_DOWN = "hand", "face-up", "face-down"


def accessible_zone(state: State, seat: int) -> str | None:
    """The zone the seat plays from now: hand, then (once the source is gone) face-up, then
    face-down. None when he holds nothing he may play (an empty hand while the source lasts)."""
    if state.hands[seat]:
        return HAND
    if state.source:
        return None
    face_up, face_down = state.face_up[seat], state.face_down[seat]
    if face_up.count(None) < len(face_up):
        return FACE_UP
    if face_down.count(None) < len(face_down):
        return FACE_DOWN
    return None


def zone_cards(state: State, seat: int, zone: str) -> list[int]:
    if zone == HAND:
        return state.hands[seat]
    slots = state.face_up[seat] if zone == FACE_UP else state.face_down[seat]
    return [card for card in slots if card is not None]


def remove_from_zone(state: State, seat: int, zone: str, cards) -> None:
    if zone == HAND:
        hand = state.hands[seat]
        for card in cards:
            hand.remove(card)
            state.shown.pop(card, None)
        return
    slots = state.face_up[seat] if zone == FACE_UP else state.face_down[seat]
    for card in cards:
        slots[slots.index(card)] = None


def holds_nothing(state: State, seat: int) -> bool:
    """No hand, face-up or face-down card left: the seat has finished (CS-23)."""
    face_up, face_down = state.face_up[seat], state.face_down[seat]
    return (
        not state.hands[seat]
        and face_up.count(None) == len(face_up)
        and face_down.count(None) == len(face_down)
    )


def take_in_sight(state: State, seat: int, cards: list[int]) -> None:
    """Cards everyone has seen go into the seat's hand; `state.shown` remembers where, for as
    long as the card stays there (every way out of a hand forgets it: a mark left behind would
    come true again if the card went back unseen, and tell a search bot where it is)."""
    state.hands[seat].extend(cards)
    for card in cards:
        state.shown[card] = seat


def hand_card_hidden(state: State, seat: int) -> None:
    """A card of the seat's hand went face down unseen: the others no longer know which of the
    cards seen going into that hand is still there, so they are forgotten."""
    state.shown = {card: holder for card, holder in state.shown.items() if holder != seat}


def draw(state: State, seat: int, count: int, events: list, why: str) -> None:
    """Move up to `count` cards from the source top into the seat's hand.

    The drawer learns each card; the others learn the count, and the card itself when a 6-field
    turns the source top face up (CS-57).
    """
    count = min(count, len(state.source))
    if count <= 0:
        return
    drawn = [state.source.pop() for _ in range(count)]
    note_source(state)
    if state.fields.six:
        take_in_sight(state, seat, drawn)  # everyone sees each card drawn (CS-57)
    else:
        state.hands[seat].extend(drawn)
    cards = card_views(state.decks, drawn)
    events.append(only([seat], "drew", seat=seat, cards=cards, why=why))
    shown = cards if state.fields.six else None
    events.append(everyone("seat-drew", seat=seat, count=count, cards=shown, why=why))


def replenish(state: State, seat: int, events: list) -> None:
    """Draw up to the hand size in force (CS-9, CS-64); nobody ever discards down."""
    missing = state.fields.hand_size - len(state.hands[seat])
    if missing > 0:
        draw(state, seat, missing, events, "replenish")


def swap_slots(state: State, seat: int) -> list[int | None]:
    """The slots a 5 swaps with: face-up, or face-down under a 5-field (CS-31, CS-32)."""
    return state.face_down[seat] if state.fields.five else state.face_up[seat]


def swap_zone(state: State) -> str:
    return FACE_DOWN if state.fields.five else FACE_UP
