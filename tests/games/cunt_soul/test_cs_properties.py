"""Property tests over real random games (random selections, so random field cards, and random
field changes): the engine contract holds, cards are conserved, every game ends."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import Rng
from cardtable.games.cunt_soul import GAME
from game_contract import play_checked

OPTIONS = st.fixed_dictionaries(
    {
        "replenishAtEndOfTurn": st.booleans(),
        "fivePeek": st.booleans(),
        "sixOverrideParadox": st.booleans(),
    }
)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: Fewer: tests/games/test_contract.py plays the default options under the contract too.
CONTRACT = settings(SETTINGS, max_examples=12)


def assert_complete(result, seats: int) -> None:
    """Every seat has a place; a normal end has one sole-cunt, last; a stalemate ranks the
    players still in after the finishers (ties share a place)."""
    assert result is not None
    assert min(result.places) == 1 and max(result.places) <= seats
    if result.reason == "sole-cunt":
        assert sorted(result.places) == list(range(1, seats + 1))
        assert result.places[result.detail["sole_cunt"]] == seats
    else:
        assert result.reason == "stalemate"


def every_card(state) -> list[int]:
    """Every card id, wherever it is: each must appear exactly once."""
    cards = [card for hand in state.hands for card in hand]
    for zone in (state.face_up, state.face_down):
        cards += [card for slots in zone for card in slots if card is not None]
    cards += [card for card in state.field if card is not None]
    cards += state.source + state.out
    cards += [card for play in state.pile for card in play.cards]
    return sorted(cards)


@CONTRACT
@given(seed=st.integers(0, 2**31), seats=st.integers(2, 8), options=OPTIONS)
def test_random_games_meet_the_engine_contract_and_leak_no_card(seed, seats, options):
    result, _, _ = play_checked(GAME, options, seats, seed, check_every=4, max_steps=20_000)
    assert_complete(result, seats)


@SETTINGS
@given(seed=st.integers(0, 2**31), seats=st.integers(2, 8), options=OPTIONS)
def test_cards_are_conserved_after_every_action_and_every_game_ends(seed, seats, options):
    state = GAME.new(options, seats=seats, seed=seed)
    everything = list(range(len(state.ranks)))
    rng = Rng(seed)
    for _ in range(20_000):
        if GAME.result(state) is not None:
            break
        seat = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, seat, GAME.random_action(state, seat, rng))
        assert every_card(state) == everything
        # A card marked as seen going into a hand is still in that hand (determinize.py).
        assert all(card in state.hands[holder] for card, holder in state.shown.items())
    assert_complete(GAME.result(state), seats)
