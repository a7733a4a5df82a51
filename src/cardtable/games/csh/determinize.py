"""Determinization for search bots: a CSH state one seat cannot tell from the real one.

Card ids say nothing about their faces (`deck.py`), and a view shows the ids of face-down
Archive cards but not their faces (CSH-23), so a sample keeps every card id where it is and
deals the faces anew: the faces of the other hands, of the deck below the top cards the seat
has seen (O3) or a choice shows it (P5), and of the canceled cards are pooled (in a fixed
order) and shuffled back over those ids. The Election, while undrawn, goes to a random place
among the deck's bottom eleven the seat has not seen (CSH-4 shuffles it into the bottom ten).
The game's own generator is drawn anew. So the sample depends only on what the seat may know
and the given Rng, never on the real faces."""

from __future__ import annotations

from ...engine import Rng
from .deck import ELECTION_DEPTH
from .state import Phase, State
from .views import seen_top


def hidden_cards(state: State, seat: int) -> list[int]:
    """The ids whose faces `seat` cannot see, the Election's excepted, in id order."""
    unseen_deck = state.deck[: len(state.deck) - seen_top(state, seat)]
    hidden = [card for other, hand in enumerate(state.hands) if other != seat for card in hand]
    hidden.extend(unseen_deck)
    hidden.extend(
        card
        for archive in state.archives
        for stack in archive
        for card in stack
        if state.down[card]
    )
    shown = shown_options(state, seat)
    return sorted(card for card in hidden if card != state.election and card not in shown)


def shown_options(state: State, seat: int) -> set[int]:
    """The cards a choice of `seat`'s shows it (a hand it looks at, P5; cards it picks from)."""
    choice = state.choice
    if state.phase is not Phase.CHOICE or choice is None or choice.seat != seat:
        return set()
    if choice.purpose == "order":
        return set(choice.orders()[0])
    if choice.purpose == "card":
        return {card for card in choice.ids() if not state.down[card]}
    return set()


def determinize(state: State, seat: int, rng: Rng) -> State:
    """A copy of `state` with the faces hidden from `seat` dealt anew by `rng`."""
    sample = state.clone(rng=Rng(rng.getrandbits(64)))
    hidden = hidden_cards(state, seat)
    faces = sorted((state.type_of[card] for card in hidden), key=lambda kind: kind.index)
    rng.shuffle(faces)
    type_of = list(state.type_of)
    for card, kind in zip(hidden, faces, strict=True):
        type_of[card] = kind
    sample.type_of = tuple(type_of)
    unseen = len(state.deck) - seen_top(state, seat)
    if state.election in state.deck[:unseen]:
        deck = [card for card in sample.deck if card != state.election]
        deck.insert(rng.randrange(min(unseen, ELECTION_DEPTH + 1)), state.election)
        sample.deck = deck
    return sample
