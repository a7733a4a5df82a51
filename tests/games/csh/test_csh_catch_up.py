"""CSH-31, the catch-up deal (docs/rules-csh.md): once the starting player is known, the second
player draws a sixth card; at five players the last player does too, at six the starting player;
at seven and eight the starting player draws two more, and the last player one; nobody else.
Checked on real games: drawn and chosen directorships, every player count, the cards drawn from
the top of the deck after the deal of five, the hand sizes everyone sees, and who is told which
cards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import Rng
from cardtable.games.csh import GAME
from cardtable.games.csh.catalog import BASE_DECK_SIZE, DIRECTORSHIP_SIZE

DIRECTORSHIPS = [d["id"] for d in GAME.describe()["directorships"]]

# The ruling as a table, hand sizes by turn position (1 = the starting player), written out
# rather than derived from the code under test.
HANDS_BY_POSITION = {
    2: [5, 6],
    3: [5, 6, 5],
    4: [5, 6, 5, 5],
    5: [5, 6, 5, 5, 6],
    6: [6, 6, 5, 5, 5, 5],
    7: [7, 6, 5, 5, 5, 5, 6],
    8: [7, 6, 5, 5, 5, 5, 5, 6],
}


def _by_position(state, values: list) -> list:
    return [values[(state.start + position) % state.seats] for position in range(state.seats)]


def _check_deal(state) -> None:
    seats = state.seats
    assert _by_position(state, [len(hand) for hand in state.hands]) == HANDS_BY_POSITION[seats]
    public = GAME.view(state, None)["public"]
    assert _by_position(state, public["hands"]) == HANDS_BY_POSITION[seats]
    in_play = BASE_DECK_SIZE + DIRECTORSHIP_SIZE * seats + 1  # and the Election
    assert len(state.deck) == in_play - sum(HANDS_BY_POSITION[seats])
    assert state.election in state.deck[:11], "the catch-up cards came from the top"
    assert state.current == state.start and state.actions == 2


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 8))
def test_csh_31_the_players_the_turn_order_puts_behind_draw_more_cards(seed, seats):
    _check_deal(GAME.new({"draft": "random"}, seats=seats, seed=seed))


@pytest.mark.parametrize("seats", [2, 5, 8])
def test_csh_31_after_a_draft_the_catch_up_cards_are_drawn_as_the_game_starts(seats):
    state = GAME.new({}, seats=seats, seed=11)
    assert all(hand == [] for hand in state.hands)
    for seat, directorship in enumerate(Rng(seats).sample(DIRECTORSHIPS, seats)):
        events = GAME.apply(
            state, seat, {"type": "choose-directorship", "directorship": directorship}
        )
    _check_deal(state)
    started = [e.type for e in events].index("game-started")
    catching_up = [  # (seat, cards drawn) in turn order from the starting player
        ((state.start + p) % seats, hand - 5)
        for p, hand in enumerate(HANDS_BY_POSITION[seats])
        if hand > 5
    ]
    drew = [e for e in events[started:] if e.type == "drew"]
    assert [(e.data["seat"], e.data["count"]) for e in drew] == catching_up
    told = [e for e in events[started:] if e.type == "you-drew"]
    assert [(sorted(e.to), len(e.data["cards"])) for e in told] == [
        ([seat], count) for seat, count in catching_up
    ]
    for e, (seat, count) in zip(told, catching_up, strict=True):
        assert [card["id"] for card in e.data["cards"]] == state.hands[seat][-count:]


def test_csh_31_the_sixth_card_is_a_card_to_play_like_any_other():
    """A real game at two players: the second player's first turn starts with six cards, and
    with two draws takes eight into the turn after."""
    state = GAME.new({"directorships": ["evals", "pr"]}, seats=2, seed=3)
    second = (state.start + 1) % 2
    GAME.apply(state, state.start, {"type": "draw"})
    GAME.apply(state, state.start, {"type": "draw"})
    assert state.current == second and len(state.hands[second]) == 6
    GAME.apply(state, second, {"type": "draw"})
    GAME.apply(state, second, {"type": "draw"})
    assert len(state.hands[second]) == 8 and len(state.hands[state.start]) == 7
