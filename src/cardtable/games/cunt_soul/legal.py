"""Who is to act, and the legal actions of a seat as JSON-able dicts.

The pieces `legal` is made of (`play_sets`, `run_sets`, `field_change_options`, `swap_choice`)
also make a seat's `can` (affordances.py). Cards of one printed rank are interchangeable (no
rule looks at suits), so `legal` lists each distinct play once, naming the lowest card ids
of that rank; `apply` accepts any cards of the rank. Action shapes:

    {"type": "select", "face_up": [id, id, id], "field": id}      the opening choice (CS-3)
    {"type": "field-change", "card": id, "burn": id}               CS-19
    {"type": "play", "cards": [id, ...]}                           a play, or a 4-run step
    {"type": "play-blind", "slot": k}                              a face-down card (CS-13)
    {"type": "pickup"}                                             CS-6, CS-7
    {"type": "end-run"}                                            CS-27
    {"type": "swap", "hand": id, "slot": k} | {"type": "no-swap"}  the 5 (CS-31, CS-32)
    {"type": "peek", "slot": k} | {"type": "keep"}                 the 5-field with fivePeek
    {"type": "direction", "direction": "higher" | "lower"}         7 and 7-field (CS-36, CS-58)
    {"type": "choose", "seat": k}                                  J and J-field (CS-40, CS-61)
    {"type": "timeout"}                                            the table, seat None (CS-69)
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from .placement import allows, power_in_force, refusal, top
from .ranks import DIRECTIONS, MAX_SEATS
from .runs import may_end, run_possible, step_ranks
from .state import SLOTS, Decision, Phase, Run, State
from .turn_queue import choosable
from .zones import FACE_DOWN, accessible_zone, swap_slots, zone_cards


def to_act(state: State) -> frozenset[int]:
    """Every seat still to select at the start; then the one player to act."""
    if state.phase is Phase.SELECT:
        return frozenset(s for s in range(state.seats) if state.selections[s] is None)
    if state.phase is Phase.PLAY:
        return _ALONE[state.current]
    return frozenset()


# `to_act` while one seat plays: one shared frozenset per seat (they are immutable).
_ALONE = tuple(frozenset((seat,)) for seat in range(MAX_SEATS))


def legal(state: State, seat: int) -> list[dict]:
    if state.phase == Phase.SELECT:
        return selections(state, seat) if state.selections[seat] is None else []
    if state.phase != Phase.PLAY or seat != state.current:
        return []
    decision = state.decision
    if decision == Decision.TURN:
        return turn_moves(state, seat)
    if decision == Decision.RUN:
        return run_moves(state, seat)
    if decision == Decision.SWAP:
        return swap_moves(state, seat)
    if decision in (Decision.SEVEN, Decision.FIELD_SEVEN):
        return [{"type": "direction", "direction": d} for d in DIRECTIONS]
    if decision in (Decision.JACK, Decision.FIELD_JACK):
        return [{"type": "choose", "seat": other} for other in choosable(state, seat)]
    return []


def selections(state: State, seat: int) -> list[dict]:
    hand = sorted(state.hands[seat])
    moves = []
    for face_up in combinations(hand, 3):
        for field in hand:
            if field not in face_up:
                moves.append({"type": "select", "face_up": list(face_up), "field": field})
    return moves


def by_rank(state: State, cards) -> dict[int, list[int]]:
    """Cards grouped by printed rank, each group in id order."""
    groups: dict[int, list[int]] = {}
    ranks = state.ranks
    repeated = False
    for card in cards:
        rank = ranks[card]
        if rank in groups:
            groups[rank].append(card)
            repeated = True
        else:
            groups[rank] = [card]
    if repeated:
        for group in groups.values():
            group.sort()
    return groups


def allowed_by_rank(state: State, cards) -> dict[int, list[int]]:
    """`by_rank` of the cards whose rank the pile allows now, one card of it (`refusal`); more
    cards of a refused rank are refused too. Each rank is checked once."""
    groups: dict[int, list[int]] = {}
    allowed: dict[int, bool] = {}
    ranks = state.ranks
    repeated = False
    for card in cards:
        rank = ranks[card]
        if rank in allowed:
            if allowed[rank]:
                groups[rank].append(card)
                repeated = True
        elif refusal(state, rank) is None:
            allowed[rank] = True
            groups[rank] = [card]
        else:
            allowed[rank] = False
    if repeated:
        for group in groups.values():
            group.sort()
    return groups


def starts_run(state: State, rank: int) -> bool:
    """A 4, or a 6 copying a powered 4, may open a run (CS-27, CS-35)."""
    if state.fields.joker:
        return False
    return rank == 4 or (rank == 6 and power_in_force(state, top(state)) == 4)


def may_place(state: State, seat: int, rank: int, cards: list[int]) -> bool:
    """Legal on the pile, and single under a 4-field unless it opens a run (CS-30)."""
    if not allows(state, rank, len(cards)):
        return False
    if len(cards) == 1 or not state.fields.four:
        return True
    if not starts_run(state, rank):
        return False
    covered = top(state)  # a powered 4, when a 6 copies it
    run = Run(4 if rank == 4 or covered is None else covered.value, committed=True)
    return run_possible(state, seat, run, removed=set(cards))


def burnable(state: State, seat: int) -> list[int]:
    """The face-up cards a field change may burn: those not yet horizontal (CS-19)."""
    return [
        card
        for card, flat in zip(state.face_up[seat], state.horizontal[seat], strict=True)
        if card is not None and not flat
    ]


def field_change_allowed(state: State, seat: int) -> bool:
    """At the start of one's own turn and once in it, fewer than 3 changes, a source, a hand
    card and a face-up card not yet horizontal (CS-18 to CS-20)."""
    return (
        state.turn.plays == 0
        and not state.turn.changed
        and bool(state.source)
        and state.changes[seat] < 3
        and bool(state.hands[seat])
        and bool(burnable(state, seat))
    )


def field_change_options(state: State, seat: int) -> tuple[list[int], list[int]] | None:
    """A field change's choices when one is allowed: one hand card of each rank for the new
    field card, and one face-up card of each rank to burn (CS-18 to CS-20)."""
    if not field_change_allowed(state, seat):
        return None
    burns = [cards[0] for cards in by_rank(state, burnable(state, seat)).values()]
    return [cards[0] for cards in by_rank(state, state.hands[seat]).values()], burns


def turn_moves(state: State, seat: int) -> list[dict]:
    moves = []
    change = field_change_options(state, seat)
    if change is not None:
        news, burns = change
        for card in news:
            for old in burns:
                moves.append({"type": "field-change", "card": card, "burn": old})
    zone = accessible_zone(state, seat)
    if zone == FACE_DOWN:
        moves.extend(blind_moves(state, seat))
        return moves
    moves.extend(play_moves(state, seat, zone) or [{"type": "pickup"}])
    return moves


def can_play(state: State, seat: int, zone: str | None) -> bool:
    """Whether `play_moves` has anything: one card of some rank the pile allows (CS-6)."""
    if zone is None:
        return False
    ranks = state.ranks
    held = {ranks[card] for card in zone_cards(state, seat, zone)}
    return any(refusal(state, rank) is None for rank in held)


#: Cards of one rank a seat may play (in id order) and the counts of them a play may hold: a
#: play of `count` cards is the first `count` (any of the rank will do).
PlaySet = tuple[list[int], list[int]]


def play_sets(state: State, seat: int, zone: str | None) -> list[PlaySet]:
    """The plays from a known zone (hand or face-up), by rank."""
    sets: list[PlaySet] = []
    if zone is None:
        return sets
    # Only the 3-field's triples and the 4-field look at how many cards a play has.
    count_matters = state.fields.three or state.fields.four
    for rank, cards in allowed_by_rank(state, zone_cards(state, seat, zone)).items():
        counts = [1] + [
            count
            for count in range(2, len(cards) + 1)
            if not count_matters or may_place(state, seat, rank, cards[:count])
        ]
        sets.append((cards, counts))
    return sets


def set_plays(sets: list[PlaySet]) -> list[dict]:
    """The play actions of `play_sets` or `run_sets`."""
    return [{"type": "play", "cards": cards[:count]} for cards, counts in sets for count in counts]


def play_moves(state: State, seat: int, zone: str | None) -> list[dict]:
    """The plays from a known zone (hand or face-up)."""
    return set_plays(play_sets(state, seat, zone))


def blind_moves(state: State, seat: int) -> list[dict]:
    return [
        {"type": "play-blind", "slot": slot}
        for slot in range(SLOTS)
        if state.face_down[seat][slot] is not None
    ]


def run_sets(state: State, seat: int, zone: str | None) -> list[PlaySet]:
    """The next steps of a 4-run from a known zone that leave it possible to complete, by rank."""
    run = state.current_run()
    ranks = step_ranks(run, state.fields.reverse)
    if zone is None or zone == FACE_DOWN or not ranks:
        return []
    groups = by_rank(state, zone_cards(state, seat, zone))
    sets: list[PlaySet] = []
    for rank in ranks:
        cards = groups.get(rank, [])
        counts = []
        for count in range(1, len(cards) + 1):
            step = Run(rank, run.committed)
            step.started = True
            if run_possible(state, seat, step, removed=set(cards[:count])):
                counts.append(count)
        if counts:
            sets.append((cards, counts))
    return sets


def run_blind(state: State, seat: int, zone: str | None) -> bool:
    """Whether a 4-run goes on with a face-down card."""
    return zone == FACE_DOWN and bool(step_ranks(state.current_run(), state.fields.reverse))


def run_may_end(state: State) -> bool:
    return may_end(state.current_run(), state.fields.reverse)


def run_moves(state: State, seat: int) -> list[dict]:
    """The next steps of a 4-run that can still be completed, and ending it when allowed."""
    zone = accessible_zone(state, seat)
    moves = blind_moves(state, seat) if run_blind(state, seat, zone) else []
    moves += set_plays(run_sets(state, seat, zone))
    if run_may_end(state):
        moves.append({"type": "end-run"})
    return moves


class SwapChoice(NamedTuple):
    """What a 5 offers now (CS-31, CS-32): swaps of one hand card of each rank into `slots`;
    with fivePeek under a 5-field, first a look at one of `peek` face-down slots, then a swap
    into the slot looked at or `keep`; otherwise `no_swap`."""

    hand: list[int]
    slots: list[int]
    peek: list[int]
    keep: bool


def swap_choice(state: State, seat: int) -> SwapChoice:
    held = swap_slots(state, seat)
    hand = [cards[0] for cards in by_rank(state, state.hands[seat]).values()]
    peeking = state.fields.five and state.options["fivePeek"]
    if peeking and state.peeked is not None:
        return SwapChoice(hand, [state.peeked], [], True)
    slots = [slot for slot in range(SLOTS) if held[slot] is not None]
    return SwapChoice(hand, [] if peeking else slots, slots if peeking else [], False)


def swap_moves(state: State, seat: int) -> list[dict]:
    choice = swap_choice(state, seat)
    moves = [{"type": "peek", "slot": slot} for slot in choice.peek]
    moves += [
        {"type": "swap", "hand": card, "slot": slot}
        for slot in choice.slots
        for card in choice.hand
    ]
    moves.append({"type": "keep"} if choice.keep else {"type": "no-swap"})
    return moves
