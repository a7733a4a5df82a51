"""Actions that move cards: the field change (CS-19), plays from the hand or face-up cards,
blind face-down cards (CS-13, CS-14), the steps and end of a 4-run (CS-27) and the pickup
(CS-6, CS-7). Each has a check (every test, nothing changed) and a step (the change)."""

from __future__ import annotations

from functools import partial

from ...engine import IllegalAction, everyone
from .checks import card_list, expect, number, require, slot_of
from .legal import can_play, field_change_allowed, may_place, run_moves, starts_run
from .pile import pick_up
from .placement import refusal
from .ranks import card_view, card_views
from .resolution import place, start_resolution
from .runs import may_end, run_possible, step_ranks
from .stalemate import progress
from .state import Decision, Run, State
from .turns import ask, end_turn, recount_fields
from .zones import FACE_DOWN, HAND, accessible_zone, remove_from_zone, zone_cards


def _one_rank(state: State, seat: int, zone: str | None, cards: list[int]) -> int:
    if zone is None or zone == FACE_DOWN:
        message = (
            "you cannot play those cards now" if zone is None else "play a face-down card blind"
        )
        raise IllegalAction("not-accessible", message)
    held = zone_cards(state, seat, zone)
    for card in cards:
        if card not in held:
            raise IllegalAction(
                "not-in-hand" if zone == HAND else "not-accessible",
                f"those cards are not in your {zone}",
            )
    ranks = state.ranks
    rank = ranks[cards[0]]
    for card in cards:
        if ranks[card] != rank:
            raise IllegalAction("mixed-ranks", "a play is cards of one rank")
    return rank


def check_field_change(state: State, seat: int, action: dict, now: float | None):
    expect(state, Decision.TURN)
    require(
        field_change_allowed(state, seat),
        "no-field-change",
        "a field change needs the start of your turn (once), a source, fewer than 3 changes "
        "and an unswapped face-up card",
    )
    card, burned = number(action, "card"), number(action, "burn")
    require(card in state.hands[seat], "not-in-hand", "the new field card comes from your hand")
    slots = state.face_up[seat]
    require(
        burned in slots and not state.horizontal[seat][slots.index(burned)],
        "not-burnable",
        "burn one of your face-up cards that is not horizontal",
    )
    return card, slots.index(burned)


def field_change(state: State, seat: int, parsed, events: list, now: float | None) -> None:
    """CS-19: old field to hand, new field from hand (in force at once, CS-21); burn the chosen
    face-up card (under the source with a 10-field); the source top fills its slot sideways."""
    card, slot = parsed
    old, burned = state.field[seat], state.face_up[seat][slot]
    assert old is not None and burned is not None  # `check_field_change` checked
    hand = state.hands[seat]
    hand[hand.index(card)] = old
    state.shown.pop(card, None)
    state.shown[old] = seat
    state.field[seat] = card
    recount_fields(state)
    if state.fields.ten and state.source:
        state.source.insert(0, burned)
    else:
        state.out.append(burned)
        progress(state)
    state.face_up[seat][slot] = state.source.pop()
    state.horizontal[seat][slot] = True
    state.changes[seat] += 1
    state.turn.changed = True
    view = partial(card_view, state.decks)
    events.append(
        everyone(
            "field-changed",
            seat=seat,
            old=view(old),
            new=view(card),
            burned=view(burned),
            slot=slot,
            face_up=view(state.face_up[seat][slot]),
        )
    )


def check_play(state: State, seat: int, action: dict, now: float | None):
    expect(state, Decision.TURN, Decision.RUN)
    cards = card_list(action)
    zone = accessible_zone(state, seat)
    rank = _one_rank(state, seat, zone, cards)
    if state.decision == Decision.RUN:
        require(
            rank in step_ranks(state.current_run(), state.fields.reverse),
            "not-in-run",
            "a run goes on with the next rank or more of the rank it reached",
        )
        step = Run(rank, state.current_run().committed)
        step.started = True
        require(
            run_possible(state, seat, step, removed=set(cards)),
            "run-dead-end",
            "the run could not reach its end from there",
        )
        return zone, cards
    code = refusal(state, rank, len(cards))
    if code is not None:
        raise IllegalAction(code, "that play is not allowed on the pile now")
    if len(cards) == 1 or not state.fields.four:
        return zone, cards  # may_place adds nothing to `refusal` here
    require(
        may_place(state, seat, rank, cards),
        "one-card-only",
        "a 4-field allows several cards only in a 4-run"
        if starts_run(state, rank)
        else "a 4-field allows one card per play",
    )
    return zone, cards


