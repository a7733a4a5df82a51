"""Turns, zones and the order of play: CS-6, CS-7, CS-9 to CS-15, CS-23, CS-37, CS-40, CS-42,
CS-52, CS-67."""

from cs_table import Table


def test_cs6_no_voluntary_pickup_while_a_play_exists():
    table = Table(hands={0: ["9", "3"]}, pile=["8"])
    assert table.playable() == ["9"]
    assert {"type": "pickup"} not in table.legal()
    assert table.refused(0, {"type": "pickup"}) == "must-play"


def test_cs6_pickup_is_offered_only_when_nothing_is_playable():
    table = Table(hands={0: ["4", "3"]}, pile=["8"])
    assert table.legal() == [{"type": "pickup"}]


def test_cs6_face_down_stage_must_attempt_a_blind_card():
    table = Table(face_down={0: ["4", "5"]}, pile=["K"])
    assert table.legal() == [
        {"type": "play-blind", "slot": 0},
        {"type": "play-blind", "slot": 1},
    ]
    assert table.refused(0, {"type": "pickup"}) == "must-try-blind"


def test_cs7_pickup_takes_the_whole_pile_and_passes_to_the_default_next_player():
    table = Table(hands={0: ["4"]}, pile=["5", "8", "K"])
    table.act(0, {"type": "pickup"})
    assert table.hand(0) == ["4", "5", "8", "K"]
    assert table.state.pile == []
    assert table.current == 1


def test_cs9_hand_is_replenished_right_after_each_play_even_before_a_q_follow_up():
    table = Table(hands={0: ["Q", "4", "5", "8", "9"]}, source=["2", "K"])
    table.play(0, "Q")
    assert table.decision == "play" and table.current == 0  # the follow-up is owed
    assert table.hand(0) == ["4", "5", "8", "9", "K"]
    assert table.playable() == ["K"]


def test_cs9_option_refills_at_the_end_of_the_turn_instead():
    table = Table(
        hands={0: ["Q", "K", "5", "6", "7"]},
        source=["2", "A"],
        options={"replenishAtEndOfTurn": True},
    )
    table.play(0, "Q")
    assert table.hand(0) == ["5", "6", "7", "K"]
    table.play(0, "K")
    assert table.hand(0) == ["2", "5", "6", "7", "A"]


def test_cs10_face_up_cards_wait_for_an_empty_hand_and_an_empty_source():
    table = Table(hands={0: ["5"]}, face_up={0: ["9", "9", "J"]}, source=["3"])
    assert table.playable() == ["5"]
    table = Table(face_up={0: ["9", "9", "J"]}, source=["3"])
    assert table.legal() == [{"type": "pickup"}]  # nothing accessible while the source lasts
    table = Table(face_up={0: ["9", "9", "J"]})
    assert table.playable() == ["9", "9x2", "J"]


def test_cs10_a_play_never_mixes_hand_and_face_up_cards():
    table = Table(hands={0: ["9"]}, face_up={0: ["9"]})
    ids = table.cards_of(0, "9") + table.cards_of(0, "9", zone="face-up")
    assert table.refused(0, {"type": "play", "cards": ids}) == "not-in-hand"


def test_cs11_q_as_the_last_hand_card_is_followed_from_face_up_cards():
    table = Table(hands={0: ["Q"]}, face_up={0: ["K", "3"]}, face_down={0: ["5"]})
    table.play(0, "Q")
    assert table.current == 0 and table.playable() == ["K"]
    table.play(0, "K", zone="face-up")
    assert table.current == 2  # the K reversed play: 3 players, anticlockwise from 0


def test_cs12_after_a_pickup_the_hand_must_be_emptied_again_first():
    table = Table(seats=2, face_up={0: ["4", "5"]}, pile=["K"], hands={1: ["2", "3"]})
    table.act(0, {"type": "pickup"})
    table.play(1, "2")
    assert table.current == 0 and table.playable() == ["K"]  # the face-up 4 and 5 wait


def test_cs13_failed_face_down_card_is_picked_up_with_the_pile():
    table = Table(face_down={0: ["4", "5"]}, pile=["K"], hands={1: ["2"]})
    table.blind(0, 0)
    assert table.hand(0) == ["4", "K"]
    assert table.state.face_down[0][0] is None
    assert table.current == 1


def test_cs13_legal_face_down_card_resolves_with_its_ability():
    table = Table(face_down={0: ["8", "5"]}, pile=["6"], hands={1: ["2"], 2: ["3"]})
    table.blind(0, 0)
    assert table.top == ("8", "8")
    assert table.current == 2  # the blind 8 skipped seat 1


def test_cs14_blind_q_needs_a_blind_follow_up():
    table = Table(face_down={0: ["Q", "3", "K"]}, pile=["5"], hands={1: ["2"]})
    table.blind(0, 0)
    assert table.current == 0
    assert [m["type"] for m in table.legal()] == ["play-blind", "play-blind"]
    table.blind(0, 1)  # a 3 cannot go on a Q: the pile (Q and 3 with it) is picked up
    assert table.hand(0) == ["3", "5", "Q"]
    assert table.current == 1


def test_cs14_blind_4_may_continue_a_run_blind_which_must_reach_6():
    table = Table(face_down={0: ["4", "5", "9"]}, pile=["2"], hands={1: ["2"]})
    table.blind(0, 0)
    assert table.decision == "run"
    assert {"type": "end-run"} in table.legal()
    table.blind(0, 1)  # a 5: the run is declared and must now reach 6
    assert table.decision == "run" and {"type": "end-run"} not in table.legal()
    table.blind(0, 2)  # a 9 breaks the run: everything is picked up
    assert table.hand(0) == ["2", "4", "5", "9"]
    assert table.current == 1


