"""The Archive: slots and stacks, where a card may go, static effects, removal and scoring.

Stacks (CSH-5): one Base card or a pile of Freshmen, optionally topped by exactly one
Directorship card; or a lone Directorship card. Nothing goes under anything or on a canceled
card. A new slot is used only while one is free; when every slot is taken a card needing one
replaces a whole stack (CSH-6, CSH-7). The "unit" an effect takes off a stack is its top card,
where an uncovered Base card or Freshmen pile counts as one unit (C.2 DESTROY).
"""

from __future__ import annotations

from ...engine import everyone
from .state import NOBODY, State, face

BASE_SLOTS = 7  # seed: "The Archive has seven card slots"
NEW, TOP, REPLACE = "new", "top", "replace"
Spot = tuple[str, int]  # (NEW, -1) | (TOP, stack index) | (REPLACE, stack index or -1)


def static(state: State, seat: int, op: str) -> int:
    """The sum of a static effect over the face-up cards in `seat`'s Archive."""
    total = 0
    down, type_of = state.down, state.type_of
    for stack in state.archives[seat]:
        for card in stack:
            effects = type_of[card].static  # empty for most cards
            if effects and not down[card]:
                total += effects.get(op, 0)
    return total


def capacity(state: State, seat: int) -> int:
    """Slots in the Archive: 7, plus R1's SLOTS while it is face up."""
    return BASE_SLOTS + static(state, seat, "slots")


def shielded(state: State, seat: int, actor: int) -> bool:
    """R4 SHIELD: `actor`'s effects may not choose cards in `seat`'s Archive (CSH-24)."""
    return seat != actor and static(state, seat, "shield") > 0


def can_top(state: State, stack: list[int], kind: str) -> bool:
    """Whether a card of `kind` may go on top of `stack`: a Directorship card on an uncovered,
    face-up Base card or Freshman (CSH-5, CSH-12); Freshmen on a pile of Freshmen with no
    canceled card in it (CSH-8)."""
    top = stack[-1]
    if state.down[top]:
        return False
    below = state.type_of[top].kind
    if kind == "directorship":
        return below in ("base", "freshman")
    return kind == "freshman" and below == "freshman" and not any(state.down[c] for c in stack)


def spots(state: State, seat: int, kind: str) -> list[Spot]:
    """Every place a card of `kind` may be played into `seat`'s Archive."""
    archive = state.archives[seat]
    tops = [(TOP, i) for i, stack in enumerate(archive) if can_top(state, stack, kind)]
    if len(archive) < capacity(state, seat):
        return [(NEW, -1), *tops]
    return [*tops, *((REPLACE, i) for i in range(len(archive)))]


def target_spots(state: State, seat: int) -> list[Spot]:
    """Where the player of a PLACE_INTO card may put it in `seat`'s Archive (CSH-26).

    When the Archive is full with no stack to top, (REPLACE, -1): the target chooses the slot.
    """
    archive = state.archives[seat]
    tops = [(TOP, i) for i, stack in enumerate(archive) if can_top(state, stack, "directorship")]
    if len(archive) < capacity(state, seat):
        return [(NEW, -1), *tops]
    return tops or [(REPLACE, -1)]


def _clear(state: State, cards) -> None:
    for card in cards:
        state.down[card] = False
        state.tokens[card] = 0
        state.fixed[card] = None


def backed_up(state: State, seat: int, actor: int) -> bool:
    """R7 BACKUP: cards another player's effect discards from this Archive go to the hand."""
    return actor not in (seat, NOBODY) and static(state, seat, "backup") > 0


def throw_away(state: State, seat: int, cards: list[int], backed: bool) -> None:
    """Cards that left `seat`'s Archive go to the discard pile, or its hand when backed up."""
    _clear(state, cards)
    (state.hands[seat] if backed else state.discard).extend(cards)
    if cards:
        state.events.append(
            everyone(
                "left-archive",
                seat=seat,
                to="hand" if backed else "discard",
                cards=[{"id": c} if backed else face(state, c) for c in cards],
            )
        )


