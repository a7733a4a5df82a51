"""The deal, the secret selection and the opening draw: CS-1 to CS-4."""

import pytest

from cardtable.engine import Ending, IllegalAction, Result, Rng, play_out, random_moves
from cardtable.games.cunt_soul import GAME
from cardtable.games.cunt_soul.ranks import ACE, JOKER


def select_first(state, seat, field_rank=None):
    """Select the seat's three lowest ids face up and a field card (of a rank, if given)."""
    hand = sorted(state.hands[seat])
    if field_rank is not None:
        field = next(c for c in hand if state.ranks[c] == field_rank)
        hand.remove(field)
    else:
        field = hand.pop()
    return {"type": "select", "face_up": hand[:3], "field": field}


@pytest.mark.parametrize(("seats", "cards"), [(2, 54), (4, 54), (5, 108), (8, 108)])
def test_cs1_one_deck_per_four_players(seats, cards):
    state = GAME.new({}, seats=seats, seed=3)
    assert len(state.ranks) == cards
    assert sum(rank == JOKER for rank in state.ranks) == 2 * (cards // 54)
    for seat in range(seats):
        assert len(state.hands[seat]) == 9
        assert sum(card is not None for card in state.face_down[seat]) == 3
    assert len(state.source) == cards - 12 * seats


@pytest.mark.parametrize("seats", [1, 9])
def test_cs1_two_to_eight_players(seats):
    with pytest.raises(ValueError):
        GAME.new({}, seats=seats)


def test_cs2_random_dealer_and_play_starts_on_his_left():
    dealers = set()
    for seed in range(30):
        state = GAME.new({}, seats=4, seed=seed)
        dealers.add(state.dealer)
        assert state.first == (state.dealer + 1) % 4
        for seat in range(4):
            GAME.apply(state, seat, select_first(state, seat))
        assert GAME.to_act(state) == {state.first}
        assert state.direction == 1  # clockwise: seat numbers go up
    assert dealers == {0, 1, 2, 3}


def random_result(seats: int, seed: int):
    """The result of a random game."""
    state = GAME.new(GAME.options(None), seats=seats, seed=seed)
    played = play_out(GAME, state, random_moves(GAME, Rng(seed)), max_steps=20_000)
    assert played.ending is Ending.FINISHED
    return played.result


def test_cs2_the_previous_sole_cunt_deals_the_next_game_from_his_new_seat():
    options = GAME.options(None)
    result = random_result(4, 11)
    loser = result.detail["sole_cunt"]
    others = [seat for seat in range(4) if seat != loser]
    # The loser now sits at seat 0 and one of the others has left: three seats.
    moves = {loser: 0, others[0]: 1, others[1]: 2}
    following = GAME.next_options(options, result, moves)
    assert following["dealer"] == 0
    for seed in range(5):
        state = GAME.new(following, seats=3, seed=seed)
        assert (state.dealer, state.first) == (0, 1)
        assert GAME.view(state, None)["public"]["dealer"] == 0


def test_cs2_a_random_dealer_when_the_sole_cunt_is_gone_or_tied():
    options = GAME.options(None)
    result = random_result(3, 4)
    loser = result.detail["sole_cunt"]
    stayed = {seat: seat for seat in range(3) if seat != loser}
    assert GAME.next_options(options, result, stayed)["dealer"] is None
    tied = Result.from_order("stalemate", [0, (1, 2)], 3, detail={"sole_cunt": None})
    assert GAME.next_options(options, tied, {0: 0, 1: 1, 2: 2})["dealer"] is None


def test_cs2_the_dealer_option_is_for_the_table_only_and_checked():
    assert "dealer" not in [o["name"] for o in GAME.describe()["options"]]
    with pytest.raises(ValueError):
        GAME.new({"dealer": 3}, seats=3, seed=1)
    with pytest.raises(ValueError):
        GAME.new({"dealer": -1}, seats=3, seed=1)


def test_cs3_selection_is_simultaneous_secret_and_revealed_together():
    state = GAME.new({}, seats=3, seed=5)
    assert GAME.to_act(state) == {0, 1, 2}
    choice = select_first(state, 1)
    GAME.apply(state, 1, choice)
    assert GAME.to_act(state) == {0, 2}
    for viewer in (0, 2, None):
        public = GAME.view(state, viewer)["public"]
        assert public["seats"][1]["selected"] is True
        assert public["seats"][1]["field"] is None
        assert all(slot["card"] is None for slot in public["seats"][1]["face_up"])
    mine = GAME.view(state, 1)["you"]["selection"]
    assert [card["id"] for card in mine["face_up"]] == choice["face_up"]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1, choice)
    assert refused.value.code == "already-selected"
    GAME.apply(state, 0, select_first(state, 0))
    GAME.apply(state, 2, select_first(state, 2))
    public = GAME.view(state, None)["public"]
    assert public["phase"] == "play"
    assert [slot["card"]["id"] for slot in public["seats"][1]["face_up"]] == choice["face_up"]
    assert public["seats"][1]["field"]["id"] == choice["field"]
    assert all(len(hand) == 5 for hand in state.hands)  # 9 - 4, and nothing to draw up to 5


def test_cs3_any_card_may_be_the_field_card_even_a_joker():
    for seed in range(40):
        state = GAME.new({}, seats=2, seed=seed)
        if any(state.ranks[c] == JOKER for c in state.hands[0]):
            break
    GAME.apply(state, 0, select_first(state, 0, field_rank=JOKER))
    GAME.apply(state, 1, select_first(state, 1))
    assert state.ranks[state.field[0]] == JOKER
    assert state.fields.joker


def seed_with_aces(seats, needed):
    """A seed whose first `needed` seats each hold an ace to put in the field."""
    for seed in range(500):
        state = GAME.new({}, seats=seats, seed=seed)
        if all(any(state.ranks[c] == ACE for c in state.hands[s]) for s in range(needed)):
            return state
    raise AssertionError("no such seed")


def test_cs4_ace_fields_raise_the_opening_hand_before_anyone_plays():
    state = seed_with_aces(2, 2)
    for seat in range(2):
        GAME.apply(state, seat, select_first(state, seat, field_rank=ACE))
    assert [len(hand) for hand in state.hands] == [7, 7]
    assert GAME.view(state, None)["public"]["fields"]["hand_size"] == 7


def test_cs4_opening_draw_goes_clockwise_from_the_first_player():
    state = seed_with_aces(4, 2)  # hand size 7: 6 source cards, 8 wanted; the last gets none
    for seat in range(4):
        GAME.apply(state, seat, select_first(state, seat, field_rank=ACE if seat < 2 else None))
    order = [(state.first + offset) % 4 for offset in range(4)]
    assert [len(state.hands[seat]) for seat in order] == [7, 7, 7, 5]
