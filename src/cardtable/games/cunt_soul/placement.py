"""B.4's legality check: may a play of `count` cards of one printed rank go on the pile now?

The candidate's printed rank is compared with the top play's effective value (CS-5) after the
constraints the top sets: a 3's demand (CS-26), a 7's direction (CS-36), the 3-field's ban on new
triples over a 3 (CS-55), the 7-field's direction (CS-58), a 9's "anything" (CS-38), overrulers
(CS-24, CS-53), and the order itself, reversed by a K-field (CS-63) and flattened by a 9-field
(CS-60).
"""

from __future__ import annotations

from .fields import Fields
from .ranks import HIGHER, JOKER, TABLE
from .state import Play, State


def top(state: State) -> Play | None:
    return state.pile[-1] if state.pile else None


def power_in_force(state: State, play: Play | None) -> int | None:
    """The rank whose ability the play carries, unless a Joker-field cancels it (CS-65)."""
    if play is None or state.fields.joker:
        return None
    return play.power


def overrules(fields: Fields, rank: int) -> bool:
    """2 always; 6, 7 and 10 unless a 2-field is in play; nothing under a Joker-field."""
    if fields.joker:
        return False
    return rank == 2 or (rank in (6, 7, 10) and not fields.two)


def order_key(fields: Fields, rank: int, plain: bool = False) -> int:
    """The rank's place in the order: a 9-field makes 2..9 equal (CS-60) unless `plain`."""
    return 9 if fields.nine and not plain and rank <= 9 else rank


def in_order(fields: Fields, play: Play, rank: int) -> bool:
    """Equal or higher than the top (equal or lower with an odd number of K-fields)."""
    theirs = play.value
    if fields.nine and not play.converted:  # a converted triple's 3 ignores it (CS-56)
        rank, theirs = order_key(fields, rank), order_key(fields, theirs)
    return rank <= theirs if fields.reverse else rank >= theirs


def same_rank_on_top(state: State, rank: int) -> int:
    """How many cards of this printed rank lie consecutively on top, above the triple floor."""
    height = sum(len(play.cards) for play in state.pile)
    found = 0
    for play in reversed(state.pile):
        for card in reversed(play.cards):
            if height - found <= state.triple_floor or state.ranks[card] != rank:
                return found
            found += 1
    return found


def refusal(state: State, rank: int, count: int = 1) -> str | None:
    """B.4: None when `count` cards of printed `rank` may be placed now, else the reason's code.

    One deviation in order from B.4's listing: the 3-field's ban on new triples over a 3 is
    checked before the 7-field's direction, so that CS-55 holds under a 7-field as well.
    """
    pile = state.pile
    if rank == JOKER or not pile:
        return None
    play = pile[-1]
    value = play.value
    if value == TABLE:
        return None
    fields = state.fields
    power = None if fields.joker else play.power
    if power == 3:
        return None if rank == 3 else "must-play-3"
    if power == 7 and play.direction is not None:
        if play.direction == HIGHER:
            return None if rank >= 7 else "seven-says-higher"
        return None if rank <= 7 else "seven-says-lower"
    if fields.three and value == 3 and rank != 3 and same_rank_on_top(state, rank) + count >= 3:
        return "new-triple-on-3"
    if fields.seven and play.field_direction is not None:
        plain = play.converted
        mine, theirs = order_key(fields, rank, plain), order_key(fields, value, plain)
        if play.field_direction == HIGHER:
            return None if mine >= theirs else "field-says-higher"
        return None if mine <= theirs else "field-says-lower"
    if power == 9 or (rank == 2 and not fields.joker) or in_order(fields, play, rank):
        return None
    if overrules(fields, rank):
        return None
    return "too-high" if fields.reverse else "too-low"


def allows(state: State, rank: int, count: int = 1) -> bool:
    return refusal(state, rank, count) is None


def needs_overrule(state: State, rank: int) -> bool:
    """True when a legal play of this rank is legal only through its overrule (CS-48 option)."""
    play = top(state)
    if play is None or play.value == TABLE or rank == JOKER:
        return False
    if power_in_force(state, play) == 9:
        return False
    return overrules(state.fields, rank) and not in_order(state.fields, play, rank)
