"""One scripted test per ruling K1-K13 and K22-K25 of rules/cah.md (the house rules K14-K21
are in test_cah_house_rules.py, the table's actions in test_cah_table.py)."""

from __future__ import annotations

import pytest
from cah_helpers import (
    GAME,
    SCHOOL,
    answer_by,
    assert_conserved,
    new,
    play_round,
    reveal_all,
    submit_all,
)

from cardtable.decks import builtin
from cardtable.engine import IllegalAction
from cardtable.games.cah import position


@pytest.mark.parametrize(("preset", "size"), [("digipen", 7), ("online", 10), ("official", 10)])
def test_k1_hand_size_per_preset(preset, size):
    state = position(preset, pick=1)
    assert all(len(hand) == size for hand in state.hands)


def test_k2_after_submit_refills_at_once():
    state = position({"decks": SCHOOL}, pick=1)
    seat = min(state.waiting)
    GAME.apply(state, seat, {"type": "submit", "cards": state.hands[seat][:1]})
    assert len(state.hands[seat]) == 10


def test_k2_after_round_refills_when_the_round_is_judged():
    state = position({"decks": SCHOOL, "refillTiming": "afterRound"}, pick=1)
    seat = min(state.waiting)
    GAME.apply(state, seat, {"type": "submit", "cards": state.hands[seat][:1]})
    assert len(state.hands[seat]) == 9
    submit_all(state)
    GAME.apply(state, state.czar, {"type": "pick", "answer": 0})
    assert all(len(hand) == 10 for hand in state.hands)


def test_k3_two_players_need_rando():
    with pytest.raises(ValueError):
        new({"decks": SCHOOL}, seats=2)
    with pytest.raises(ValueError, match="Rando"):
        GAME.options({"minPlayers": 2})
    state = new({"decks": SCHOOL, "rando": "digipen"}, seats=2)
    assert GAME.seat_range(state.rules.options) == (2, 10)
    with pytest.raises(ValueError):
        new({"decks": SCHOOL, "maxPlayers": 5}, seats=6)


@pytest.mark.parametrize("preset", ["online", "official", "digipen"])
def test_k3_ten_players_at_most_unless_the_host_raises_it_to_twenty(preset):
    assert GAME.seat_range(GAME.options(preset)) == (3, 10)
    with pytest.raises(ValueError):
        new(preset, seats=11)
    assert GAME.seat_range(GAME.options({"preset": preset, "maxPlayers": 20})) == (3, 20)
    with pytest.raises(ValueError):
        GAME.options({"maxPlayers": 21})


def test_k4_host_pick_then_clockwise_by_seat():
    state = new({"decks": SCHOOL, "firstCzar": "hostPick", "firstCzarSeat": 2}, seats=4)
    czars = [state.czar]
    for _ in range(4):
        play_round(state)
        czars.append(state.czar)
    assert czars == [2, 3, 0, 1, 2]


def test_k4_random_first_czar_comes_from_the_seed():
    firsts = {new({"decks": SCHOOL}, seats=5, seed=seed).czar for seed in range(40)}
    assert firsts == set(range(5))
    assert new({"decks": SCHOOL}, seats=5, seed=3).czar == new({"decks": SCHOOL}, 5, 3).czar
    with pytest.raises(ValueError):
        new({"decks": SCHOOL, "firstCzar": "hostPick", "firstCzarSeat": 4}, seats=3)


def test_k5_points_target_ends_the_game_with_the_first_to_reach_it():
    state = new({"decks": SCHOOL, "pointsTarget": 2}, seats=3)
    winner = next(s for s in range(3) if s != state.czar and s != (state.czar + 1) % 3)
    while GAME.result(state) is None:
        play_round(state, winner if winner != state.czar else None)
    result = GAME.result(state)
    assert result.reason == "points-target"
    assert result.winners == (winner,)


def test_k5_rounds_end_the_game_and_the_first_condition_to_trigger_wins():
    state = new({"decks": SCHOOL, "rounds": 2, "pointsTarget": 5}, seats=3)
    play_round(state)
    assert GAME.result(state) is None
    play_round(state)
    assert GAME.result(state).reason == "rounds"
    both = new({"decks": SCHOOL, "rounds": 9, "pointsTarget": 1}, seats=3)
    play_round(both)
    assert GAME.result(both).reason == "points-target"


def test_k5_void_rounds_do_not_count_towards_the_rounds():
    state = new({"decks": SCHOOL, "rounds": 2}, seats=5)
    GAME.apply(state, None, {"type": "leave-seat", "seat": state.czar})  # K25: void
    play_round(state)
    assert GAME.result(state) is None
    play_round(state)
    assert GAME.result(state).reason == "rounds" and sum(state.scores) == 2


