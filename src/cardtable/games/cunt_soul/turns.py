"""Turns: beginning one (CS-15's extra turn included), and ending it: refilling under the
end-of-turn option, retiring a finisher's field card (CS-23), the end of the game, the J-field's
choice (CS-61) and the turn queue (CS-52)."""

from __future__ import annotations

from ...engine import everyone
from .fields import Fields
from .stalemate import end_in_stalemate, stalled
from .state import Decision, Phase, State, Turn
from .turn_queue import active_seats, choosable, default_next, resolve
from .zones import draw, replenish


def begin_turn(state: State, seat: int, extra: bool, events: list) -> None:
    number = state.turn.number + 1
    state.turn = Turn(number, seat, extra)
    state.quiet += 1
    state.current = seat
    state.resolving = None
    state.run = None
    ask(state, Decision.TURN)
    events.append(everyone("turn", seat=seat, extra=extra))


def ask(state: State, decision: Decision) -> None:
    state.decision = decision
    state.since = state.clock


def recount_fields(state: State) -> None:
    state.fields = Fields([state.ranks[card] for card in state.field if card is not None])


def end_turn(state: State, events: list) -> None:
    """Refill (end-of-turn option), retire a finisher's field card (CS-23), end the game when
    one player is left, else an extra turn after a burn (CS-15), the J-field's choice (CS-61) or
    the turn queue (CS-52)."""
    turn = state.turn
    seat = turn.seat
    state.resolving = None
    state.run = None
    turn.direction = state.direction
    finished = seat in state.places
    if state.options["replenishAtEndOfTurn"] and not finished:
        replenish(state, seat, events)
        draw(state, seat, turn.penalty, events, "ace-penalty")
    field = state.field[seat]
    if finished and field is not None:
        state.out.append(field)
        state.field[seat] = None
        recount_fields(state)
    if state.seats - len(state.places) <= 1:
        state.places.extend(active_seats(state))
        state.phase = Phase.OVER
        state.last_turn = turn
        events.append(everyone("game-ended", order=list(state.places)))
        return
    if stalled(state):
        state.last_turn = turn
        end_in_stalemate(state, events)
        return
    if turn.burned and not finished:
        state.last_turn = turn
        begin_turn(state, seat, True, events)
        return
    jack_field = state.fields.jack and not turn.blocks_jack_field and not turn.picked_up
    if jack_field and not finished and len(choosable(state, seat)) > 1:
        ask(state, Decision.FIELD_JACK)
        return
    pass_turn(state, events)


def pass_turn(state: State, events: list) -> None:
    """Resolve the queue (a pickup voids it: the default next player moves) and begin the
    next player's turn."""
    turn = state.turn
    turn.direction = state.direction
    if turn.picked_up:
        turn.next = default_next(state, turn.seat)
    else:
        turn.next = resolve(state, turn.seat, state.direction, turn.items)
    state.last_turn = turn
    begin_turn(state, turn.next, False, events)
