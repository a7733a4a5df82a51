"""Dealing (RB-2, RB-3) and ending a deal, and the match of several deals (RB-18, D12).

A match is one game state spanning `deals` deals: it ends after that many, or as soon as a
seat's total reaches `target`. Its result is the match's (reason "match", with every deal in
its detail); a single deal (the default) reports that deal's own reason and points.
Each deal is shuffled by a generator seeded from the previous one, so the state carries one
int of randomness.
"""

from __future__ import annotations

from ...engine import Event, Result, Rng, everyone
from . import watch
from .cards import PACK_SIZE, RANK, SUIT
from .piles import HAND, LAYOUT, LAYOUT_PER_SEAT, PILE_COUNT, STOCK
from .state import DealEnd, How, Phase, Reason, State

STOCK_SIZE = 12  # RB-3 and D1: twelve, all face down


def new_match(options: dict, seed: int, now: float) -> State:
    """A match whose first deal is dealt from `seed`."""
    state = State(options, seed, now)
    start_deal(state)
    return state


def cut_for_first(rng: Rng) -> tuple[int, list[int]]:
    """RB-2 and D3: each cuts a card from his own pack; the lower rank starts, ties cut again."""
    while True:
        cut = [rng.randrange(PACK_SIZE) + seat * PACK_SIZE for seat in (0, 1)]
        if RANK[cut[0]] != RANK[cut[1]]:
            return (0 if RANK[cut[0]] < RANK[cut[1]] else 1), cut


def start_deal(state: State) -> list[Event]:
    """Shuffle both packs and deal stock, layout and hand to each seat (RB-3)."""
    rng = Rng(state.seed)
    state.deal_no += 1
    if state.deal_no == 1:
        first, state.cut = cut_for_first(rng)
    else:
        first = 1 - state.first  # RB-2: the first turn alternates in later games
    piles = state.piles = [[] for _ in range(PILE_COUNT)]
    for seat in (0, 1):
        pack = list(range(seat * PACK_SIZE, (seat + 1) * PACK_SIZE))
        rng.shuffle(pack)
        piles[STOCK[seat]] = pack[:STOCK_SIZE]
        for offset in range(LAYOUT_PER_SEAT):
            piles[LAYOUT[seat * LAYOUT_PER_SEAT + offset]] = [pack[STOCK_SIZE + offset]]
        piles[HAND[seat]] = pack[STOCK_SIZE + LAYOUT_PER_SEAT :]
    state.seed = rng.getrandbits(63)
    state.stock_up = [False, False]
    state.passes = [0, 0]
    state.spread = [False, False]
    state.draw_offer = None
    state.window = None
    state.first = state.turn = first
    new_turn(state)
    watch.reset(state)
    return [everyone("deal-started", deal=state.deal_no, first=first)]


def cut_faces(state: State) -> list[dict]:
    """The cut of RB-2 as rank and suit only: the cut cards are back in the packs, face down."""
    return [
        {"rank": RANK[card], "suit": SUIT[card], "pack": card // PACK_SIZE} for card in state.cut
    ]


def new_turn(state: State) -> None:
    state.t_turned = 0
    state.t_changed = False
    state.t_looks = 0
    state.t_offered = False


def end_deal(
    state: State, reason: Reason, how: How, winner: int | None, points: list[int]
) -> list[Event]:
    """Record a finished deal, then end the match or deal the next one."""
    record = DealEnd(state.deal_no, reason, how, winner, tuple(points))
    state.history.append(record)
    state.points = [total + gained for total, gained in zip(state.points, points, strict=True)]
    events = [everyone("deal-ended", **record.to_json(), totals=list(state.points))]
    options = state.options
    target = options["target"]
    if state.deal_no >= options["deals"] or (target is not None and max(state.points) >= target):
        state.phase = Phase.OVER
        return [*events, everyone("game-ended", **match_result(state).to_json())]
    return events + start_deal(state)


def match_result(state: State) -> Result:
    """The result of a finished match."""
    if state.options["deals"] == 1:
        record = state.history[0]
        return Result.from_scores(record.reason, state.points, {"how": record.how.value})
    deals = [record.to_json() for record in state.history]
    return Result.from_scores(Reason.MATCH, state.points, {"deals": deals})
