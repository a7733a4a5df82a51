"""Building a position to play on (the tests' FEN): a game at the start of a round, described
by where its cards are, checked so that every card is in exactly one place.

    position({"decks": ["cardtable-gameschool"]}, seats=3, czar=1, pick=2, scores=[0, 2, 1])

is the first round of a 3-seat game with seat 1 judging the first Pick 2 card of the pool,
every hand dealt at random from the white deck. The round then opens as rounds do
(rounds.py `start_round`): DRAW N, Packing Heat and Reboot the Universe deal their extra cards
(K8, K15, K16), Rando's hand is filled (K12 guide) and the timers start.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Decks, Rng
from .cards import pool_for
from .dealing import take
from .game import GAME
from .options import Rules
from .setup import open_game
from .state import NO_CARD, State, fresh


def position(
    options: str | Mapping[str, Any] | None = None,
    *,
    seats: int = 4,
    czar: int = 0,
    black: int | None = None,
    pick: int | None = None,
    draw: int = 0,
    hands: Mapping[int, Sequence[int]] | None = None,
    scores: Sequence[int] | None = None,
    white_deck: Sequence[int] | None = None,
    white_discard: Sequence[int] | None = None,
    black_deck: Sequence[int] | None = None,
    black_used: Sequence[int] | None = None,
    seed: int = 0,
    now: float = 0.0,
    decks: Decks = None,
) -> State:
    """A game of `seats` seats with these options (as `Game.options` takes them, dealing from
    `decks`: our built-in ones by default) at the start
    of its first round, judged by `czar` (nobody under God Is Dead, K18).

    The round's black card is `black`; else the first card of the pool asking for `pick` (with
    `draw`, K8); else one drawn from the black deck. `hands` gives seats their cards (by id);
    the other seats are dealt full hands at random from the white cards placed nowhere. The
    white cards then placed nowhere go to the white deck, or to the discards when the deck is
    given; the black cards likewise to the black deck, or to the used cards. `scores`: the
    points of each seat (0 by default).
    ValueError when a card is in two places or in none, or is not a card of these options.
    """
    resolved = GAME.options(options, decks)
    low, high = GAME.seat_range(resolved)
    if not low <= seats <= high:
        raise ValueError(f"these options take {low} to {high} seats, not {seats}")
    if not 0 <= czar < seats:
        raise ValueError(f"czar {czar} is not a seat of {seats}")
    rng = Rng(seed)
    state = fresh(Rules(resolved), pool_for(resolved, decks), rng, seats, now)
    pool = state.pool
    given = {seat: list(hand) for seat, hand in (hands or {}).items()}
    if not set(given) <= set(range(seats)):
        raise ValueError(f"hands of seats that are not seats of {seats}: {sorted(given)}")
    if black is None and pick is not None:
        black = _black_asking(state, pick, draw)
    placed = [card for hand in given.values() for card in hand]
    rest = _unplaced("white", pool.white_ids, placed, white_deck, white_discard)
    size = state.rules.hand_size
    if len(rest) < size * (seats - len(given)):
        raise ValueError("not enough white cards left to deal the other hands")
    for seat, hand in enumerate(state.hands):
        hand.extend(given[seat] if seat in given else (take(rest, rng) for _ in range(size)))
    state.white_deck, state.white_discard = _piles(rest, white_deck, white_discard)
    chosen = [] if black in (None, pool.haiku) else [black]
    rest = _unplaced("black", pool.black_ids, chosen, black_deck, black_used)
    state.black_deck, state.black_used = _piles(rest, black_deck, black_used)
    if scores is not None:
        if len(scores) != seats:
            raise ValueError(f"{len(scores)} scores for {seats} seats")
        state.scores = list(scores)
    open_game(state, czar, NO_CARD if black is None else black)
    return state


def _black_asking(state: State, pick: int, draw: int) -> int:
    pool = state.pool
    for card in pool.black_ids:
        if pool.pick(card) == pick and pool.draw(card) == draw:
            return card
    raise ValueError(f"no black card of these options asks for pick {pick}, draw {draw}")


def _unplaced(
    colour: str,
    ids: Sequence[int],
    placed: list[int],
    deck: Sequence[int] | None,
    discard: Sequence[int] | None,
) -> list[int]:
    """The cards of `ids` placed nowhere, once every placed card is checked to be one of
    them and to be in one place only."""
    listed = Counter([*placed, *(deck or ()), *(discard or ())])
    known = set(ids)
    stray = sorted(card for card in listed if card not in known)
    if stray:
        raise ValueError(f"not {colour} cards of these options: {stray}")
    twice = sorted(card for card, count in listed.items() if count > 1)
    if twice:
        raise ValueError(f"{colour} cards in two places: {twice}")
    return [card for card in ids if card not in listed]


def _piles(
    rest: list[int], deck: Sequence[int] | None, discard: Sequence[int] | None
) -> tuple[list[int], list[int]]:
    """The deck and the discards (or used black cards): as given, with the cards placed
    nowhere in the deck, or else in the discards."""
    if deck is None:
        return [*rest], list(discard or ())
    if discard is None:
        return list(deck), [*rest]
    if rest:
        raise ValueError(f"cards in no place: {rest}")
    return list(deck), list(discard)