def test_k5_the_game_ends_the_moment_a_confession_reaches_the_points_target():
    """Seed 003: the first to the score limit wins, even with a point from outside the
    Czar's pick (Never Have I Ever, K14): play does not go on to a shared first place."""
    state = new({"decks": SCHOOL, "neverHaveIEverPoints": True, "pointsTarget": 1})
    card = state.hands[1][0]
    GAME.apply(state, 1, {"type": "never-have-i-ever", "card": card})
    GAME.apply(state, 2, {"type": "confess", "card": card})
    result = GAME.result(state)
    assert result is not None and result.reason == "points-target"
    assert result.winners == (2,) and GAME.legal(state, 0) == []
    assert_conserved(state)


def test_k5_a_winner_at_the_points_target_ends_the_game_before_the_runner_up_vote():
    state = new({"decks": SCHOOL, "happyEnding": "guideRunnerUpVote", "pointsTarget": 1}, 5)
    submit_all(state)
    winner = state.authors[0]
    GAME.apply(state, state.czar, {"type": "pick", "answer": 0})
    result = GAME.result(state)
    assert result is not None and result.reason == "points-target"
    assert result.winners == (winner,) and sorted(result.places)[1] == 2


def test_k5_sudden_death_at_three_points_with_eight_players():
    def rounds_to_end(seats):
        state = new({"decks": SCHOOL, "suddenDeath": True, "pointsTarget": 5}, seats=seats)
        target = 1 if state.czar != 1 else 2
        rounds = 0
        while GAME.result(state) is None:
            play_round(state, target if state.czar != target else None)
            rounds += 1
        return GAME.result(state).scores[target]

    assert rounds_to_end(8) == 3
    assert rounds_to_end(7) == 5


def test_k5_a_game_that_could_never_end_is_refused():
    with pytest.raises(ValueError, match="never end"):
        GAME.options({"pointsTarget": None})
    assert GAME.options({"pointsTarget": None, "manualEnd": True})["manualEnd"]


def test_k6_black_deck_exhausted_ends_the_game_with_shared_ties():
    options = {"preset": "digipen", "pointsTarget": None}
    state = position(options, seats=3, pick=1, black_deck=[])  # the others are used
    play_round(state, winner=None)
    result = GAME.result(state)
    assert result.reason == "black-deck-exhausted"
    assert sorted(result.places) == [1, 2, 2]


def test_k6_reshuffle_used_black_cards_and_keep_the_points_and_the_trophies():
    """Only unwon black cards go back into the deck: a trophy stays with its winner, so every
    seat holds as many black cards as it has points (K6, K11)."""
    state = new({"decks": SCHOOL, "pointsTarget": None, "manualEnd": True}, seats=3)
    submit_all(state)
    voided = state.black
    GAME.apply(state, None, {"type": "skip-seat", "seat": state.czar})  # K25: void
    reshuffled = False
    while GAME.result(state) is None:
        reshuffled |= not state.black_deck
        play_round(state)
        assert [len(won) for won in state.trophies] == state.scores
        assert_conserved(state)
    assert reshuffled and any(voided in won for won in state.trophies)
    assert GAME.result(state).reason == "out-of-black-cards"
    assert sum(state.scores) == len(state.pool.black_ids)


def test_k7_white_discards_are_reshuffled_into_the_deck():
    state = position({"decks": SCHOOL}, pick=1, white_deck=[])  # the rest is discarded
    seat = min(state.waiting)
    GAME.apply(state, seat, {"type": "submit", "cards": state.hands[seat][:1]})
    assert len(state.hands[seat]) == 10
    assert state.white_discard == [] and state.white_deck
    assert_conserved(state)


def test_k7_stop_drawing_shrinks_hands_until_nobody_can_answer():
    options = {"decks": SCHOOL, "whiteExhaustion": "stopDrawing"}
    state = position(options, pick=1, white_deck=[])  # the rest is discarded
    seat = min(state.waiting)
    GAME.apply(state, seat, {"type": "submit", "cards": state.hands[seat][:1]})
    assert len(state.hands[seat]) == 9
    while GAME.result(state) is None:
        play_round(state)
    assert GAME.result(state).reason in ("out-of-white-cards", "points-target")
    assert_conserved(state)


