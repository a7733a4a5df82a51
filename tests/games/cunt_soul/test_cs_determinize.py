"""Determinization for search bots: a sampled state shows the seat exactly its real view, keeps
every card, and does not depend on where the hidden cards really are."""

from cs_table import Table
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import OMNISCIENT, Ending, Rng, play_out, random_moves
from cardtable.games.cunt_soul import GAME
from cardtable.games.cunt_soul.determinize import determinize
from cardtable.games.cunt_soul.state import Phase


def random_play(seed: int, seats: int) -> list[tuple]:
    """Each decision of a random game as (state, seat, action), the state a copy of the game's
    as it was before the action."""
    decisions = []
    move = random_moves(GAME, Rng(seed))

    def choose(state, acting):
        seat, action = move(state, acting)
        decisions.append((GAME.clone(state), seat, action))
        return seat, action

    played = play_out(GAME, GAME.new({}, seats=seats, seed=seed), choose, max_steps=20_000)
    assert played.ending is Ending.FINISHED
    return decisions


def positions(seed: int, seats: int, every: int = 7):
    """Play-phase states of a random game, one every `every` decisions."""
    for step, (state, seat, _) in enumerate(random_play(seed, seats)):
        if state.phase is Phase.PLAY and step % every == 0:
            yield state, seat


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
    picked, checked = None, 0
    for state, seat, action in random_play(seed, 4):
        if picked:  # the state after the pickup
            picker, pile = picked
            kept = [card for card in pile if card in state.hands[picker]]
            sample = determinize(state, (picker + 1) % 4, Rng(checked))
            assert kept and set(kept) <= set(sample.hands[picker])
            checked += 1
        picked = None
        if action["type"] == "pickup" and state.pile and checked < 5:
            picked = seat, [card for play in state.pile for card in play.cards]
    assert checked, "the game had no pickup to check"


def hand_in_samples(table: Table, seat: int, watcher: int, count: int = 30) -> list[list[int]]:
    return [determinize(table.state, watcher, Rng(i)).hands[seat] for i in range(count)]


def test_cs31_a_face_up_card_a_5_takes_into_the_hand_stays_known_there():
    table = Table(hands={0: ["5", "K", "3"]}, face_up={0: ["A", "4", "8"]})
    table.play(0, "5")
    ace = table.state.face_up[0][0]
    table.act(0, {"type": "swap", "hand": table.cards_of(0, "K")[0], "slot": 0})
    assert all(ace in hand for hand in hand_in_samples(table, 0, watcher=1))


def test_cs32_a_swap_with_a_face_down_card_forgets_what_was_known_of_that_hand():
    """Nobody sees which hand card went face down, so a card seen going into that hand may be
    the one."""
    table = Table(
        hands={0: ["5", "K", "3"]},
        face_down={0: ["A", "2"]},
        fields={1: "5"},
        shown={0: ["K"]},  # as if seat 0 had picked it up from the pile
    )
    king = table.cards_of(0, "K")[0]
    assert all(king in hand for hand in hand_in_samples(table, 0, watcher=1))
    table.play(0, "5")
    table.act(0, {"type": "swap", "hand": table.cards_of(0, "3")[0], "slot": 1})
    assert king in table.state.hands[0]
    assert not all(king in hand for hand in hand_in_samples(table, 0, watcher=1))


def test_cs19_the_old_field_card_taken_back_stays_known_in_the_hand():
    table = Table(hands={0: ["9", "K"]}, face_up={0: ["A", "2"]}, fields={0: "5"}, source=["3"])
    old = table.state.field[0]
    burned = table.state.face_up[0][0]
    table.act(0, {"type": "field-change", "card": table.cards_of(0, "K")[0], "burn": burned})
    assert all(old in hand for hand in hand_in_samples(table, 0, watcher=1))


def test_cs49_run_cards_a_joker_returns_stay_known_in_the_runners_hand():
    table = Table(hands={0: ["4", "5", "6", "7", "9"], 1: ["Joker", "2"]})
    for rank in ("4", "5", "6", "7"):
        table.play(0, rank)
    table.play(1, "Joker")
    returned = [card for card in table.state.hands[0] if table.state.ranks[card] in (5, 6, 7)]
    assert len(returned) == 3
    assert all(set(returned) <= set(hand) for hand in hand_in_samples(table, 0, watcher=2))


def test_cs57_cards_drawn_under_a_6_field_stay_known_in_the_hand():
    table = Table(hands={0: ["9", "4"]}, fields={1: "6"}, source=["J", "3", "K", "Q", "A"])
    table.play(0, "9")
    drawn = [card for card in table.state.hands[0] if table.state.ranks[card] != 4]
    assert len(drawn) == 4
    assert all(set(drawn) <= set(hand) for hand in hand_in_samples(table, 0, watcher=1))
    hidden = Table(hands={0: ["9", "4"]}, source=["J", "3", "K", "Q", "A"])
    hidden.play(0, "9")
    drawn = [card for card in hidden.state.hands[0] if hidden.state.ranks[card] != 4]
    assert not all(set(drawn) <= set(hand) for hand in hand_in_samples(hidden, 0, watcher=1))


def test_cs50_a_card_a_joker_swaps_back_from_face_up_stays_known_in_the_hand():
    table = Table(hands={0: ["5", "K", "3"], 1: ["Joker", "4"]}, face_up={0: ["A", "2"]})
    table.play(0, "5")
    king = table.cards_of(0, "K")[0]
    table.act(0, {"type": "swap", "hand": king, "slot": 1})
    table.play(1, "Joker")
    assert king in table.state.hands[0]
    assert all(king in hand for hand in hand_in_samples(table, 0, watcher=2))
