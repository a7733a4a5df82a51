"""Drawing cards: the white deck with its reshuffle (K7), the black deck with its exhaustion
rule (K6), filling hands, and the cards Rando plays each round (K12).

A deck is kept as an unordered pile and each draw takes a uniformly random card from it: the
same game as drawing from the top of a shuffled deck, without paying for a shuffle of every
card at the start of each game. A reshuffle is then just the discards joining the pile.

Cards moderators hid during the game (`state.retired`) leave the piles when they are retired,
a hand at its next draw (replaced by fresh cards) and the used cards when they are reshuffled.
"""

from __future__ import annotations

from .state import NO_CARD, State


def take(pile: list[int], rng) -> int:
    """Remove and return a uniformly random card of a non-empty pile."""
    at = int(rng.random() * len(pile))
    card = pile[at]
    pile[at] = pile[-1]
    pile.pop()
    return card


def sample_ordered(items, count: int, rng) -> list:
    """`count` distinct items in random order, each ordered choice equally likely."""
    if count == 1:
        return [items[int(rng.random() * len(items))]]
    rest = list(items)
    return [take(rest, rng) for _ in range(count)]


def shuffled_order(count: int, rng) -> list[int]:
    """A uniformly random permutation of range(count)."""
    order = list(range(count))
    for i in range(count - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        order[i], order[j] = order[j], order[i]
    return order


def drawable(state: State) -> int:
    """White cards that can still be drawn, counting a reshuffle of the discards (K7)."""
    if state.rules.white_reshuffle:
        return len(state.white_deck) + len(state.white_discard)
    return len(state.white_deck)


def _restock(state: State) -> bool:
    """K7 reshuffleDiscards: an empty deck takes the discards. False when nothing is left."""
    deck = state.white_deck
    if deck:
        return True
    if not state.rules.white_reshuffle or not state.white_discard:
        return False
    deck.extend(state.white_discard)
    state.white_discard.clear()
    drop_retired(state, deck, state.white_retired)
    return bool(deck)


def drop_retired(state: State, pile: list[int], into: list[int]) -> int:
    """Move the retired cards of `pile` to `into`; returns how many moved."""
    retired = state.retired
    if not retired:
        return 0
    kept = [card for card in pile if card not in retired]
    gone = len(pile) - len(kept)
    if gone:
        into.extend(card for card in pile if card in retired)
        pile[:] = kept
    return gone


def draw_white(state: State) -> int:
    """One white card, NO_CARD when none is left."""
    return take(state.white_deck, state.rng) if _restock(state) else NO_CARD


def draw_into(state: State, hand: list[int], count: int) -> None:
    """Draw up to `count` cards into `hand` (and one for each retired card it drops); fewer
    when the white cards run out (K7)."""
    count += drop_retired(state, hand, state.white_retired)
    deck, random = state.white_deck, state.rng.random
    for _ in range(count):
        if not deck and not _restock(state):
            return
        at = int(random() * len(deck))
        hand.append(deck[at])
        deck[at] = deck[-1]
        deck.pop()


def fill(state: State, hand: list[int]) -> None:
    """Draw back up to the hand size (retired cards leave the hand first)."""
    drop_retired(state, hand, state.white_retired)
    missing = state.rules.hand_size - len(hand)
    if missing > 0:
        draw_into(state, hand, missing)


def draw_black(state: State) -> int:
    """The next black card, NO_CARD when none is left.

    K6 reshuffleUsed: when the deck is empty, the used black cards nobody won (void rounds,
    tied votes) go back into the deck. Won cards stay with their winners as trophies (K11),
    and cards Rando removed (K12) stay out.
    """
    deck = state.black_deck
    if not deck and state.rules.black_reshuffle:
        deck.extend(state.black_used)
        state.black_used.clear()
        drop_retired(state, deck, state.black_retired)
    return take(deck, state.rng) if deck else NO_CARD


def rando_answer(state: State, pick: int) -> list[int] | None:
    """Rando's cards for this round (K12, implementation note 5), or None if he cannot play.

    digipen (the Czar draws them blind from the deck) and official (a random card from the
    pile for each blank) both take unseen random cards from the white deck; guide: random
    cards from Rando's own hand.
    """
    if not rando_can_answer(state, pick):
        return None
    if state.rules.rando == "guide":
        return [take(state.rando_hand, state.rng) for _ in range(pick)]
    return [draw_white(state) for _ in range(pick)]


def rando_can_answer(state: State, pick: int) -> bool:
    """Rando plays, and has (guide) or can draw (digipen, official) the cards for an answer."""
    variant = state.rules.rando
    if variant == "off":
        return False
    if variant == "guide":
        return len(state.rando_hand) >= pick
    return drawable(state) >= pick
