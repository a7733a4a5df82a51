"""Positions built from a short description, for tests and bots (the FEN of Cunt-Soul).

Cards are named by rank (`"7"`, `"Q"`, `"A"`, `"Joker"`): who holds which in hand, face up,
face down and as field card, the pile bottom first, the source bottom first. Each name takes a
real card of that rank from the table's decks (the lowest id left); every card not named is
out of the game, so a position holds each card exactly once, and naming more cards of a rank
than the decks hold is a ValueError. The position is in the play phase at the start of
`current`'s turn.

    position(hands={0: ["7", "4"], 1: ["8", "6"]}, fields={2: "K"}, pile=["9"])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...engine import Rng
from .fields import Fields
from .options import OPTIONS
from .ranks import JOKER, decks_for, ranks_of
from .state import SLOTS, Phase, Play, State
from .turns import begin_turn

#: Rank by name, as `ranks.rank_name` writes them.
RANKS = {"Joker": JOKER, "J": 11, "Q": 12, "K": 13, "A": 14, **{str(n): n for n in range(2, 11)}}


@dataclass(frozen=True, slots=True)
class Laid:
    """A play on the pile with more to it than its cards: the value it took (a 6 copying an 8:
    `Laid("6", value="8")`), no power in force (`powerless`, as after a run), or a 7's chosen
    direction ("higher" or "lower")."""

    cards: str | Sequence[str]
    value: str | None = None
    powerless: bool = False
    direction: str | None = None


class _Cards:
    """The cards not yet named, by rank, lowest id first."""

    def __init__(self, ranks: tuple[int, ...]):
        self.free: dict[int, list[int]] = {}
        for card, rank in enumerate(ranks):
            self.free.setdefault(rank, []).append(card)

    def take(self, names: Sequence[str]) -> list[int]:
        cards = []
        for name in names:
            if name not in RANKS:
                raise ValueError(f"no rank {name!r}; ranks: {', '.join(RANKS)}")
            left = self.free.get(RANKS[name])
            if not left:
                raise ValueError(f"no {name} left to place: the decks hold no more")
            cards.append(left.pop(0))
        return cards

    def slots(self, names: Sequence[str]) -> list[int | None]:
        if len(names) > SLOTS:
            raise ValueError(f"{len(names)} cards named for {SLOTS} slots")
        return [*self.take(names), *[None] * (SLOTS - len(names))]

    def rest(self) -> list[int]:
        return sorted(card for cards in self.free.values() for card in cards)


def position(
    seats: int = 3,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    face_up: Mapping[int, Sequence[str]] | None = None,
    face_down: Mapping[int, Sequence[str]] | None = None,
    fields: Mapping[int, str] | None = None,
    pile: Sequence[str | Sequence[str] | Laid] = (),
    source: Sequence[str] = (),
    current: int = 0,
    direction: int = 1,
    options: Mapping | None = None,
    shown: Mapping[int, Sequence[str]] | None = None,
    quiet: int = 0,
    seed: int = 0,
) -> State:
    """A play-phase state at the start of `current`'s turn (see the module docstring).

    `direction` is 1 (clockwise) or -1. `shown` names cards of a seat's hand that everyone saw
    go in (a picked-up pile). `quiet` counts the turns without progress, this one included
    (stalemate.py). The pile's plays are the previous seat's, from an earlier turn; `seed`
    seeds the game's generator. Options are resolved as a host's are."""
    described = {"hands": hands, "face_up": face_up, "face_down": face_down, "fields": fields}
    for name, by_seat in described.items():
        for seat in by_seat or {}:
            if not 0 <= seat < seats:
                raise ValueError(f"{name}: no seat {seat} at a table of {seats}")
    if not 0 <= current < seats:
        raise ValueError(f"no seat {current} to act at a table of {seats}")
    if direction not in (1, -1):
        raise ValueError("direction is 1 (clockwise) or -1 (anticlockwise)")
    decks = decks_for(seats)
    ranks = ranks_of(decks)
    state = State.empty(OPTIONS.resolve(options), Rng(seed), seats, decks, ranks)
    cards = _Cards(ranks)
    state.phase = Phase.PLAY
    state.selections = [((), 0)] * seats
    state.hands = [cards.take((hands or {}).get(seat, ())) for seat in range(seats)]
    state.face_up = [cards.slots((face_up or {}).get(seat, ())) for seat in range(seats)]
    state.face_down = [cards.slots((face_down or {}).get(seat, ())) for seat in range(seats)]
    named_fields = fields or {}
    state.field = [
        cards.take([named_fields[seat]])[0] if seat in named_fields else None
        for seat in range(seats)
    ]
    state.fields = Fields([ranks[card] for card in state.field if card is not None])
    state.source = cards.take(source)
    previous = (current - direction) % seats
    state.pile = [
        _play(cards, ranks, entry, -serial, previous) for serial, entry in enumerate(pile, 1)
    ]
    state.out = cards.rest()
    state.dealer = previous
    state.first = current
    state.direction = direction
    for seat, names in (shown or {}).items():
        _show(state, seat, names)
    begin_turn(state, current, False, [])
    state.quiet = max(quiet, state.quiet)
    return state


def _play(cards: _Cards, ranks: tuple[int, ...], entry, serial: int, seat: int) -> Play:
    laid = entry if isinstance(entry, Laid) else Laid(entry)
    names = (laid.cards,) if isinstance(laid.cards, str) else tuple(laid.cards)
    taken = cards.take(names)
    rank = ranks[taken[0]]
    if any(ranks[card] != rank for card in taken):
        raise ValueError(f"a play is cards of one rank, not {', '.join(names)}")
    value = rank if laid.value is None else RANKS[laid.value]
    play = Play(serial, 0, seat, rank, taken, value, None if laid.powerless else value, len(taken))
    play.direction = laid.direction
    return play


def _show(state: State, seat: int, names: Sequence[str]) -> None:
    """Mark cards of the seat's hand, by rank, as seen going in."""
    for name in names:
        unshown = [
            card
            for card in sorted(state.hands[seat])
            if state.ranks[card] == RANKS.get(name) and card not in state.shown
        ]
        if not unshown:
            raise ValueError(f"seat {seat} holds no {name} to show")
        state.shown[unshown[0]] = seat
