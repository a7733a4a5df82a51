"""Determinization for search bots: a full state that one seat cannot tell from the real one.

The sampled state keeps everything the seat knows: what its view shows (its hand, every
face-up and field card, the pile, the source top under a 6-field, a face-down card it is
peeking at, every count) and the cards everyone saw go into a hand that still holds them
(`State.shown`). Every other card is dealt anew, at random, into the places the seat cannot
see: the rest of the other hands, the face-down slots, the source below its shown top, and the
burned cards. The hidden cards are pooled in id order before the shuffle, so the result
depends only on that knowledge, the turn bookkeeping that follows from public plays, and the
given Rng, never on where the hidden cards really are. The opening selection is not sampled
(NotImplementedError, as `Game.determinize` allows): a search bot plays it by its policy.
"""

from __future__ import annotations

from ...engine import Rng
from .state import Phase, State


def _visible(state: State, seat: int) -> set[int]:
    """Every card id whose place the seat knows: its view shows it, or everyone saw it go into
    the hand that still holds it (a card leaves a hand only in sight, or the hand is forgotten:
    `zones.hand_card_hidden`)."""
    seen = set(state.hands[seat])
    seen.update(
        card
        for other, hand in enumerate(state.hands)
        for card in hand
        if state.shown.get(card) == other
    )
    for slots in state.face_up:
        seen.update(card for card in slots if card is not None)
    seen.update(card for card in state.field if card is not None)
    seen.update(card for play in state.pile for card in play.cards)
    if state.source and state.fields.six:
        seen.add(state.source[-1])
    if state.peeked is not None and seat == state.current:
        peeked = state.face_down[seat][state.peeked]
        if peeked is not None:
            seen.add(peeked)
    return seen


def determinize(state: State, seat: int, rng: Rng) -> State:
    """A copy of a play-phase `state` with every card hidden from `seat` dealt anew by `rng`."""
    if state.phase != Phase.PLAY:
        raise NotImplementedError("only play-phase states are determinized")
    sample = state.clone()
    sample.rng = Rng(rng.getrandbits(64))
    seen = _visible(state, seat)
    # (zone, index) of each hidden card: hands, the source and the burned cards hold ints,
    # face-down slots None once played.
    places: list[tuple[list[int] | list[int | None], int]] = []
    for other in range(state.seats):
        if other != seat:
            hand = sample.hands[other]
            places.extend((hand, index) for index in range(len(hand)))
        slots = sample.face_down[other]
        places.extend((slots, k) for k, card in enumerate(slots) if card is not None)
    source = sample.source
    places.extend((source, index) for index in range(len(source)) if source[index] not in seen)
    places.extend((sample.out, index) for index in range(len(sample.out)))
    places = [(zone, index) for zone, index in places if zone[index] not in seen]
    pool = sorted(card for zone, index in places if (card := zone[index]) is not None)
    rng.shuffle(pool)
    for (zone, index), card in zip(places, pool, strict=True):
        zone[index] = card
    # A hidden card's old mark of a hand it was seen going into is stale (it has left that
    # hand since): dealt back there, it must not count as seen in a sample of this sample.
    dealt = set(pool)
    sample.shown = {card: holder for card, holder in sample.shown.items() if card not in dealt}
    for play in sample.pile:
        if play.swaps:  # a 5's record may name hidden cards; keep only what the seat saw
            play.swaps = [swap for swap in play.swaps if swap[0] in seen and swap[3] in seen]
    return sample
