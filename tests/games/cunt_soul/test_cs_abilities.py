"""More card abilities: CS-29 to CS-36, CS-38, CS-39, CS-41, CS-43, CS-47."""

from cs_table import Table

from cardtable.games.cunt_soul import Laid


def test_cs29_under_a_k_field_the_run_goes_down_to_2():
    table = Table(hands={0: ["4", "3", "2", "5", "9"]}, fields={1: "K"}, pile=["8"])
    table.play(0, "4")
    assert table.playable() == ["3"]
    table.play(0, "3")
    assert table.refused(0, {"type": "end-run"}) == "run-too-short"
    table.play(0, "2")
    assert table.top == ("2", None) and table.hand(0) == ["5", "9"]


def test_cs29_under_a_9_field_the_run_still_goes_by_printed_rank():
    table = Table(hands={0: ["4", "5", "6", "8"]}, fields={1: "9"})
    table.play(0, "4")
    assert table.playable() == ["5"]  # not the 8, though 2-9 are equal under a 9-field


def test_cs30_a_4_field_allows_multiples_only_in_a_run():
    table = Table(hands={0: ["9", "9", "4", "4", "5", "6", "K"]}, fields={1: "4"})
    assert sorted(table.playable()) == ["4", "4x2", "5", "6", "9", "K"]
    assert table.refused_play(0, "9", count=2) == "one-card-only"
    table.play(0, "4", count=2)
    assert table.decision == "run"
    assert {"type": "end-run"} not in table.legal()  # several 4s commit to the run
    table.play(0, "5")
    table.play(0, "6")
    assert table.top == ("6", None)


def test_cs31_the_5_swaps_optionally_once_per_5():
    table = Table(hands={0: ["5", "5", "K", "3"]}, face_up={0: ["A", "4", "8"]})
    table.play(0, "5", count=2)
    assert table.decision == "swap"
    king = table.cards_of(0, "K")[0]
    table.act(0, {"type": "swap", "hand": king, "slot": 0})
    assert table.decision == "swap" and table.state.swaps_left == 1
    assert table.hand(0) == ["3", "A"]
    table.act(0, {"type": "no-swap"})
    assert table.current == 1
    assert table.state.face_up[0][0] == king


def test_cs31_no_swap_without_hand_or_face_up_cards():
    table = Table(hands={0: ["5"]}, face_up={0: ["A"]})
    table.play(0, "5")
    assert table.current == 1 and "swapped" not in table.event_types()


def test_cs32_under_a_5_field_the_swap_is_with_a_face_down_card_unseen():
    table = Table(hands={0: ["5", "K", "3"]}, face_down={0: ["A", "2"]}, fields={1: "5"})
    table.play(0, "5")
    king = table.cards_of(0, "K")[0]
    events = table.act(0, {"type": "swap", "hand": king, "slot": 1})
    assert table.state.face_down[0][1] == king
    assert table.hand(0) == ["2", "3"]
    assert next(e for e in events if e.type == "swapped-in").to == {0}
    public = next(e for e in events if e.type == "swapped")
    assert public.to is None and "to_hand" not in public.data


def test_cs32_five_peek_option_looks_first_then_keeps_or_swaps():
    table = Table(
        hands={0: ["5", "K", "3"]},
        face_down={0: ["A", "2"]},
        fields={1: "5"},
        options={"fivePeek": True},
    )
    table.play(0, "5")
    assert {"type": "peek", "slot": 0} in table.legal()
    table.act(0, {"type": "peek", "slot": 0})
    seen = table.game.view(table.state, 0)["you"]["peek"]
    assert seen["card"]["id"] == table.state.face_down[0][0]
    assert table.game.view(table.state, 1)["you"]["peek"] is None
    table.act(0, {"type": "keep"})
    assert table.current == 1 and table.hand(0) == ["3", "K"]


def test_cs33_a_6_copies_value_and_power_and_a_6_on_a_6_copies_the_copy():
    table = Table(
        seats=5, hands={0: ["6", "3"], 1: ["6", "4"], 2: ["2"], 3: ["2"], 4: ["2"]}, pile=["8"]
    )
    table.play(0, "6")  # copies the 8: skips seat 1
    assert table.top == ("8", "8") and table.current == 2
    table = Table(
        seats=5,
        hands={0: ["6", "6", "3"], 1: ["2"], 2: ["2"], 3: ["2"], 4: ["2"]},
        pile=["8", Laid("6", value="8")],
    )
    table.play(0, "6")
    assert table.current == 2


def test_cs33_copying_a_powerless_card_copies_its_value_only():
    table = Table(hands={0: ["4", "5", "6", "9"], 1: ["6", "3"]})
    table.play(0, "4")
    table.play(0, "5")
    table.play(0, "6")  # nothing can follow: the run ends by itself
    table.play(1, "6")
    assert table.top == ("6", None)


def test_cs34_a_6_on_an_empty_pile_is_table_and_on_a_joker_has_no_ability():
    table = Table(hands={0: ["6", "3"], 1: ["2"]})
    table.play(0, "6")
    assert table.top == ("table", None)
    assert table.playable(1) == ["2"]
    table = Table(
        seats=4, hands={0: ["Joker", "3"], 1: ["6", "5"]}, pile=[Laid("8", powerless=True)]
    )
    table.play(0, "Joker")
    table.play(1, "6")
    assert table.top == ("8", None) and table.current == 2


