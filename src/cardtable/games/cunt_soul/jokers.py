"""Jokers: the value a Joker takes (CS-44, CS-45), the one paradox test (CS-46, CS-48) and the
retroactive cancel of the covered play's power (CS-49 to CS-51)."""

from __future__ import annotations

from ...engine import everyone
from .ranks import JOKER, TABLE, card_views
from .state import Play, State
from .turn_queue import next_without
from .zones import FACE_UP, take_in_sight


def joker_value(state: State, covered: Play | None) -> int:
    """The printed rank of the covered card; a covered Joker's value; `table` on nothing."""
    if covered is None:
        return TABLE
    card = covered.cards[-1]
    return covered.value if state.ranks[card] == JOKER else state.ranks[card]


def is_paradox(state: State, joker: Play, covered: Play) -> bool:
    """CS-46: (b) the Joker is the compelled follow-up of the covered Q (or 6 copying one);
    (a) without the covered play's turn-order items its turn would have passed to someone else
    (an 8, a J naming someone other than the default, a K with more than two players, or a 6
    copying one of them). With the `sixOverrideParadox` option, also a 6 that overruled."""
    if joker.followup:
        return True
    turn = state.last_turn
    moved_others = (
        turn is not None
        and covered.turn == turn.number
        and any(item[0] == covered.serial for item in turn.items)
        and next_without(state, turn, covered.serial) != joker.seat
    )
    six_overruled = state.options["sixOverrideParadox"] and covered.rank == 6 and covered.overruled
    return moved_others or six_overruled


def cancel_retroactively(state: State, covered: Play, events: list) -> None:
    """Undo what the covered play's power did and can still be undone.

    A run's cards after the start go back to the runner's hand (CS-49) unless he has finished;
    each 5 swap is reversed if both cards are still where it put them (CS-50). Everything else
    a power did is simply off from now on (CS-51).
    """
    covered.cancelled = True
    if covered.run and covered.seat not in state.places:
        for card in covered.run:
            covered.cards.remove(card)
        take_in_sight(state, covered.seat, covered.run)
        height = sum(len(play.cards) for play in state.pile)
        state.triple_floor = min(state.triple_floor, height)
        events.append(
            everyone(
                "run-returned",
                seat=covered.seat,
                cards=card_views(state.decks, covered.run),
            )
        )
        covered.run = None
    for moved_out, zone, slot, moved_in in reversed(covered.swaps or ()):
        slots = state.face_up[covered.seat] if zone == FACE_UP else state.face_down[covered.seat]
        hand = state.hands[covered.seat]
        if slots[slot] == moved_out and moved_in in hand:
            hand[hand.index(moved_in)] = moved_out
            slots[slot] = moved_in
            state.shown.pop(moved_in, None)
            if zone == FACE_UP:  # (face down, the card going back down was never seen)
                state.shown[moved_out] = covered.seat
            events.append(everyone("swapped-back", seat=covered.seat, zone=zone, slot=slot))
    covered.swaps = None
