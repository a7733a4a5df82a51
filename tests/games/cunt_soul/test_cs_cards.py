"""Card abilities and the legality check: CS-5, CS-8, CS-16, CS-17, CS-24 to CS-36, CS-38,
CS-39, CS-41, CS-43, CS-47."""

from cs_table import Table


def test_cs5_printed_rank_is_compared_with_the_effective_value():
    table = Table(hands={0: ["6", "3"], 1: ["Q", "A"]}, pile=["A"])
    table.play(0, "6")  # overrules the A and copies it: value A
    assert table.top == ("A", "A")
    assert table.playable(1) == ["A"]
    assert table.refused_play(1, "Q") == "too-low"


def test_cs8_several_cards_of_one_printed_rank_two_jokers_included():
    table = Table(hands={0: ["Joker", "Joker", "9", "10"]}, pile=["5"])
    assert "Jokerx2" in table.playable()
    mixed = table.cards_of(0, "9") + table.cards_of(0, "10")
    assert table.refused(0, {"type": "play", "cards": mixed}) == "mixed-ranks"


def test_cs16_four_consecutive_cards_of_a_printed_rank_burn_across_players():
    table = Table(hands={0: ["9", "9", "3"]}, pile=["9", "9"])
    table.play(0, "9", count=2)
    assert "burned" in table.event_types() and table.state.pile == []
    assert table.current == 0  # the burner plays again (CS-15)


def test_cs16_a_copying_6_is_not_the_rank_it_copies():
    table = Table(hands={0: ["6", "3"]}, pile=["9", "9", "9"])
    table.play(0, "6")
    assert "burned" not in table.event_types()


def test_cs16_jokers_count_only_with_jokers():
    table = Table(hands={0: ["Joker", "3"]}, pile=["9", "9", "9"])
    table.play(0, "Joker")
    assert "burned" not in table.event_types()


def test_cs17_burned_cards_leave_the_game():
    table = Table(hands={0: ["10", "3"]}, pile=["4", "5"], source=["2"])
    out_before = len(table.state.out)
    table.play(0, "10")
    assert len(table.state.out) == out_before + 3
    assert len(table.state.source) == 0  # the 2 was drawn to refill the hand


def test_cs24_overrulers_ignore_the_order_even_under_k_and_9_fields():
    table = Table(hands={0: ["2", "6", "7", "10", "J"]}, fields={1: "K"}, pile=["4"])
    assert sorted(table.playable()) == ["10", "2", "6", "7"]
    table = Table(hands={0: ["2", "6", "7", "10", "3"]}, fields={1: "9"}, pile=["A"])
    assert sorted(table.playable()) == ["10", "2", "6", "7"]


def test_cs24_overrulers_obey_a_3_and_a_7_direction():
    table = Table(hands={0: ["2", "6", "7", "10", "3"]}, pile=["3"])
    assert table.playable() == ["3"]
    table = Table(hands={0: ["7", "4"], 1: ["2", "6", "10", "8", "Joker"]}, pile=["5"])
    table.play(0, "7")
    table.direction(0, "higher")
    assert sorted(table.playable(1)) == ["10", "8", "Joker"]


def test_cs24_overruler_on_an_ace_takes_the_penalty():
    table = Table(
        hands={0: ["2", "5"]}, pile=["A"], source=["3", "4", "5", "8", "9", "J", "Q", "K"]
    )
    table.play(0, "2")
    assert len(table.state.hands[0]) == 5 + 1  # refilled to 5, then one penalty card
    assert len(table.state.source) == 8 - 4 - 1


def test_cs25_a_2_resets_the_order_but_cannot_answer_a_3_or_a_7_higher():
    table = Table(hands={0: ["2", "4"], 1: ["3"]}, pile=["K"])
    table.play(0, "2")
    assert table.top == ("2", "2") and table.playable(1) == ["3"]
    assert Table(hands={0: ["2"]}, pile=["3"]).playable() == []
    table = Table(hands={0: ["7", "4"], 1: ["2"]})
    table.play(0, "7")
    table.direction(0, "lower")
    assert table.playable(1) == ["2"]
    table = Table(hands={0: ["7", "4"], 1: ["2"]})
    table.play(0, "7")
    table.direction(0, "higher")
    assert table.playable(1) == []


