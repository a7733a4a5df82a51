"""The discard pile as a whole: burning it (CS-15 to CS-17, CS-39), picking it up (CS-7), the
four-of-a-kind burn (CS-16, CS-68) and the 3-field's triples (CS-54)."""

from __future__ import annotations

from ...engine import everyone
from .ranks import card_views
from .stalemate import progress
from .state import State
from .zones import take_in_sight


def pile_cards(state: State) -> list[int]:
    """Every card on the pile, bottom first."""
    return [card for play in state.pile for card in play.cards]


def clear_pile(state: State) -> list[int]:
    cards = pile_cards(state)
    state.pile.clear()
    state.triple_floor = 0
    return cards


def burn(state: State, events: list, why: str) -> None:
    """Take the pile out of the game, or put it under the source with a 10-field (CS-17).

    The burning player's extra turn is the turn's business (CS-15).
    """
    cards = clear_pile(state)
    under_source = state.fields.ten and bool(state.source)
    if under_source:
        state.source[:0] = cards  # the pile's bottom card becomes the source's bottom card
    else:
        state.out.extend(cards)
        progress(state)
    state.turn.burned = True
    events.append(
        everyone(
            "burned",
            seat=state.current,
            why=why,
            under_source=under_source,
            cards=card_views(state.decks, cards),
        )
    )


def pick_up(state: State, seat: int, events: list, revealed: int | None = None) -> None:
    """The whole pile, and a failed face-down card with it (CS-13), goes into the hand."""
    cards = clear_pile(state)
    if revealed is not None:
        cards.append(revealed)
    take_in_sight(state, seat, cards)
    state.turn.picked_up = True
    events.append(everyone("picked-up", seat=seat, cards=card_views(state.decks, cards)))


def four_of_a_kind(state: State) -> bool:
    """Four or more consecutive cards of one printed rank on top, across plays (CS-16)."""
    ranks = state.ranks
    rank, found = None, 0
    for play in reversed(state.pile):
        for card in reversed(play.cards):
            if rank is None:
                rank = ranks[card]
            elif ranks[card] != rank:
                return False
            found += 1
            if found >= 4:
                return True
    return False


def _top_cards(pile: list, count: int) -> list[int]:
    """The top `count` cards of the pile (fewer if it holds fewer), topmost first."""
    cards: list[int] = []
    for play in reversed(pile):
        cards.extend(reversed(play.cards))
        if len(cards) >= count:
            return cards[:count]
    return cards


def convert_triple(state: State, events: list) -> None:
    """Under a 3-field, three cards of one printed rank on top (above the floor) become a 3
    with the 3's power; the count then restarts (CS-54)."""
    top_cards = _top_cards(state.pile, 3)
    if len(top_cards) < 3:
        return
    ranks = state.ranks
    rank = ranks[top_cards[0]]
    if ranks[top_cards[1]] != rank or ranks[top_cards[2]] != rank:
        return
    height = sum(len(play.cards) for play in state.pile)
    if height - state.triple_floor < 3:
        return
    covered = 0
    for play in reversed(state.pile):
        play.value, play.power, play.converted = 3, 3, True
        covered += len(play.cards)
        if covered >= 3:
            break
    state.triple_floor = height
    events.append(everyone("triple", seat=state.current, rank=rank))