def enforce_capacity(state: State, seat: int, actor: int, reserve: int = 0) -> None:
    """R1: when slots are lost, the stacks in the last slots filled are discarded."""
    archive = state.archives[seat]
    while len(archive) + reserve > capacity(state, seat):
        backed = backed_up(state, seat, actor)
        throw_away(state, seat, archive.pop(), backed)


def place(state: State, seat: int, cards: list[int], spot: Spot, actor: int) -> None:
    """Put played cards into `seat`'s Archive at a legal spot; a replaced stack is discarded
    whole, tokens and canceled cards included (CSH-7)."""
    how, index = spot
    archive = state.archives[seat]
    if how == TOP:
        archive[index].extend(cards)
        return
    if how == NEW:
        archive.append(list(cards))
        return
    backed = backed_up(state, seat, actor)
    old = archive.pop(index)
    throw_away(state, seat, old, backed)
    enforce_capacity(state, seat, actor, reserve=1)
    archive.insert(min(index, len(archive)), list(cards))


def unit(state: State, stack: list[int]) -> list[int]:
    """The top card of a stack; an uncovered Base card or Freshmen pile counts whole."""
    if state.type_of[stack[-1]].kind == "directorship":
        return [stack[-1]]
    return list(stack)


def locate(state: State, card: int) -> tuple[int, int] | None:
    """(seat, stack index) of the stack holding `card`, or None when it is in no Archive."""
    for seat, archive in enumerate(state.archives):
        for index, stack in enumerate(archive):
            if card in stack:
                return seat, index
    return None


def placed(state: State, card: int) -> tuple[int, int]:
    """(seat, stack index) of a card that is in an Archive."""
    where = locate(state, card)
    assert where is not None, f"card {card} is in no Archive"
    return where


def unit_tops(state: State, seats, actor: int) -> list[int]:
    """The top card of every stack in these Archives that `actor`'s effects may choose."""
    return [
        stack[-1]
        for seat in seats
        if not shielded(state, seat, actor)
        for stack in state.archives[seat]
    ]


def take_unit(state: State, top: int, actor: int, to_hand: bool) -> list[int]:
    """Take the unit whose top card is `top` off its stack: into its Archive player's hand
    (C.2 RETURN) or the discard pile (C.2 DESTROY, or the hand under R7)."""
    seat, index = placed(state, top)
    archive = state.archives[seat]
    stack = archive[index]
    cards = unit(state, stack)
    backed = to_hand or backed_up(state, seat, actor)
    del stack[len(stack) - len(cards) :]
    if not stack:
        del archive[index]
    throw_away(state, seat, cards, backed)
    enforce_capacity(state, seat, actor)
    return cards


def _fits(state: State, rest: list[int], cards: list[int]) -> bool:
    """Whether a unit may land on what is left of a stack (nothing: a slot of its own)."""
    if not rest:
        return True
    return (
        len(cards) == 1
        and state.type_of[cards[0]].kind == "directorship"
        and can_top(state, rest, "directorship")
    )


_Side = tuple[int, list[int], list[int]]  # a seat, one of its stacks, the stack's cards after


def _swapped(state: State, first: int, second: int) -> tuple[_Side, _Side] | None:
    """Where a swap of the units topped by `first` and `second` leaves their two stacks: (seat,
    stack, its cards after) for each; None when either would break the stacking rules."""
    (seat_a, index_a), (seat_b, index_b) = placed(state, first), placed(state, second)
    stack_a = state.archives[seat_a][index_a]
    stack_b = state.archives[seat_b][index_b]
    unit_a, unit_b = unit(state, stack_a), unit(state, stack_b)
    rest_a, rest_b = stack_a[: len(stack_a) - len(unit_a)], stack_b[: len(stack_b) - len(unit_b)]
    if not (_fits(state, rest_b, unit_a) and _fits(state, rest_a, unit_b)):
        return None
    return (seat_a, stack_a, rest_a + unit_b), (seat_b, stack_b, rest_b + unit_a)


def swap_units(state: State, first: int, second: int, actor: int) -> bool:
    """C.2 SWAP_ARCHIVE: exchange two top units between Archives, each landing where the
    other was. False (nothing moves) when either would break the stacking rules."""
    swapped = _swapped(state, first, second)
    if swapped is None:
        return False
    for _, stack, after in swapped:
        stack[:] = after
    for seat, _, _ in swapped:
        enforce_capacity(state, seat, actor)
    return True