def test_cs26_the_next_player_to_take_a_turn_must_play_a_3_or_a_joker():
    table = Table(hands={0: ["3", "4"], 1: ["A", "3"], 2: ["K", "Joker", "2"]})
    table.play(0, "3")  # a 3 on an empty pile still demands a 3
    assert table.playable(1) == ["3"]
    assert table.refused_play(1, "A") == "must-play-3"
    table.play(1, "3")  # a fresh demand for the next player
    assert table.playable(2) == ["Joker"]


def test_cs26_the_demand_binds_whoever_moves_next():
    table = Table(seats=4, hands={0: ["3", "4"], 1: ["3"], 2: ["K", "3"]}, fields={3: "J"})
    table.play(0, "3")
    table.choose(0, 2)
    assert table.current == 2 and table.playable() == ["3"]


def test_cs26_who_cannot_answer_a_3_picks_up():
    table = Table(hands={0: ["3", "4"], 1: ["A", "K"]})
    table.play(0, "3")
    assert table.legal(1) == [{"type": "pickup"}]


def test_cs27_the_run_is_optional():
    table = Table(hands={0: ["4", "5", "6", "9"], 1: ["2"]})
    table.play(0, "4")
    assert table.decision == "run"
    table.act(0, {"type": "end-run"})
    assert table.top == ("4", "4") and table.current == 1


def test_cs27_a_run_climbs_by_printed_rank_with_multiples_and_ends_at_6_or_above():
    table = Table(hands={0: ["4", "5", "5", "6", "7", "9"], 1: ["2"]})
    table.play(0, "4")
    assert table.refused_play(0, "6") == "not-in-run"
    table.play(0, "5", count=2)
    assert table.refused(0, {"type": "end-run"}) == "run-too-short"
    table.play(0, "6")
    table.act(0, {"type": "end-run"})  # it could go on with the 7
    assert table.top == ("6", None)
    assert table.hand(0) == ["7", "9"]


def test_cs27_a_run_is_offered_only_if_it_can_reach_6():
    table = Table(hands={0: ["4", "5", "9"], 1: ["2"]})
    table.play(0, "4")
    assert table.decision == "play" and table.current == 1


def test_cs27_a_run_never_wraps_past_the_ace():
    table = Table(hands={0: ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]})
    table.play(0, "4")
    for name in ("5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"):
        table.play(0, name)
    assert table.decision == "play" and table.top == ("A", None)  # the run ended at the A
    assert table.hand(0) == ["2"]


def test_cs27_and_cs11_a_run_crosses_from_the_hand_into_face_up_cards():
    table = Table(hands={0: ["4", "5"]}, face_up={0: ["6", "J"]}, face_down={0: ["2"]})
    table.play(0, "4")
    table.play(0, "5")
    assert table.playable() == ["6"]
    table.play(0, "6", zone="face-up")  # nothing can follow: the run ends by itself
    assert table.top == ("6", None) and table.current == 1


def test_cs28_run_cards_have_no_ability_but_four_of_a_kind_still_burns():
    table = Table(seats=4, hands={0: ["4", "5", "6", "7", "8", "3"], 1: ["2"]})
    table.play(0, "4")
    for name in ("5", "6", "7", "8"):
        table.play(0, name)
    assert table.current == 1  # the 8 skipped nobody
    table = Table(hands={0: ["4", "5", "6", "6", "6", "6", "3"]})
    table.play(0, "4")
    table.play(0, "5")
    table.play(0, "6", count=4)  # nothing can follow: the run ends by itself
    assert "burned" in table.event_types() and table.current == 0


def test_cs16_a_7_or_j_that_completes_four_of_a_kind_asks_no_choice():
    """The burn (CS-16) empties the pile and gives the player another turn (CS-15), so the 7's
    direction (CS-36) and the J's choice (CS-40) would be thrown away: neither is asked."""
    for rank in ("7", "J"):
        table = Table(hands={0: [rank, "3"], 1: ["4", "5"], 2: ["4", "5"]}, pile=[rank] * 3)
        table.play(0, rank)
        assert table.decision != ("seven" if rank == "7" else "jack")
        assert "burned" in table.event_types() and table.state.pile == []
        assert table.current == 0 and table.playable() == ["3"]
