"""Actions that are choices: the opening selection (CS-3), the 5's swaps (CS-31, CS-32), the
7 and 7-field directions (CS-36, CS-58) and the J and J-field names (CS-40, CS-61). Each has a
check (every test, nothing changed) and a step (the change)."""

from __future__ import annotations

from ...engine import everyone, only
from .checks import card_list, expect, number, require, slot_of
from .deal import select
from .ranks import DIRECTIONS, card_view
from .resolution import AFTER_FIELD_SEVEN, AFTER_POWER, resume
from .state import FIELD_JACK_CHOICE, FIELD_SEVEN_CHOICE, JACK_CHOICE, SEVEN_CHOICE, SWAP, State
from .turn_queue import MOVE, choosable
from .turns import ask, pass_turn
from .zones import FACE_UP, hand_card_hidden, swap_slots, swap_zone


def _check_select(state: State, seat: int, action: dict):
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


def _select(state: State, seat: int, parsed, events: list) -> None:
    select(state, seat, parsed[0], parsed[1], events)


def _check_swap(state: State, seat: int, action: dict):
    expect(state, SWAP)
    hand_card = number(action, "hand")
    require(hand_card in state.hands[seat], "not-in-hand", "swap a card from your hand")
    slot = slot_of(swap_slots(state, seat), action)
    if state.fields.five and state.options["fivePeek"]:
        require(state.peeked == slot, "peek-first", "look at a face-down card first")
    return hand_card, slot


def _swap(state: State, seat: int, parsed, events: list) -> None:
    hand_card, slot = parsed
    slots = swap_slots(state, seat)
    hand = state.hands[seat]
    slot_card = slots[slot]
    hand[hand.index(hand_card)] = slot_card
    slots[slot] = hand_card
    zone = swap_zone(state)
    state.resolving.swaps.append((hand_card, zone, slot, slot_card))
    if zone == FACE_UP:
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
        ask(state, SWAP)
    else:
        _stop_swapping(state, seat, None, events)


def _check_peek(state: State, seat: int, action: dict):
    expect(state, SWAP)
    require(
        state.fields.five and state.options["fivePeek"],
        "no-peek",
        "you may look only with the fivePeek option under a 5-field",
    )
    require(state.peeked is None, "peeked", "you are already looking at a card")
    return slot_of(state.face_down[seat], action)


def _peek(state: State, seat: int, slot: int, events: list) -> None:
    state.peeked = slot
    events.append(everyone("peeked", seat=seat, slot=slot))
    events.append(
        only([seat], "peek", slot=slot, card=card_view(state.decks, state.face_down[seat][slot]))
    )


def _check_keep(state: State, seat: int, action: dict):
    expect(state, SWAP)
    require(state.peeked is not None, "not-peeking", "look at a face-down card first")


def _keep(state: State, seat: int, parsed, events: list) -> None:
    _next_swap(state, seat, events)


def _check_no_swap(state: State, seat: int, action: dict):
    expect(state, SWAP)
    require(state.peeked is None, "peeking", "swap the card you looked at, or keep it")


def _stop_swapping(state: State, seat: int, parsed, events: list) -> None:
    state.swaps_left = 0
    state.peeked = None
    state.stage = AFTER_POWER
    resume(state, events)


def _check_direction(state: State, seat: int, action: dict):
    expect(state, SEVEN_CHOICE, FIELD_SEVEN_CHOICE)
    direction = action.get("direction")
    require(direction in DIRECTIONS, "bad-direction", "say 'higher' or 'lower'")
    return direction


def _direction(state: State, seat: int, direction: str, events: list) -> None:
    play = state.resolving
    if state.decision == SEVEN_CHOICE:
        play.direction = direction
        state.stage = AFTER_POWER
    else:
        play.field_direction = direction
        state.stage = AFTER_FIELD_SEVEN
    events.append(
        everyone(
            "direction", seat=seat, direction=direction, field=state.decision == FIELD_SEVEN_CHOICE
        )
    )
    resume(state, events)


def _check_choose(state: State, seat: int, action: dict):
    expect(state, JACK_CHOICE, FIELD_JACK_CHOICE)
    chosen = number(action, "seat")
    require(
        chosen in choosable(state, seat),
        "bad-seat-choice",
        "name another player who is still in the game",
    )
    return chosen


def _choose(state: State, seat: int, chosen: int, events: list) -> None:
    events.append(
        everyone("named", seat=seat, chosen=chosen, field=state.decision == FIELD_JACK_CHOICE)
    )
    if state.decision == JACK_CHOICE:
        state.turn.items.append((state.resolving.serial, MOVE, chosen))
        state.stage = AFTER_POWER
        resume(state, events)
    else:
        state.turn.items.append((0, MOVE, chosen))
        pass_turn(state, events)


CHOICE_ACTIONS = {
    "select": (_check_select, _select),
    "swap": (_check_swap, _swap),
    "peek": (_check_peek, _peek),
    "keep": (_check_keep, _keep),
    "no-swap": (_check_no_swap, _stop_swapping),
    "direction": (_check_direction, _direction),
    "choose": (_check_choose, _choose),
}