def play(state: State, seat: int, parsed, events: list, now: float | None) -> None:
    zone, cards = parsed
    if state.decision == Decision.RUN:
        _run_step(state, seat, zone, cards, events)
    else:
        place(state, seat, zone, cards, events)


def check_blind(state: State, seat: int, action: dict, now: float | None):
    expect(state, Decision.TURN, Decision.RUN)
    require(
        accessible_zone(state, seat) == FACE_DOWN,
        "not-face-down",
        "you play blind only once your hand and face-up cards are gone",
    )
    if state.decision == Decision.RUN:
        require(
            bool(step_ranks(state.current_run(), state.fields.reverse)),
            "run-over",
            "the run cannot go on",
        )
    return slot_of(state.face_down[seat], action)


def play_blind(state: State, seat: int, slot: int, events: list, now: float | None) -> None:
    """CS-13: the card is turned over; if it may go on, it is played, else the pile and the card
    go into the hand. In a run the card must be the run's next step (CS-14)."""
    card = state.face_down[seat][slot]
    assert card is not None  # `slot_of` checked
    rank = state.ranks[card]
    events.append(
        everyone("revealed-blind", seat=seat, slot=slot, card=card_view(state.decks, card))
    )
    if state.decision == Decision.RUN:
        if rank in step_ranks(state.current_run(), state.fields.reverse):
            _run_step(state, seat, FACE_DOWN, [card], events)
        else:
            _fail(state, seat, slot, events)
    elif refusal(state, rank, 1) is None:
        place(state, seat, FACE_DOWN, [card], events)
    else:
        _fail(state, seat, slot, events)


def _fail(state: State, seat: int, slot: int | None, events: list) -> None:
    """A failed blind card or 4-run: pick up the pile (with the card) and the turn ends."""
    card = None
    state.penalty = 0  # a pickup instead of a play costs no ace penalty (CS-43)
    if slot is not None:
        card = state.face_down[seat][slot]
        state.face_down[seat][slot] = None
    pick_up(state, seat, events, revealed=card)
    end_turn(state, events)


def _run_step(state: State, seat: int, zone: str, cards: list[int], events: list) -> None:
    play = state.resolving_play()
    remove_from_zone(state, seat, zone, cards)
    play.cards.extend(cards)
    play.run = [*(play.run or ()), *cards]
    state.current_run().rank = state.ranks[cards[0]]
    state.current_run().started = True
    events.append(everyone("run-step", seat=seat, zone=zone, cards=card_views(state.decks, cards)))
    options = run_moves(state, seat)
    if any(move["type"] != "end-run" for move in options):
        ask(state, Decision.RUN)
    elif options:
        _close_run(state, events)
    else:
        _fail(state, seat, None, events)


def check_end_run(state: State, seat: int, action: dict, now: float | None):
    expect(state, Decision.RUN)
    require(
        may_end(state.current_run(), state.fields.reverse),
        "run-too-short",
        "a run must reach 6 (or 2 going down)",
    )


def end_run(state: State, seat: int, parsed: None, events: list, now: float | None) -> None:
    _close_run(state, events)


def _close_run(state: State, events: list) -> None:
    """After a run the top is the last card's printed rank with no power (CS-28)."""
    play = state.resolving_play()
    if state.current_run().started:
        play.value, play.power = state.current_run().rank, None
    start_resolution(state, events)


def check_pickup(state: State, seat: int, action: dict, now: float | None):
    expect(state, Decision.TURN)
    zone = accessible_zone(state, seat)
    require(
        zone != FACE_DOWN, "must-try-blind", "in the face-down stage you must try a card (CS-6)"
    )
    require(
        not can_play(state, seat, zone),
        "must-play",
        "you pick up only when you cannot play (CS-6)",
    )


def pickup(state: State, seat: int, parsed, events: list, now: float | None) -> None:
    pick_up(state, seat, events)
    end_turn(state, events)
