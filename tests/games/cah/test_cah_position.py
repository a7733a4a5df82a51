"""The position builder (`cah.position`) and the state's copy: a built position holds every
card once and opens its round as the rules do; bad descriptions are refused; a clone shares
nothing mutable with the original."""

from __future__ import annotations

from dataclasses import fields

import pytest
from cah_helpers import GAME, SCHOOL, assert_conserved, play_round

from cardtable.engine import Rng
from cardtable.games.cah import position
from cardtable.games.cah.state import Phase, State


def test_a_position_places_the_cards_it_is_given_and_deals_the_rest():
    hand = [5, 7, 11]
    state = position({"decks": SCHOOL}, seats=3, czar=2, pick=2, hands={1: hand})
    assert state.czar == 2 and state.phase is Phase.SUBMIT and state.round == 1
    assert state.pool.pick(state.black) == 2
    assert state.hands[1] == hand and len(state.hands[0]) == 10
    assert state.waiting == {0, 1} and GAME.to_act(state) == {0, 1}
    assert_conserved(state)
    play_round(state)
    assert state.czar == 0  # the rotation goes on from the Czar given (K4)
    assert_conserved(state)


def test_a_position_puts_the_unplaced_cards_in_the_discards_when_the_deck_is_given():
    state = position({"decks": SCHOOL}, pick=1, white_deck=[], black_deck=[], scores=[1, 2, 0, 3])
    assert state.white_deck == [] and state.black_deck == []
    assert state.white_discard and state.black_used
    assert state.scores == [1, 2, 0, 3]
    assert_conserved(state)


def test_a_position_opens_the_round_as_the_rules_do():
    """The round's draws (here official Packing Heat, K15) come on top of the hands given."""
    state = position({"decks": SCHOOL, "packingHeat": "official"}, pick=2, hands={1: [1, 2]})
    assert len(state.hands[1]) == 3 and len(state.hands[2]) == 11
    assert len(state.hands[0]) == 10  # the Czar draws nothing


def test_a_position_is_the_same_for_the_same_seed():
    options = {"decks": SCHOOL}
    assert GAME.view(position(options, seed=3), None) == GAME.view(position(options, seed=3), None)


@pytest.mark.parametrize(
    ("description", "message"),
    [
        ({"hands": {1: [4], 2: [4]}}, r"white cards in two places: \[4\]"),
        ({"hands": {1: [10**6]}}, "not white cards of these options"),
        ({"hands": {7: [4]}}, "not seats of 4"),
        ({"pick": 1, "black_deck": [], "black_used": []}, "cards in no place"),
        ({"black": 0}, "not black cards of these options"),
        ({"czar": 4}, "czar 4 is not a seat of 4"),
        ({"seats": 1}, "take 3 to"),
        ({"scores": [1, 2]}, "2 scores for 4 seats"),
        ({"pick": 9}, "no black card of these options asks for pick 9"),
    ],
)
def test_a_position_that_is_not_consistent_is_refused(description, message):
    with pytest.raises(ValueError, match=message):
        position({"decks": SCHOOL}, **description)


def _mutable_parts(value):
    """`value` and every mutable object inside it (lists of lists, the generator)."""
    if isinstance(value, list | set | dict | Rng):
        yield value
    if isinstance(value, list):
        for item in value:
            yield from _mutable_parts(item)


def test_a_clone_shares_no_mutable_part_with_the_original():
    options = {"decks": SCHOOL, "gambling": True, "neverHaveIEverPoints": True}
    state = position(options, pick=1, scores=[0, 1, 0, 0])
    GAME.apply(state, 1, {"type": "bet", "cards": state.hands[1][:1]})
    GAME.apply(state, 2, {"type": "never-have-i-ever", "card": state.hands[2][0]})
    twin = state.clone()
    for field in fields(State):
        original = {id(part) for part in _mutable_parts(getattr(state, field.name))}
        copied = {id(part) for part in _mutable_parts(getattr(twin, field.name))}
        assert not original & copied, f"the clone shares {field.name}"
    assert GAME.view(twin, None) == GAME.view(state, None)
