"""Building a position from a description (the FEN of CSH): for rule tests, bug reports and
scripted tables.

Cards are named by their type's id ("E1", "B1"). Every card of the whole set (all
directorships) gets an id, in catalog order, so that a position may use any card whatever the
seats' directorships; each card goes to one place only, and a type has only its `qty` copies;
cards not laid out are out of the game. An Archive is a list of stacks, each bottom to top; a
card named with "!" after its id is face down (canceled), "+2" or "-2" puts tokens on it. The
deck is listed top first, and "ELECTION" places the Election in it (else it is out of the
game). The position is a turn of `current` with `actions` left; the directorships are the
first ones of the catalog unless the options name them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Rng
from .catalog import CATALOG, ELECTION_ID
from .options import OPTIONS
from .state import Phase, State, blank

Stack = Sequence[str]


class _Cards:
    """The card ids still free to lay out, by type id."""

    def __init__(self) -> None:
        self.free: dict[str, list[int]] = {}
        for card, kind in enumerate(t for t in CATALOG.types for _ in range(t.qty)):
            self.free.setdefault(kind.id, []).append(card)

    def take(self, name: str) -> int:
        left = self.free.get(name)
        if not left:
            known = name in CATALOG.by_id
            raise ValueError(f"no {name} left to lay out" if known else f"no card type {name}")
        return left.pop(0)


def _mark(spec: str) -> tuple[str, bool, int]:
    """A card of an Archive: its type id, whether it is face down, its tokens."""
    name, tokens = spec, 0
    for sign in "+-":
        if sign in spec[1:]:
            name, _, amount = spec.partition(sign)
            tokens = int(amount) * (1 if sign == "+" else -1)
    return name.rstrip("!"), name.endswith("!"), tokens


def position(
    seats: int = 3,
    hands: Mapping[int, Sequence[str]] | None = None,
    archives: Mapping[int, Sequence[Stack]] | None = None,
    deck: Sequence[str] = (),
    discard: Sequence[str] = (),
    *,
    current: int = 0,
    start: int = 0,
    actions: int = 2,
    skips: Mapping[int, int] | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    now: float = 0.0,
) -> State:
    """The state described: `hands` and `archives` by seat, the `deck` top first, the
    `discard` pile bottom first, the turn of `current` with `actions` left (turn 1, `start`
    the starting player), `skips` turns to skip by seat; the generator seeded with `seed`.
    Raises ValueError when the description is inconsistent."""
    rules = OPTIONS.resolve({"directorships": _directorships(seats), **(options or {})})
    if len(rules["directorships"]) != seats:
        raise ValueError(f"directorships names one per seat, for {seats} seats")
    for name, seat in (("current", current), ("start", start)):
        if not 0 <= seat < seats:
            raise ValueError(f"{name} is a seat, 0 to {seats - 1}")
    layout = {**(hands or {}), **(archives or {}), **(skips or {})}
    if any(not 0 <= seat < seats for seat in layout):
        raise ValueError(f"seats are 0 to {seats - 1}")
    state = blank(CATALOG, rules, Rng(seed), seats, now)
    state.directorships = list(rules["directorships"])
    state.type_of = tuple(t for t in CATALOG.types for _ in range(t.qty))
    state.down = [False] * len(state.type_of)
    state.tokens = [0] * len(state.type_of)
    state.fixed = [None] * len(state.type_of)
    if list(deck).count(ELECTION_ID) > 1:
        raise ValueError("the deck holds one Election at most")
    cards = _Cards()
    state.election = cards.take(ELECTION_ID)
    in_deck = [state.election if name == ELECTION_ID else cards.take(name) for name in deck]
    state.deck = in_deck[::-1]
    state.hands = [[cards.take(name) for name in (hands or {}).get(s, ())] for s in range(seats)]
    state.discard = [cards.take(name) for name in discard]
    for seat in range(seats):
        for spec in (archives or {}).get(seat, ()):
            if not spec:
                raise ValueError("a stack holds one card at least")
            stack = []
            for name, down, tokens in map(_mark, spec):
                card = cards.take(name)
                state.down[card], state.tokens[card] = down, tokens
                stack.append(card)
            state.archives[seat].append(stack)
    state.skips = [(skips or {}).get(seat, 0) for seat in range(seats)]
    state.phase, state.current, state.start = Phase.TURN, current, start
    state.actions, state.turn = actions, 1
    return state


def _directorships(seats: int) -> tuple[str, ...]:
    return tuple(d.id for d in CATALOG.directorships[:seats])