def test_cs35_a_6_copying_an_ace_counts_as_an_ace_for_the_penalty():
    table = Table(
        hands={0: ["6", "6", "3", "4", "5", "7", "8"], 1: ["2", "4", "5", "8", "9"]},
        pile=["A"],
        source=["J", "Q", "K", "10", "10"],
    )
    table.play(0, "6", count=2)  # no refill needed; one penalty card for playing on the A
    assert table.top == ("A", "A") and len(table.state.hands[0]) == 6
    table.play(1, "2")
    assert len(table.state.hands[1]) == 4 + 1 + 2  # refilled to 5, then two penalty cards


def test_cs35_a_6_copying_a_7_chooses_its_own_direction():
    table = Table(hands={0: ["6", "3"], 1: ["9", "4"]}, pile=[Laid("7", direction="lower")])
    table.play(0, "6")
    assert table.decision == "seven"
    table.direction(0, "higher")
    assert table.playable(1) == ["9"]


def test_cs36_seven_says_higher_or_lower_by_printed_rank_and_7s_go_on_7s():
    table = Table(hands={0: ["7", "3"], 1: ["7", "8", "6", "Joker"]})
    table.play(0, "7")  # on an empty pile it still sets a direction
    table.direction(0, "lower")
    assert sorted(table.playable(1)) == ["6", "7", "Joker"]


def test_cs36_seven_ignores_the_9_and_k_fields():
    table = Table(hands={0: ["7", "3"], 1: ["8", "6", "9"]}, fields={2: "K"})
    table.play(0, "7")
    table.direction(0, "higher")
    assert sorted(table.playable(1)) == ["8", "9"]
    table = Table(hands={0: ["7", "3"], 1: ["8", "6", "9"]}, fields={2: "9"})
    table.play(0, "7")
    table.direction(0, "higher")
    assert sorted(table.playable(1)) == ["8", "9"]


def test_cs38_anything_goes_on_a_9_but_a_7_field_direction_still_binds():
    table = Table(hands={0: ["9", "3"], 1: ["2", "4", "K"]})
    table.play(0, "9")
    assert sorted(table.playable(1)) == ["2", "4", "K"]
    table = Table(hands={0: ["9", "3"], 1: ["2", "4", "K"]}, fields={2: "7"})
    table.play(0, "9")
    table.direction(0, "higher")
    assert table.playable(1) == ["K"]


def test_cs39_a_10_burns_once_however_many_and_not_after_a_3_or_on_a_7_lower():
    table = Table(hands={0: ["10", "10", "3"]}, pile=["K"])
    table.play(0, "10", count=2)
    assert table.event_types().count("burned") == 1 and table.current == 0
    assert Table(hands={0: ["10"]}, pile=["3"]).playable() == []
    table = Table(hands={0: ["7", "3"], 1: ["10"]})
    table.play(0, "7")
    table.direction(0, "lower")
    assert table.playable(1) == []


def test_cs39_under_a_joker_field_a_10_does_not_burn():
    table = Table(hands={0: ["10", "3"]}, pile=["5"], fields={1: "Joker"})
    table.play(0, "10")
    assert "burned" not in table.event_types() and table.current == 1


def test_cs41_a_q_compels_one_follow_up_legal_on_a_q():
    table = Table(hands={0: ["Q", "Q", "K", "5"], 1: ["2"]})
    table.play(0, "Q", count=2)  # two Qs, one follow-up
    assert table.current == 0 and table.playable() == ["K"]
    table.play(0, "K")
    assert table.current == 2


def test_cs41_a_q_may_follow_a_q_and_compels_again():
    table = Table(hands={0: ["Q", "Q", "A", "5"]})
    table.play(0, "Q")
    table.play(0, "Q")
    assert table.current == 0 and table.playable() == ["A"]


def test_cs41_no_follow_up_means_picking_up_the_pile_with_the_q():
    table = Table(hands={0: ["Q", "5"], 1: ["2"]}, pile=["9"])
    table.play(0, "Q")
    assert table.legal() == [{"type": "pickup"}]
    table.act(0, {"type": "pickup"})
    assert table.hand(0) == ["5", "9", "Q"] and table.current == 1


def test_cs41_a_q_as_the_last_card_finishes_and_the_compulsion_lapses():
    table = Table(hands={0: ["Q"], 1: ["2"], 2: ["3"]})
    table.play(0, "Q")
    assert table.state.places == [0] and table.current == 1


def test_cs43_ace_penalty_is_drawn_after_refilling_and_only_from_the_source():
    table = Table(
        hands={0: ["A", "A", "9"], 1: ["A", "4", "5", "6", "7"]},
        source=["2", "3", "3", "8", "8", "9", "J", "K"],
    )
    table.play(0, "A", count=2)  # refills to 5 with 3 cards; 3 remain
    table.play(1, "A")
    assert len(table.state.hands[1]) == 4 + 1 + 2  # refilled to 5, then 2 penalty cards


def test_cs43_a_joker_or_a_pickup_on_an_ace_costs_nothing():
    table = Table(hands={0: ["Joker", "4"]}, pile=["A"], source=["3", "3", "8", "8", "9"])
    table.play(0, "Joker")
    assert len(table.state.hands[0]) == 5
    table = Table(hands={0: ["4"]}, pile=["A"], source=["3", "3", "8"])
    table.act(0, {"type": "pickup"})
    assert len(table.state.hands[0]) == 2 and len(table.state.source) == 3


def test_cs47_counted_powers_stack_per_card_and_others_do_not():
    table = Table(seats=6, hands={0: ["8", "8", "8", "3"], **{s: ["2"] for s in range(1, 6)}})
    table.play(0, "8", count=3)
    assert table.current == 4
    table = Table(seats=4, hands={0: ["K", "K", "K", "3"], 3: ["2"]})
    table.play(0, "K", count=3)
    assert table.state.direction == -1