def test_cs15_burn_gives_the_burner_a_new_turn_that_may_start_with_a_field_change():
    table = Table(
        hands={0: ["10", "3", "4", "5", "6"]},
        face_up={0: ["7", "8", "9"]},
        fields={0: "5"},
        pile=["K"],
        source=["J", "J"],
    )
    table.play(0, "10")
    assert "burned" in table.event_types()
    assert table.current == 0 and table.state.turn.extra
    assert any(move["type"] == "field-change" for move in table.legal())


def test_cs15_no_extra_turn_when_the_burner_has_finished():
    table = Table(face_down={0: ["10"]}, hands={1: ["3"], 2: ["3"]}, pile=["5"])
    table.blind(0, 0)
    assert table.state.places == [0]
    assert table.current == 1


def test_cs23_finisher_is_placed_and_his_field_leaves_at_the_end_of_that_turn():
    table = Table(hands={0: ["9"], 1: ["3"], 2: ["4"]}, fields={0: "K", 1: "5"})
    table.play(0, "9")
    assert table.state.places == [0]
    assert table.state.field[0] is None and not table.state.fields.reverse
    assert table.current == 1


def test_cs23_the_last_player_left_is_the_sole_cunt():
    table = Table(seats=2, hands={0: ["9"], 1: ["3", "4"]})
    table.play(0, "9")
    result = table.game.result(table.state)
    assert result.reason == "sole-cunt" and result.places == (1, 2)
    assert result.detail == {"sole_cunt": 1}
    assert table.legal(1) == [] and table.legal(0) == []


def test_cs37_each_8_skips_one_more_player():
    table = Table(seats=5, hands={0: ["8", "8"], 1: ["2"], 2: ["2"], 3: ["2"], 4: ["2"]})
    table.play(0, "8", count=2)
    assert table.current == 3


def test_cs37_skips_wrap_round_and_never_count_finished_players():
    table = Table(seats=4, hands={0: ["8", "8", "3"], 2: ["2"], 3: ["2"]})
    table.state.places.append(1)
    table.play(0, "8", count=2)
    assert table.current == 0  # 0 -> (2, 3 skipped) -> 0


def test_cs37_in_two_players_one_8_means_go_again():
    table = Table(seats=2, hands={0: ["8", "3"], 1: ["2"]})
    table.play(0, "8")
    assert table.current == 0 and not table.state.turn.extra


def test_cs40_j_names_any_other_unfinished_player_and_play_continues_from_him():
    table = Table(seats=4, hands={0: ["J", "J", "3"], 1: ["2"], 2: ["2"], 3: ["2"]})
    table.state.places.append(2)
    table.play(0, "J", count=2)
    assert table.decision == "jack"
    assert [move["seat"] for move in table.legal()] == [1, 3]  # one choice for two Js
    assert table.refused(0, {"type": "choose", "seat": 0}) == "bad-seat-choice"
    table.choose(0, 3)
    assert table.current == 3


def test_cs40_and_cs67_j_has_no_effect_with_two_players():
    table = Table(seats=2, hands={0: ["J", "3"], 1: ["2"]})
    table.play(0, "J")
    assert table.current == 1 and "named" not in table.event_types()


def test_cs42_k_reverses_and_two_ks_cancel():
    table = Table(seats=4, hands={0: ["K", "3"], 3: ["A"]})
    table.play(0, "K")
    assert table.current == 3 and table.state.direction == -1
    table = Table(seats=4, hands={0: ["K", "K", "3"], 1: ["A"]})
    table.play(0, "K", count=2)
    assert table.current == 1 and table.state.direction == 1


def test_cs42_and_cs67_k_has_no_turn_effect_with_two_players():
    table = Table(seats=2, hands={0: ["K", "3"], 1: ["A"]})
    table.play(0, "K")
    assert table.current == 1


def test_cs52_reversal_is_immediate_and_the_chosen_player_moves_before_it_applies():
    table = Table(seats=4, hands={0: ["K", "3"], 1: ["2"], 2: ["5"], 3: ["2"]}, fields={3: "J"})
    table.play(0, "K")
    assert table.state.direction == -1 and table.decision == "field-jack"
    table.choose(0, 2)
    assert table.current == 2
    table.act(2, {"type": "pickup"})  # no J-field choice after a pickup: the default next
    assert table.current == 1


def test_cs52_burn_extra_turn_overrides_the_queue_but_keeps_the_direction():
    table = Table(seats=4, hands={0: ["Q", "K", "10", "3"], 3: ["2"]})
    table.play(0, "Q")
    table.play(0, "K")  # reverses; the turn ends with seat 3 to move
    assert table.current == 3 and table.state.direction == -1
    table = Table(seats=4, hands={0: ["Q", "10", "3"], 3: ["2"]}, direction=-1)
    table.play(0, "Q")
    table.play(0, "10")
    assert table.current == 0 and table.state.direction == -1


def test_cs67_an_8_gives_the_same_player_another_turn_and_the_k_field_still_orders():
    table = Table(seats=2, hands={0: ["8", "9", "5"], 1: ["2"]}, fields={1: "K"})
    table.play(0, "8")
    assert table.current == 0
    assert table.playable() == ["5"]  # K-field: equal or lower than the 8
