"""The deal (CS-1, CS-2), the secret simultaneous selection of face-up and field cards, and
their reveal with the opening draw (CS-3, CS-4)."""

from __future__ import annotations

from ...engine import Rng, everyone, only
from .ranks import card_view, card_views, deck, decks_for, ranks_of
from .state import SLOTS, Phase, State
from .turns import begin_turn, recount_fields
from .zones import replenish

HAND_DEALT = 9


def deal(options: dict, seats: int, rng: Rng, now: float) -> State:
    """Shuffle ⌈seats/4⌉ decks; the dealer is the `dealer` option (a rematch's previous
    sole-cunt, CS-2) or random; 3 face-down and 9 hand cards each, dealt from the left of the
    dealer; the rest is the source pile."""
    dealer = options.get("dealer")
    if dealer is not None and dealer >= seats:
        raise ValueError(f"no seat {dealer} to deal from at a table of {seats}")
    decks = decks_for(seats)
    state = State.empty(options, rng, seats, decks, ranks_of(decks))
    state.clock = state.since = now
    cards = list(range(len(deck(decks))))
    rng.shuffle(cards)
    state.dealer = rng.randrange(seats) if dealer is None else dealer
    state.first = state.current = (state.dealer + 1) % seats
    order = [(state.first + offset) % seats for offset in range(seats)]
    for seat in order:
        state.face_down[seat] = [cards.pop() for _ in range(SLOTS)]
    for seat in order:
        state.hands[seat] = [cards.pop() for _ in range(HAND_DEALT)]
    state.source = cards
    return state


def select(state: State, seat: int, face_up: list[int], field: int, events: list) -> None:
    """Commit a seat's secret choice; once every seat has chosen, reveal them all together."""
    state.selections[seat] = (tuple(face_up), field)
    events.append(
        only(
            [seat],
            "selected",
            face_up=card_views(state.decks, face_up),
            field=card_view(state.decks, field),
        )
    )
    events.append(everyone("seat-selected", seat=seat))
    if all(choice is not None for choice in state.selections):
        reveal(state, events)


def reveal(state: State, events: list) -> None:
    """Turn every choice over at once; fields take effect, then everyone draws up to the hand
    size, clockwise from the first player (the 6-field's face-up source top comes first)."""
    choices = [choice for choice in state.selections if choice is not None]  # every seat's
    for seat, (face_up, field) in enumerate(choices):
        hand = state.hands[seat]
        for card in (*face_up, field):
            hand.remove(card)
        state.face_up[seat] = list(face_up)
        state.field[seat] = field
    recount_fields(state)
    events.append(
        everyone(
            "revealed",
            seats=[
                {
                    "seat": seat,
                    "face_up": card_views(state.decks, face_up),
                    "field": card_view(state.decks, field),
                }
                for seat, (face_up, field) in enumerate(choices)
            ],
        )
    )
    for offset in range(state.seats):
        replenish(state, (state.first + offset) % state.seats, events)
    state.phase = Phase.PLAY
    begin_turn(state, state.first, False, events)
