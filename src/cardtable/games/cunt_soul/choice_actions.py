"""Actions that are choices: the opening selection (CS-3), the 5's swaps (CS-31, CS-32), the
7 and 7-field directions (CS-36, CS-58) and the J and J-field names (CS-40, CS-61). Each has a
check (every test, nothing changed) and a step (the change)."""

from __future__ import annotations

from ...engine import everyone, only
from .checks import card_list, expect, number, require, slot_of
from .deal import select
from .ranks import DIRECTIONS, card_view
from .resolution import AFTER_FIELD_SEVEN, AFTER_POWER, resume
from .state import Decision, State
from .turn_queue import MOVE, choosable
from .turns import ask, pass_turn
from .zones import FACE_UP, hand_card_hidden, swap_slots, swap_zone


def check_select(state: State, seat: int, action: dict, now: float | None):
    face_up = card_list(action, "face_up")
    field = number(action, "field")
    require(len(face_up) == 3, "bad-selection", "choose exactly three face-up cards")
    hand = state.hands[seat]
    require(
        all(card in hand for card in (*face_up, field)),
        "not-in-hand",
        "choose cards from your hand",
    )
    require(field not in face_up, "bad-selection", "the field card is not a face-up card")
    return face_up, field


def select_opening(state: State, seat: int, parsed, events: list, now: float | None) -> None:
    select(state, seat, parsed[0], parsed[1], events)


def check_swap(state: State, seat: int, action: dict, now: float | None):
    expect(state, Decision.SWAP)
    hand_card = number(action, "hand")
    require(hand_card in state.hands[seat], "not-in-hand", "swap a card from your hand")
    slot = slot_of(swap_slots(state, seat), action)
    if state.fields.five and state.options["fivePeek"]:
        require(state.peeked == slot, "peek-first", "look at a face-down card first")
    return hand_card, slot


def swap(state: State, seat: int, parsed, events: list, now: float | None) -> None:
    hand_card, slot = parsed
    slots = swap_slots(state, seat)
    hand = state.hands[seat]
    slot_card = slots[slot]
    hand[hand.index(hand_card)] = slot_card
    slots[slot] = hand_card
    zone = swap_zone(state)
    swaps = state.resolving_play().swaps
    assert swaps is not None  # the 5's resolution began the record
    swaps.append((hand_card, zone, slot, slot_card))
    if zone == FACE_UP:
        state.shown.pop(hand_card, None)
        state.shown[slot_card] = seat
        events.append(
            everyone(
                "swapped",
                seat=seat,
                zone=zone,
                slot=slot,
                face_up=card_view(state.decks, hand_card),
                to_hand=card_view(state.decks, slot_card),
            )
        )
    else:
        hand_card_hidden(state, seat)
        events.append(everyone("swapped", seat=seat, zone=zone, slot=slot))
        events.append(only([seat], "swapped-in", card=card_view(state.decks, slot_card)))
    _next_swap(state, seat, events)


def _next_swap(state: State, seat: int, events: list) -> None:
    state.swaps_left -= 1
    state.peeked = None
    possible = state.hands[seat] and any(c is not None for c in swap_slots(state, seat))
    if state.swaps_left > 0 and possible:
        ask(state, Decision.SWAP)
    else:
        _stop(state, events)


def check_peek(state: State, seat: int, action: dict, now: float | None):
    expect(state, Decision.SWAP)
    require(
        state.fields.five and state.options["fivePeek"],
        "no-peek",
        "you may look only with the fivePeek option under a 5-field",
    )
    require(state.peeked is None, "peeked", "you are already looking at a card")
    return slot_of(state.face_down[seat], action)


def peek(state: State, seat: int, slot: int, events: list, now: float | None) -> None:
    card = state.face_down[seat][slot]
    assert card is not None  # `slot_of` checked
    state.peeked = slot
    events.append(everyone("peeked", seat=seat, slot=slot))
    events.append(only([seat], "peek", slot=slot, card=card_view(state.decks, card)))


def check_keep(state: State, seat: int, action: dict, now: float | None):
    expect(state, Decision.SWAP)
    require(state.peeked is not None, "not-peeking", "look at a face-down card first")


def keep(state: State, seat: int, parsed, events: list, now: float | None) -> None:
    _next_swap(state, seat, events)


def check_no_swap(state: State, seat: int, action: dict, now: float | None):
    expect(state, Decision.SWAP)
    require(state.peeked is None, "peeking", "swap the card you looked at, or keep it")


def stop_swapping(state: State, seat: int, parsed: None, events: list, now: float | None) -> None:
    _stop(state, events)


def _stop(state: State, events: list) -> None:
    state.swaps_left = 0
    state.peeked = None
    state.stage = AFTER_POWER
    resume(state, events)


def check_direction(state: State, seat: int, action: dict, now: float | None):
    expect(state, Decision.SEVEN, Decision.FIELD_SEVEN)
    direction = action.get("direction")
    require(direction in DIRECTIONS, "bad-direction", "say 'higher' or 'lower'")
    return direction


def choose_direction(
    state: State, seat: int, direction: str, events: list, now: float | None
) -> None:
    play = state.resolving_play()
    if state.decision == Decision.SEVEN:
        play.direction = direction
        state.stage = AFTER_POWER
    else:
        play.field_direction = direction
        state.stage = AFTER_FIELD_SEVEN
    events.append(
        everyone(
            "direction",
            seat=seat,
            direction=direction,
            field=state.decision == Decision.FIELD_SEVEN,
        )
    )
    resume(state, events)


def check_name_seat(state: State, seat: int, action: dict, now: float | None):
    expect(state, Decision.JACK, Decision.FIELD_JACK)
    chosen = number(action, "seat")
    require(
        chosen in choosable(state, seat),
        "bad-seat-choice",
        "name another player who is still in the game",
    )
    return chosen


def name_seat(state: State, seat: int, chosen: int, events: list, now: float | None) -> None:
    events.append(
        everyone("named", seat=seat, chosen=chosen, field=state.decision == Decision.FIELD_JACK)
    )
    if state.decision == Decision.JACK:
        state.turn.items.append((state.resolving_play().serial, MOVE, chosen))
        state.stage = AFTER_POWER
        resume(state, events)
    else:
        state.turn.items.append((0, MOVE, chosen))
        pass_turn(state, events)
