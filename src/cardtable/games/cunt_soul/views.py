"""What each seat may see: hands are private; face-down cards and the source order are secret,
even from their owners; face-up and field cards, the pile and the source's count are public,
and so is the source top under a 6-field (CS-57). The public view also describes the pile's
constraint for the next play, as data and as a short phrase."""

from __future__ import annotations

from .placement import power_in_force, top
from .ranks import ACE, HIGHER, TABLE, card_view, card_views, rank_name
from .state import SLOTS, Decision, Phase, State
from .timers import deadline


def _card(state: State, card: int | None) -> dict | None:
    return None if card is None else card_view(state.decks, card)


def _seat(state: State, seat: int) -> dict:
    revealed = state.phase != Phase.SELECT
    return {
        "seat": seat,
        "hand": len(state.hands[seat]),
        "face_up": [
            {"card": _card(state, card), "horizontal": flat}
            for card, flat in zip(state.face_up[seat], state.horizontal[seat], strict=True)
        ],
        "face_down": [card is not None for card in state.face_down[seat]],
        "field": _card(state, state.field[seat]) if revealed else None,
        "field_changes": state.changes[seat],
        "selected": state.selections[seat] is not None,
        "place": state.places.index(seat) + 1 if seat in state.places else None,
    }


def _play(state: State, play) -> dict:
    return {
        "seat": play.seat,
        "cards": card_views(state.decks, play.cards),
        "value": rank_name(play.value),
        "power": None if play.power is None else rank_name(play.power),
        "run": play.run is not None,
        "direction": play.direction,
        "field_direction": play.field_direction,
        "follow_up": play.followup,
        "converted": play.converted,
        "cancelled": play.cancelled,
    }


def _fields(state: State) -> dict:
    fields = state.fields
    return {
        "ranks": {rank_name(rank): n for rank, n in enumerate(fields.counts) if n},
        "hand_size": fields.hand_size,
        "reverse_order": fields.reverse,
        "stack_bonus": 0 if fields.queen else fields.eight,
    }


def constraint(state: State) -> dict:
    """The pile's demand on the next play: structured, with a short human phrase."""
    play = top(state)
    follow_up = (
        state.phase == Phase.PLAY and state.decision == Decision.TURN and state.turn.compelled
    )
    prefix = "follow-up to the Q: " if follow_up else ""
    fields = state.fields
    if play is None or play.value == TABLE:
        return {"kind": "any", "follow_up": follow_up, "text": prefix + "any card"}
    power = power_in_force(state, play)
    value = rank_name(play.value)
    extra = {"value": value, "follow_up": follow_up}
    if power == ACE:
        extra["ace_penalty"] = fields.multiplier(play.count)
    if fields.three and play.value == 3:
        extra["no_new_triples"] = True
    if power == 3:
        return {"kind": "must-3", **extra, "text": prefix + "must play a 3"}
    if power == 7 and play.direction is not None:
        word = "or higher" if play.direction == HIGHER else "or lower"
        return {
            "kind": "seven",
            "direction": play.direction,
            **extra,
            "text": f"{prefix}7 {word} (printed rank)",
        }
    nine = " (2-9 count as equal)" if fields.nine and not play.converted else ""
    if fields.seven and play.field_direction is not None:
        word = "higher" if play.field_direction == HIGHER else "lower"
        return {
            "kind": "field-seven",
            "direction": play.field_direction,
            **extra,
            "text": f"{prefix}equal to or {word} than {value}{nine}",
        }
    if power == 9:
        return {"kind": "any", **extra, "text": prefix + "any card (on a 9)"}
    overrulers = [] if fields.joker else ["2"] if fields.two else ["2", "6", "7", "10"]
    if fields.reverse:
        return {
            "kind": "order",
            "direction": "at-most",
            "overrulers": overrulers,
            **extra,
            "text": f"{prefix}{value} or lower{nine}",
        }
    return {
        "kind": "order",
        "direction": "at-least",
        "overrulers": overrulers,
        **extra,
        "text": f"{prefix}{value} or higher{nine}",
    }


def public_view(state: State) -> dict:
    turn = state.turn
    run = state.run
    return {
        "phase": state.phase.value,
        "dealer": state.dealer,
        "first": state.first,
        "seats": [_seat(state, seat) for seat in range(state.seats)],
        "fields": _fields(state),
        "source": {
            "count": len(state.source),
            "top": _card(state, state.source[-1]) if state.source and state.fields.six else None,
        },
        "pile": [_play(state, play) for play in state.pile],
        "out": len(state.out),  # burned out of the game; each burn's cards are in its event
        "turn": None
        if state.phase != Phase.PLAY
        else {
            "seat": state.current,
            "decision": state.decision.value,
            "extra": turn.extra,
            "plays": turn.plays,
            "direction": "clockwise" if state.direction == 1 else "anticlockwise",
            "deadline": deadline(state),
            "swaps_left": state.swaps_left if state.decision != Decision.TURN else 0,
            "run": None if run is None else {"rank": rank_name(run.rank), "started": run.started},
        },
        "constraint": constraint(state),
        "places": list(state.places),
    }


def seat_view(state: State, seat: int) -> dict:
    ranks = state.ranks
    choice = state.selections[seat] if state.phase == Phase.SELECT else None
    peek = None
    if state.peeked is not None and seat == state.current:
        peek = {"slot": state.peeked, "card": _card(state, state.face_down[seat][state.peeked])}
    return {
        "hand": [_card(state, c) for c in sorted(state.hands[seat], key=lambda c: (ranks[c], c))],
        "selection": None
        if choice is None
        else {
            "face_up": [_card(state, card) for card in choice[0]],
            "field": _card(state, choice[1]),
        },
        "peek": peek,
    }


def secret_view(state: State) -> dict:
    shown_top = 1 if state.source and state.fields.six else 0
    hidden = state.source[: len(state.source) - shown_top]

    def face_down(seat: int) -> list:
        return [
            None
            if card is None or (seat == state.current and slot == state.peeked)
            else _card(state, card)
            for slot, card in zip(range(SLOTS), state.face_down[seat], strict=True)
        ]

    return {
        "source": [_card(state, card) for card in hidden],
        "face_down": {str(seat): face_down(seat) for seat in range(state.seats)},
    }