@pytest.mark.parametrize(("honor", "extra"), [(True, 2), (False, 0)])
def test_k8_draw_2_pick_3(honor, extra):
    state = position({"preset": "digipen", "honorDrawN": honor}, pick=3, draw=2)
    for seat in range(4):
        assert len(state.hands[seat]) == 7 + (0 if seat == state.czar else extra)
    submit_all(state)
    reveal_all(state)
    assert all(len(answer) == 3 for answer in state.answers)


def test_k8_note6_after_submit_refills_only_to_the_hand_size():
    state = position({"decks": SCHOOL, "honorDrawN": True}, pick=3, draw=2)
    seat = min(state.waiting)
    assert len(state.hands[seat]) == 12
    GAME.apply(state, seat, {"type": "submit", "cards": state.hands[seat][:3]})
    assert len(state.hands[seat]) == 10


def test_k9_picks_keep_the_submitted_order():
    state = position({"decks": SCHOOL}, pick=2)
    orders = {}
    for seat in sorted(state.waiting):
        cards = state.hands[seat][:2][::-1]
        orders[seat] = cards
        GAME.apply(state, seat, {"type": "submit", "cards": cards})
    for seat, cards in orders.items():
        assert state.answers[answer_by(state, seat)] == cards
    public = [[c["id"] for c in a["cards"]] for a in GAME.view(state, None)["public"]["answers"]]
    assert sorted(public) == sorted(orders.values())


def test_k10_shuffled_anonymous_reveal_and_all_submitted_to_the_czar_only():
    orders = set()
    for seed in range(12):
        state = new({"decks": SCHOOL}, seats=5, seed=seed)
        events = submit_all(state)
        (announce,) = [e for e in events if e.type == "all-submitted"]
        assert announce.to == frozenset((state.czar,))
        public = GAME.view(state, None)["public"]
        assert "authors" not in str(public) and all("seat" not in a for a in public["answers"])
        orders.add(tuple(s for s in state.authors))
    assert len(orders) > 5  # the order is shuffled, not the seat order


def test_k10_reveal_one_by_one():
    state = position({"decks": SCHOOL, "revealOneByOne": True}, pick=1)
    submit_all(state)
    assert GAME.view(state, None)["public"]["answers"] == []
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, state.czar, {"type": "pick", "answer": 0})
    assert refused.value.code == "not-revealed"
    events = GAME.apply(state, state.czar, {"type": "reveal-next"})
    assert events[0].type == "answer-revealed" and events[0].to is None
    assert len(GAME.view(state, None)["public"]["answers"]) == 1
    reveal_all(state)
    assert len(GAME.view(state, None)["public"]["answers"]) == 3
    GAME.apply(state, state.czar, {"type": "pick", "answer": 2})


def test_k11_played_whites_are_discarded_and_the_black_card_goes_to_the_winner():
    state = position({"decks": SCHOOL, "refillTiming": "afterRound"}, pick=1)
    black = state.black
    submit_all(state)
    played = [card for answer in state.answers for card in answer]
    winner = state.authors[1]
    GAME.apply(state, state.czar, {"type": "pick", "answer": 1})
    assert set(played) <= set(state.white_discard) | {c for h in state.hands for c in h}
    assert state.trophies[winner] == [black]
    assert state.scores[winner] == 1


def test_k12_digipen_rando_draws_blind_and_scores():
    state = position({"preset": "digipen", "rando": "digipen"}, seats=3, pick=1)
    deck_before = len(state.white_deck)
    submit_all(state)
    assert len(state.answers) == 3
    assert len(state.white_deck) == deck_before - 1  # Rando's card came from the deck
    reveal_all(state)
    black = state.black
    events = GAME.apply(state, state.czar, {"type": "pick", "answer": answer_by(state, -1)})
    winner = next(e for e in events if e.type == "round-winner")
    assert winner.data["rando"] and winner.data["winner"] is None
    assert state.rando_score == 1 and state.rando_trophies == [black]


def test_k12_official_rando_scores_and_shames_everyone_when_he_wins():
    state = new({"decks": SCHOOL, "rando": "official", "pointsTarget": 1}, seats=3)
    submit_all(state)
    GAME.apply(state, state.czar, {"type": "pick", "answer": answer_by(state, -1)})
    result = GAME.result(state)
    assert result.winners == ()  # everlasting shame: no seat places first
    assert result.detail["shame"] and result.detail["rando"] == {"score": 1, "place": 1}


def test_k12_guide_rando_holds_a_hand_and_a_black_card_he_wins_leaves_the_game():
    state = position({"decks": SCHOOL, "rando": "guide"}, pick=1)
    assert len(state.rando_hand) == 10
    black = state.black
    submit_all(state)
    assert len(state.rando_hand) == 9
    GAME.apply(state, state.czar, {"type": "pick", "answer": answer_by(state, -1)})
    assert state.black_removed == [black]
    assert state.rando_score == 0 and sum(state.scores) == 0
    assert len(state.rando_hand) == 10  # refilled for the next round


