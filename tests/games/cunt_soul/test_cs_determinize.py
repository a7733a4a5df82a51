"""Determinization for search bots: a sampled state shows the seat exactly its real view, keeps
every card, and does not depend on where the hidden cards really are."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import OMNISCIENT, Rng
from cardtable.games.cunt_soul import GAME
from cardtable.games.cunt_soul.determinize import determinize


def positions(seed: int, seats: int, every: int = 7):
    """Play-phase states of a random game, one every `every` decisions."""
    state = GAME.new({}, seats=seats, seed=seed)
    rng = Rng(seed)
    step = 0
    while GAME.result(state) is None:
        acting = sorted(GAME.to_act(state))
        if not acting:
            for seat, action in GAME.timeout_actions(state):
                GAME.apply(state, seat, action)
            continue
        seat = rng.choice(acting)
        if state.phase == "play" and step % every == 0:
            yield state, seat
        GAME.apply(state, seat, GAME.random_action(state, seat, rng))
        step += 1


def every_card(state) -> list[int]:
    cards = [card for hand in state.hands for card in hand]
    for zone in (*state.face_up, *state.face_down, [state.field[s] for s in range(state.seats)]):
        cards.extend(card for card in zone if card is not None)
    cards.extend(card for play in state.pile for card in play.cards)
    return sorted(cards + state.source + state.out)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), seats=st.integers(2, 6))
def test_a_sample_shows_the_seat_its_real_view_and_keeps_every_card(seed, seats):
    for state, seat in positions(seed, seats):
        sample = determinize(state, seat, Rng(seed))
        assert GAME.view(sample, seat) == GAME.view(state, seat)
        assert GAME.legal(sample, seat) == GAME.legal(state, seat)
        assert every_card(sample) == every_card(state)
        for other, hand in enumerate(state.hands):
            seen_there = [card for card in hand if state.shown.get(card) == other]
            assert set(seen_there) <= set(sample.hands[other])


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_a_sample_does_not_depend_on_where_the_hidden_cards_are(seed):
    for state, seat in positions(seed, 4, every=11):
        other = (seat + 1) % 4
        moved = state.clone()  # the same view for `seat`, the hidden cards elsewhere
        unseen = [i for i, card in enumerate(moved.hands[other]) if state.shown.get(card) != other]
        hidden = (
            [moved.hands[other][i] for i in unseen]
            + moved.source[:-1]
            + [c for c in moved.face_down[other] if c is not None]
        )
        Rng(seed).shuffle(hidden)
        size = len(unseen)
        for i, card in zip(unseen, hidden, strict=False):
            moved.hands[other][i] = card
        moved.source[:-1] = hidden[size : size + len(moved.source[:-1])]
        rest = iter(hidden[size + len(moved.source[:-1]) :])
        moved.face_down[other] = [None if c is None else next(rest) for c in moved.face_down[other]]
        assert GAME.view(moved, seat) == GAME.view(state, seat)
        one, two = determinize(state, seat, Rng(1)), determinize(moved, seat, Rng(1))
        assert GAME.view(one, OMNISCIENT) == GAME.view(two, OMNISCIENT)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_a_picked_up_pile_stays_in_that_hand_in_every_sample(seed):
    """Everyone saw the pile go into the hand: a sample deals it nowhere else."""
    state, rng, checked = GAME.new({}, seats=4, seed=seed), Rng(seed), 0
    while GAME.result(state) is None and checked < 5:
        acting = sorted(GAME.to_act(state))
        if not acting:
            for seat, action in GAME.timeout_actions(state):
                GAME.apply(state, seat, action)
            continue
        seat = rng.choice(acting)
        action = GAME.random_action(state, seat, rng)
        pile = [card for play in state.pile for card in play.cards]
        GAME.apply(state, seat, action)
        if pile and action["type"] == "pickup" and state.phase == "play":
            watcher = (seat + 1) % 4
            sample = determinize(state, watcher, Rng(checked))
            kept = [card for card in pile if card in state.hands[seat]]
            assert kept and set(kept) <= set(sample.hands[seat])
            checked += 1
    assert checked, "the game had no pickup to check"
