"""Jokers, their values, retroactive cancels and paradoxes: CS-44 to CS-51."""

from cs_table import Table


def test_cs44_a_joker_takes_the_printed_rank_of_the_card_it_covers():
    table = Table(hands={0: ["6", "3"], 1: ["Joker", "4"]}, pile=["9"])
    table.play(0, "6")  # a 6 copying a 9
    table.play(1, "Joker")
    assert table.top == ("6", None)


def test_cs44_a_joker_on_an_empty_pile_is_table():
    table = Table(hands={0: ["Joker", "3"], 1: ["2"]})
    table.play(0, "Joker")
    assert table.top == ("table", None) and table.playable(1) == ["2"]


def test_cs45_a_joker_on_a_joker_inherits_its_value_and_is_no_paradox():
    table = Table(hands={0: ["Joker", "3"], 1: ["Joker", "4"]}, pile=["J"])
    table.state.pile[-1].power = None
    table.play(0, "Joker")
    table.play(1, "Joker")
    assert table.top == ("J", None) and "paradox" not in table.event_types()


def test_cs46_a_joker_on_the_8_that_gave_its_player_the_turn_is_a_paradox():
    table = Table(seats=4, hands={0: ["8", "3"], 1: ["2"], 2: ["Joker", "5"], 3: ["2"]})
    table.play(0, "8")
    assert table.current == 2
    table.play(2, "Joker")
    assert "paradox" in table.event_types() and table.state.pile == []
    assert table.current == 2 and table.state.turn.extra


def test_cs46_a_j_naming_the_default_player_is_no_paradox_and_naming_another_is():
    table = Table(seats=4, hands={0: ["J", "3"], 1: ["Joker", "4"], 2: ["Joker", "5"]})
    table.play(0, "J")
    table.choose(0, 1)  # the default next player anyway
    table.play(1, "Joker")
    assert "paradox" not in table.event_types() and table.top == ("J", None)
    table = Table(seats=4, hands={0: ["J", "3"], 1: ["Joker", "4"], 2: ["Joker", "5"]})
    table.play(0, "J")
    table.choose(0, 2)
    table.play(2, "Joker")
    assert "paradox" in table.event_types()


def test_cs46_a_k_is_a_paradox_only_with_more_than_two_players():
    table = Table(seats=3, hands={0: ["K", "3"], 2: ["Joker", "4"]})
    table.play(0, "K")
    table.play(2, "Joker")
    assert "paradox" in table.event_types()
    table = Table(seats=2, hands={0: ["K", "3"], 1: ["Joker", "4"]})
    table.play(0, "K")
    table.play(1, "Joker")
    assert "paradox" not in table.event_types()


def test_cs46_a_joker_as_the_follow_up_of_its_own_q_is_a_paradox():
    table = Table(hands={0: ["Q", "Joker", "3"]})
    table.play(0, "Q")
    table.play(0, "Joker")
    assert "paradox" in table.event_types() and table.current == 0


def test_cs46_a_joker_on_a_q_from_a_finished_player_is_no_paradox():
    table = Table(hands={0: ["Q"], 1: ["Joker", "4"], 2: ["2"]})
    table.play(0, "Q")
    table.play(1, "Joker")
    assert "paradox" not in table.event_types()


def test_cs48_a_joker_on_a_6_is_a_paradox_only_if_the_6_copied_a_listed_card():
    table = Table(seats=4, hands={0: ["6", "3"], 2: ["Joker", "4"]}, pile=["8"])
    table.play(0, "6")  # copies the 8: skips seat 1
    table.play(2, "Joker")
    assert "paradox" in table.event_types()
    table = Table(hands={0: ["6", "K", "3"], 1: ["Joker", "4"]}, face_up={0: ["A"]}, pile=["5"])
    table.play(0, "6")  # copies the 5: a swap
    king = table.cards_of(0, "K")[0]
    table.act(0, {"type": "swap", "hand": king, "slot": 0})
    table.play(1, "Joker")
    assert "paradox" not in table.event_types()
    assert table.hand(0) == ["3", "K"]  # the copied swap is undone


def test_cs48_option_makes_a_joker_on_an_overruling_6_a_paradox():
    for option, expected in ((False, False), (True, True)):
        table = Table(
            hands={0: ["6", "3"], 1: ["Joker", "4"]},
            pile=["K"],
            options={"sixOverrideParadox": option},
        )
        table.state.pile[-1].power = None  # a spent K
        table.play(0, "6")
        table.play(1, "Joker")
        assert ("paradox" in table.event_types()) is expected


def test_cs49_a_joker_after_a_run_returns_the_run_to_the_runner():
    table = Table(hands={0: ["4", "5", "6", "7", "9"], 1: ["Joker", "2"]})
    table.play(0, "4")
    table.play(0, "5")
    table.play(0, "6")
    table.play(0, "7")
    table.play(1, "Joker")
    assert table.hand(0) == ["5", "6", "7", "9"]
    assert table.top == ("4", None) and "paradox" not in table.event_types()


def test_cs50_a_joker_on_a_5_swaps_back_when_both_cards_are_still_in_place():
    table = Table(hands={0: ["5", "K", "3"], 1: ["Joker", "4"]}, face_up={0: ["A", "2"]})
    table.play(0, "5")
    king = table.cards_of(0, "K")[0]
    table.act(0, {"type": "swap", "hand": king, "slot": 1})
    assert table.hand(0) == ["2", "3"]
    table.play(1, "Joker")
    assert table.hand(0) == ["3", "K"]
    assert table.state.face_up[0][1] != king


def test_cs50_a_swap_whose_cards_have_moved_is_not_reversed():
    table = Table(hands={0: ["5", "K", "3"], 1: ["Joker", "4"]}, face_up={0: ["A", "2"]})
    table.play(0, "5")
    king = table.cards_of(0, "K")[0]
    table.act(0, {"type": "swap", "hand": king, "slot": 1})
    two = table.cards_of(0, "2")[0]
    table.state.hands[0].remove(two)  # the swapped-in card has left the hand
    table.state.out.append(two)
    table.play(1, "Joker")
    assert table.state.face_up[0][1] == king and "swapped-back" not in table.event_types()


def test_cs51_a_joker_lifts_a_3s_demand_and_a_7s_direction():
    table = Table(hands={0: ["3", "4"], 1: ["Joker", "5"], 2: ["4", "K"]})
    table.play(0, "3")
    table.play(1, "Joker")
    assert table.top == ("3", None) and sorted(table.playable(2)) == ["4", "K"]
    table = Table(hands={0: ["7", "4"], 1: ["Joker", "5"], 2: ["8", "K", "5"]})
    table.play(0, "7")
    table.direction(0, "lower")
    table.play(1, "Joker")
    assert sorted(table.playable(2)) == ["8", "K"]


def test_cs51_a_joker_on_a_9_2_or_a_has_its_value_and_no_paradox():
    for covered, allowed in (("9", ["K"]), ("2", ["3", "K"]), ("A", [])):
        table = Table(hands={0: [covered, "4"], 1: ["Joker", "5"], 2: ["3", "K"]})
        table.play(0, covered)
        table.play(1, "Joker")
        assert "paradox" not in table.event_types()
        assert sorted(table.playable(2)) == allowed


def test_cs51_no_ace_penalty_for_a_joker_on_an_ace():
    table = Table(
        hands={1: ["Joker", "5", "6", "7", "8", "9"]},
        pile=["A"],
        current=1,
        source=["8", "8", "10"],
    )
    table.play(1, "Joker")
    assert len(table.state.hands[1]) == 5 and len(table.state.source) == 3