def test_k13_digipen_discard_replaces_at_once_and_tells_the_table():
    state = new({"preset": "digipen"})
    card = state.hands[state.czar][0]
    events = GAME.apply(state, state.czar, {"type": "discard", "card": card})
    assert events[0].type == "card-discarded" and events[0].to is None
    assert events[0].data["card"]["id"] == card
    assert len(state.hands[state.czar]) == 7 and card not in state.hands[state.czar]


def test_k13_official_discard_waits_for_the_next_refill():
    state = position("official", pick=1)
    seat = min(state.waiting)
    GAME.apply(state, seat, {"type": "discard", "card": state.hands[seat][0]})
    assert len(state.hands[seat]) == 9
    play_round(state)
    assert len(state.hands[seat]) == 10


def test_k13_off_and_too_few_cards_are_refused():
    state = new({"decks": SCHOOL})
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, {"type": "discard", "card": state.hands[0][0]})
    assert refused.value.code == "house-rule-off"
    state = position({"preset": "official", "handSize": 3}, pick=3, draw=0)
    seat = min(state.waiting)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, {"type": "discard", "card": state.hands[seat][0]})
    assert refused.value.code == "too-few-cards"


def test_k22_filters_by_tag_pack_and_rating():
    everything = new({"preset": "digipen"})
    no_cs = new({"preset": "digipen", "excludeTags": ["CS", "GD", "BFA"]})
    family = new({"preset": "digipen", "familyOnly": True})
    deck = builtin.get("cardtable-gameschool")
    assert no_cs.pool.white_count == sum(r.tags == ("general",) for r in deck.responses)
    assert family.pool.white_count == sum(r.rating == "family" for r in deck.responses)
    assert family.pool.white_count < everything.pool.white_count
    with pytest.raises(ValueError, match="decks and filters leave"):
        new({"preset": "digipen", "packs": ["no-such-pack"]})
    with pytest.raises(ValueError, match="unknown deck"):
        GAME.options({"decks": ["no-such-deck"]})


def test_k23_standings_by_points_with_shared_ties():
    state = position({"decks": SCHOOL, "manualEnd": True}, scores=[3, 1, 3, 0])
    GAME.apply(state, None, {"type": "end-game"})
    result = GAME.result(state)
    assert result.places == (1, 3, 1, 4)
    assert result.reason == "host-ended"


def test_k24_late_join_gets_a_full_hand_zero_points_and_judges_last():
    state = new(
        {"decks": SCHOOL, "allowLateJoin": True, "firstCzarSeat": 0, "firstCzar": "hostPick"},
        seats=3,
    )
    events = GAME.apply(state, None, {"type": "join-seat"})
    assert events[0].type == "player-joined" and events[0].data == {"seat": 3}
    assert GAME.seat_count(state) == 4 and len(state.hands[3]) == 10 and state.scores[3] == 0
    assert 3 not in state.waiting  # plays from the next round
    czars = []
    for _ in range(4):
        play_round(state)
        czars.append(state.czar)
    assert czars == [1, 2, 3, 0]
    refused = new({"decks": SCHOOL, "allowLateJoin": False})
    with pytest.raises(IllegalAction) as error:
        GAME.apply(refused, None, {"type": "join-seat"})
    assert error.value.code == "no-late-join"


def test_k25_czar_leaving_voids_the_round_and_the_next_czar_starts_a_new_one():
    state = new({"decks": SCHOOL, "firstCzar": "hostPick", "firstCzarSeat": 1}, seats=5)
    black, round_before = state.black, state.round
    GAME.apply(state, 2, {"type": "submit", "cards": state.hands[2][: state.pick]})
    events = GAME.apply(state, None, {"type": "leave-seat", "seat": 1})
    assert [e.type for e in events][:3] == ["player-left", "round-void", "round-started"]
    assert black in state.black_used
    assert state.czar == 2 and state.round == round_before + 1
    assert sum(state.scores) == 0
    assert_conserved(state)


def test_k25_the_czar_picks_exactly_one():
    state = new({"decks": SCHOOL})
    submit_all(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, state.czar, {"type": "rank", "answers": [0, 1, 2]})
    assert refused.value.code == "pick-instead"
    for bad in ({"answer": 3}, {"answer": "0"}, {"answer": [0, 1]}):
        with pytest.raises(IllegalAction):
            GAME.apply(state, state.czar, {"type": "pick", **bad})
