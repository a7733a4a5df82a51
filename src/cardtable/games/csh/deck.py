"""The draw deck: building it (CSH-4), drawing and milling from the top, the Election (CSH-15).

Card ids are dealt to card types in a random order, so an id says nothing about its face: a
canceled card shows only its id (CSH-23). The deck is never reshuffled (CSH-22).
"""

from __future__ import annotations

from ...engine import everyone, only
from .catalog import BASE_SET
from .state import State, face

HAND_SIZE = 5  # seed: "Have each player draw five cards"
ELECTION_DEPTH = 10  # seed: "Take out the last ten cards ... Shuffle the Election Card with these"


def build(state: State) -> None:
    """The base deck and the chosen directorships' cards, shuffled; the Election shuffled
    into the bottom ten (so it is uniformly among the bottom eleven); five cards each."""
    catalog, rng = state.catalog, state.rng
    chosen = {BASE_SET, *state.directorships}
    kinds = [t for t in catalog.types if t.set in chosen for _ in range(t.qty)]
    kinds.append(catalog.election)
    ids = list(range(len(kinds)))
    rng.shuffle(ids)
    type_of = dict(zip(ids, kinds, strict=True))
    state.type_of = tuple(type_of[card] for card in range(len(kinds)))
    state.election = ids[-1]
    state.down = [False] * len(kinds)
    state.tokens = [0] * len(kinds)
    state.fixed = [None] * len(kinds)
    deck = ids[:-1]
    rng.shuffle(deck)
    bottom = [*deck[:ELECTION_DEPTH], state.election]
    rng.shuffle(bottom)
    state.deck = bottom + deck[ELECTION_DEPTH:]
    for seat in range(state.seats):
        draw(state, seat, HAND_SIZE)


def _took_top(state: State) -> None:
    """One card left the top: each seat's knowledge of the top cards shrinks by one."""
    state.peek = [max(0, seen - 1) for seen in state.peek]


def reveal_election(state: State, seat: int) -> None:
    """CSH-15: the Election is revealed and set aside; `seat` drew it; the game's end nears."""
    state.drawer = seat
    state.drawn_on_turn_of = state.current
    state.final_chain = True
    state.events.append(everyone("election-drawn", seat=seat, card=face(state, state.election)))


def draw(state: State, seat: int, count: int) -> list[int]:
    """Draw up to `count` cards into `seat`'s hand. A drawn Election yields no card and is not
    replaced; the other draws go on (CSH-15). An empty deck gives nothing (CSH-2)."""
    deck, hand = state.deck, state.hands[seat]
    got = []
    for _ in range(count):
        if not deck:
            break
        card = deck.pop()
        _took_top(state)
        if card == state.election:
            reveal_election(state, seat)
            continue
        hand.append(card)
        got.append(card)
    if got:
        state.events.append(everyone("drew", seat=seat, count=len(got)))
        state.events.append(only([seat], "you-drew", cards=[face(state, c) for c in got]))
    return got


def mill(state: State, owner: int, count: int) -> None:
    """C.2 MILL: the top cards go face up to the discard pile; a milled Election counts as
    drawn by the card's owner."""
    milled = []
    for _ in range(min(count, len(state.deck))):
        card = state.deck.pop()
        _took_top(state)
        if card == state.election:
            reveal_election(state, owner)
        else:
            state.discard.append(card)
            milled.append(face(state, card))
    state.events.append(everyone("milled", seat=owner, cards=milled))