def swap_swing(state: State, first: int, second: int) -> int | None:
    """The VP `swap_units` would move (CSH-29: the change in every player's total, summed),
    worked out on the two stacks in place and put back, with no copy of the game: only the two
    Archives' totals change, as the same cards stay face up. None where the swap might discard
    (a stack holding R1's slots, an Archive over its capacity, for `enforce_capacity`), or
    stays in one Archive: the caller then tries it on a copy."""
    swapped = _swapped(state, first, second)
    if swapped is None:
        return 0
    (seat_a, stack_a, after_a), (seat_b, stack_b, after_b) = swapped
    if (
        seat_a == seat_b
        or any("slots" in state.type_of[card].static for card in (*stack_a, *stack_b))
        or any(len(state.archives[s]) > capacity(state, s) for s in (seat_a, seat_b))
    ):
        return None
    counts = face_up_counts(state)
    before = _total(state, seat_a, counts), _total(state, seat_b, counts)
    kept_a, kept_b = stack_a[:], stack_b[:]
    stack_a[:], stack_b[:] = after_a, after_b
    try:
        after = _total(state, seat_a, counts), _total(state, seat_b, counts)
    finally:
        stack_a[:], stack_b[:] = kept_a, kept_b
    return abs(after[0] - before[0]) + abs(after[1] - before[1])


def face_up_counts(state: State) -> dict[str, int]:
    """Face-up cards per set across all Archives (C.2 COUNT_VP, CSH-19)."""
    counts: dict[str, int] = {}
    down, type_of = state.down, state.type_of
    for archive in state.archives:
        for stack in archive:
            for card in stack:
                if not down[card]:
                    card_set = type_of[card].set
                    counts[card_set] = counts.get(card_set, 0) + 1
    return counts


def card_vp(state: State, card: int, counts: dict[str, int]) -> int:
    """A card's VP in an Archive: 0 face down (CSH-13); else its printed VP, formula (CSH-19)
    or Coin Flip result, plus its tokens."""
    if state.down[card]:
        return 0
    kind = state.type_of[card]
    fixed = state.fixed[card]
    if fixed is not None:
        printed = fixed
    elif kind.count:
        printed = counts.get(kind.count, 0)
    else:
        printed = kind.vp
    return printed + state.tokens[card]


def _bonus_stacks(state: State, stacks: list[list[int]]) -> int:
    """R3 BASEBONUS counts stacks with a face-up Base card or Freshman at the bottom."""
    down, type_of = state.down, state.type_of
    return sum(
        1 for stack in stacks if not down[stack[0]] and type_of[stack[0]].kind != "directorship"
    )


def seat_total(state: State, seat: int, cards_vp: int) -> int:
    """`seat`'s Archive total (CSH-17): `cards_vp`, the sum of its cards' `card_vp` (every
    face-up card counts, negatives included), plus R3's bonus per stack."""
    stacks = state.archives[seat]
    bonus = static(state, seat, "base-bonus") if stacks else 0
    return cards_vp + bonus * _bonus_stacks(state, stacks) if bonus else cards_vp


def _total(state: State, seat: int, counts: dict[str, int]) -> int:
    stacks = state.archives[seat]
    return seat_total(state, seat, sum(card_vp(state, card, counts) for s in stacks for card in s))


def totals(state: State, counts: dict[str, int] | None = None) -> list[int]:
    """Every seat's Archive total (`seat_total`). `counts`: `face_up_counts(state)`, when the
    caller has it."""
    if counts is None:
        counts = face_up_counts(state)
    return [_total(state, seat, counts) for seat in range(len(state.archives))]


def play_into(state: State, player: int, seat: int, cards: list[int], spot: Spot) -> None:
    """Played cards leave `player`'s hand for `seat`'s Archive face up (CSH-9, CSH-26)."""
    hand = state.hands[player]
    for card in cards:
        hand.remove(card)
    place(state, seat, cards, spot, player)
    state.events.append(
        everyone(
            "card-played",
            seat=player,
            archive=seat,
            place=spot[0],
            slot=spot[1],
            cards=[face(state, c) for c in cards],
        )
    )
