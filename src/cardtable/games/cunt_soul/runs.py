"""The 4-run (CS-27 to CS-30, CS-14): which ranks may come next, when it may end, and whether
the cards a player can reach still let him finish it.

A run goes up from 4 and may end at 6 or above, never wrapping past A; with an odd number of
K-fields it goes down and ends at 2. A step is one or more cards of one printed rank from one
zone: the next rank, or more of the rank just reached. Steps cross into the next zone once the
current one is empty (CS-11); face-down cards are tried blind and always count as a chance.
"""

from __future__ import annotations

from .ranks import ACE
from .state import Run, State
from .zones import FACE_DOWN, FACE_UP, zone_cards


def run_done(rank: int, down: bool) -> bool:
    return rank <= 2 if down else rank >= 6


def next_rank(rank: int, down: bool) -> int | None:
    following = rank - 1 if down else rank + 1
    return following if 2 <= following <= ACE else None


def step_ranks(run: Run, down: bool) -> tuple[int, ...]:
    following = next_rank(run.rank, down)
    ranks = () if following is None else (following,)
    return (run.rank, *ranks) if run.started else ranks


def may_end(run: Run, down: bool) -> bool:
    """A lone start ends as an ordinary play unless committed; a started run must be done."""
    return run_done(run.rank, down) if run.started or run.committed else True


def _reach(rank: int, started: bool, present: set[int], down: bool) -> tuple[int, set[int]]:
    """Walk up (or down) through the ranks present; return the rank reached and the ranks
    that could be played on the way."""
    usable = {rank} if started else set()
    while (following := next_rank(rank, down)) in present:
        usable.add(following)
        rank = following
    return rank, usable


def can_finish(rank: int, started: bool, zones: list[tuple[list[int], bool]], down: bool) -> bool:
    """Whether a run at `rank` can still be completed from `zones` (ranks, blind?) in order."""
    if run_done(rank, down):
        return True
    if not zones:
        return False
    ranks, blind = zones[0]
    if blind:
        return bool(ranks)
    present = set(ranks)
    reached, usable = _reach(rank, started, present, down)
    if run_done(reached, down):
        return True
    if present <= usable:  # the whole zone can go into the run: continue in the next zone
        return can_finish(reached, started or bool(present), zones[1:], down)
    return False


def reachable_zones(state: State, seat: int, removed=()) -> list[tuple[list[int], bool]]:
    """The zones a run may still draw on, accessible one first, as (ranks, blind) pairs."""
    ranks = state.ranks
    hand = [ranks[card] for card in state.hands[seat] if card not in removed]
    up = [ranks[card] for card in zone_cards(state, seat, FACE_UP) if card not in removed]
    down = [ranks[card] for card in zone_cards(state, seat, FACE_DOWN) if card not in removed]
    zones: list[tuple[list[int], bool]] = []
    if hand:
        zones.append((hand, False))
    if state.source:
        return zones
    if up:
        zones.append((up, False))
    if down:
        zones.append((down, True))
    return zones


def run_possible(state: State, seat: int, run: Run, removed=()) -> bool:
    zones = reachable_zones(state, seat, removed)
    return can_finish(run.rank, run.started, zones, state.fields.reverse)
