"""`Game.determinize` for every game that has it: a sample shows the seat exactly its real view
and legal actions, keeps every card, and does not depend on where the hidden cards really are
(two states the seat cannot tell apart give the same sample for the same Rng). Cunt-Soul's
rulings on what stays known are in `cunt_soul/test_cs_determinize.py`; CAH has no search bot
and so no determinization."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable import games
from cardtable.engine import OMNISCIENT, Rng, play_out, random_moves
from cardtable.games.csh.state import State as CshState
from cardtable.games.cunt_soul.state import Phase as CsPhase
from cardtable.games.cunt_soul.state import State as CsState
from cardtable.games.russian_bank.state import State as RbState

SEATS = {"russian-bank": 2, "csh": 3, "cunt-soul": 4}


def rb_cards(state: RbState) -> list[int]:
    cards = sorted(card for pile in state.piles for card in pile)
    if state.window is not None:
        assert sorted(c for pile in state.window.snapshot.piles for c in pile) == cards
    return cards


def csh_cards(state: CshState) -> tuple:
    """Where each id is, and how many cards of each face there are."""
    places = [
        *state.deck,
        *state.discard,
        *(card for hand in state.hands for card in hand),
        *(card for archive in state.archives for stack in archive for card in stack),
    ]
    return sorted(places), Counter(kind.id for kind in state.type_of)


def cs_cards(state: CsState) -> list[int]:
    cards = [card for hand in state.hands for card in hand]
    for zone in (*state.face_up, *state.face_down, state.field):
        cards.extend(card for card in zone if card is not None)
    cards.extend(card for play in state.pile for card in play.cards)
    return sorted(cards + state.source + state.out)


CARDS = {"russian-bank": rb_cards, "csh": csh_cards, "cunt-soul": cs_cards}


def positions(game_id: str, seed: int, steps: int = 300, every: int = 15):
    """(state, seat) pairs from a random play-out: a copy of the state every `every` decisions,
    with the seat that is to move then."""
    game = games.get(game_id)
    found = []
    move = random_moves(game, Rng(seed))
    decisions = iter(range(steps))

    def choose(state, acting):
        seat, action = move(state, acting)
        if next(decisions) % every == 0:
            found.append((game.clone(state), seat))
        return seat, action

    play_out(game, game.new("default", seats=SEATS[game_id], seed=seed), choose, max_steps=steps)
    return game, found


def sampled(game, state, seat):
    try:
        return game.determinize(state, seat, Rng(7))
    except NotImplementedError:
        assert game.id == "cunt-soul" and state.phase is not CsPhase.PLAY
        return None


@pytest.mark.parametrize("game_id", sorted(SEATS))
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_a_sample_shows_the_seat_its_view_and_keeps_every_card(game_id, seed):
    game, found = positions(game_id, seed)
    checked = 0
    for state, seat in found:
        sample = sampled(game, state, seat)
        if sample is None:
            continue
        checked += 1
        assert game.view(sample, seat) == game.view(state, seat)
        assert game.legal(sample, seat) == game.legal(state, seat)
        assert CARDS[game_id](sample) == CARDS[game_id](state)
        assert game.view(state, OMNISCIENT) == game.view(game.clone(state), OMNISCIENT)
    assert checked or game_id == "cunt-soul"


@pytest.mark.parametrize("game_id", sorted(SEATS))
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_a_sample_does_not_depend_on_where_the_hidden_cards_are(game_id, seed):
    """A state the seat cannot tell from the real one (another sample) gives the same sample."""
    game, found = positions(game_id, seed)
    for state, seat in found:
        elsewhere = sampled(game, state, seat)
        if elsewhere is None:
            continue
        one = game.determinize(state, seat, Rng(seed))
        two = game.determinize(elsewhere, seat, Rng(seed))
        assert game.view(one, OMNISCIENT) == game.view(two, OMNISCIENT)


def test_a_sample_deals_the_hidden_cards_differently():
    """The samples really move hidden cards: over a few Rngs, some hidden place changes."""
    for game_id in sorted(SEATS):
        game, found = positions(game_id, 3, steps=200, every=50)
        state, seat = found[-1]  # well into the game: cards are hidden
        secrets = {
            repr(game.view(game.determinize(state, seat, Rng(n)), OMNISCIENT)) for n in range(4)
        }
        assert len(secrets) > 1, game_id


def test_rb13_a_stop_in_a_sample_undoes_to_a_state_with_the_same_cards():
    """The snapshot of an open stop window gets the sample's cards too (RB-13)."""
    game = games.get("russian-bank")
    for seed in range(40):
        _, found = positions("russian-bank", seed, steps=300, every=1)
        windows = [(s, seat) for s, seat in found if s.window is not None]
        for state, _ in windows:
            sample = game.determinize(state, 1 - state.window.offender, Rng(seed))
            assert rb_cards(sample) == rb_cards(state)
            assert sample.window.snapshot is not state.window.snapshot
        if windows:
            return
    pytest.fail("no random game opened a stop window")
