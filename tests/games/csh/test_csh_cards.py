"""A scripted test for every card's effect in the C.3 set (cards.toml), named by card id."""

from __future__ import annotations

import pytest

from cardtable.engine import IllegalAction
from cardtable.games.csh.catalog import CATALOG
from cardtable.games.csh.state import Phase
from csh_table import Table

FILLER = [["E1"], ["E2"], ["E3"], ["E3"], ["E4"], ["E4"], ["E5"]]
SOCIALS = [t.id for t in CATALOG.types if t.set == "socials"]


def _play_and_resolve(table: Table, seat: int, name: str, **kwargs) -> None:
    table.play(seat, name, **kwargs)
    table.pass_all()


# -- base cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "vp"),
    [("B1", 1), ("B3", 2), ("B7", 3), ("E1", 8), ("E2", 7), ("E3", 7), ("E4", 6), ("E5", 6)],
)
def test_b1_b3_b7_and_evals_e1_to_e5_are_their_printed_vp_and_nothing_else(card, vp):
    table = Table(seats=2, hands={0: [card, "B1"]}, deck=["O1", "O2"])
    table.play(0, card)
    table.pass_all()
    assert table.total(0) == vp and table.deck() == ["O1", "O2"] and table.hand(0) == ["B1"]


def test_b2_cancel_is_played_only_as_a_reaction_and_flips_the_card_being_played():
    table = Table(seats=2, hands={0: ["B2", "E1"], 1: ["B2", "B1"]})
    with pytest.raises(IllegalAction):
        table.play(0, "B2")
    table.play(0, "E1")
    table.react(1, "B2")
    table.pass_all()
    assert table.archive(0) == [["E1!"]] and table.archive(1) == [["B2"]]
    assert table.total(0) == 0 and table.state.actions == 1


def test_b4_alumnus_draws_a_card_and_is_worth_two_in_v2():
    table = Table(seats=2, hands={0: ["B4"]}, deck=["E1", "E2"])
    table.play(0, "B4")
    assert table.hand(0) == ["E1"] and table.total(0) == 2


def test_b5_intro_packet_draws_two_then_its_player_discards_one_of_his_choice():
    table = Table(seats=2, hands={0: ["B5"]}, deck=["E1", "E2", "E3"])
    table.play(0, "B5")
    assert table.state.phase is Phase.CHOICE and table.waiting() == 0
    table.choose(card=table.card(0, "E2"))
    assert table.hand(0) == ["E1"] and table.discard() == ["E2"] and table.deck() == ["E3"]


def test_b6_house_meeting_each_player_draws_one_starting_with_its_player():
    table = Table(seats=3, current=1, hands={1: ["B6"]}, deck=["E1", "E2", "E3"])
    table.play(1, "B6")
    assert [table.hand(s) for s in range(3)] == [["E3"], ["E1"], ["E2"]]
    assert table.total(1) == 2


# -- Socials ------------------------------------------------------------------------------------


@pytest.mark.parametrize("card", SOCIALS)
def test_socials_s1_to_s10_count_every_face_up_social(card):
    other = next(s for s in SOCIALS if s != card)
    table = Table(seats=2, hands={0: [card]}, archives={1: [[other]]})
    assert table.total(1) == 1
    table.play(0, card)
    assert (table.total(0), table.total(1)) == (2, 2)


# -- PR -----------------------------------------------------------------------------------------


def test_p1_public_relations_director_draws_two():
    table = Table(seats=2, hands={0: ["P1"]}, deck=["E1", "E2", "E3"])
    table.play(0, "P1")
    assert table.hand(0) == ["E1", "E2"] and table.total(0) == 2


def test_p2_recruitment_flyer_draws_one_and_the_target_discards_one_of_his_choice():
    table = Table(seats=3, hands={0: ["P2"], 1: ["E3", "E4"], 2: ["E5"]}, deck=["E1"])
    table.play(0, "P2")
    table.pass_all()
    assert table.legal(0) == [
        {"type": "choose-seat", "seat": 1},
        {"type": "choose-seat", "seat": 2},
    ]
    table.choose(seat=1)
    assert table.hand(0) == ["E1"] and table.waiting() == 1  # the target picks the card
    table.choose(card=table.card(1, "E4"))
    assert table.hand(1) == ["E3"] and table.discard() == ["E4"]


def test_p3_poaching_takes_two_random_cards_from_the_target():
    table = Table(seats=2, hands={0: ["P3"], 1: ["E1", "E2", "E3"]})
    table.play(0, "P3")
    table.pass_all()
    assert len(table.hand(0)) == 2 and len(table.hand(1)) == 1
    assert sorted(table.hand(0) + table.hand(1)) == ["E1", "E2", "E3"]


def test_p4_press_release_takes_one_random_card_and_only_the_two_players_see_which():
    table = Table(seats=3, hands={0: ["P4"], 1: ["E1"], 2: ["E2"]})
    table.play(0, "P4")
    table.pass_all()
    table.choose(seat=1)
    assert table.hand(0) == ["E1"] and table.hand(1) == []
    taken = next(e for e in table.events if e.type == "card-taken")
    assert taken.to == {0, 1} and taken.data["card"]["card"] == "E1"


def test_p5_imagine_rit_booth_looks_at_the_targets_hand_and_takes_a_chosen_card():
    table = Table(seats=2, hands={0: ["P5"], 1: ["E1", "B3", "E2"]})
    table.play(0, "P5")
    table.pass_all()
    shown = [c["card"] for c in table.view(0)["you"]["options"]]
    assert sorted(shown) == ["B3", "E1", "E2"]
    table.choose(card=table.card(1, "E2"))
    assert table.hand(0) == ["E2"] and table.hand(1) == ["B3", "E1"]
    assert "options" not in table.view(0)["you"]


def test_p6_open_house_each_other_player_discards_one_of_his_choice():
    table = Table(seats=3, hands={0: ["P6"], 1: ["E1", "E2"], 2: ["E3", "E4"]})
    table.play(0, "P6")
    table.pass_all()
    assert table.waiting() == 1
    table.choose(card=table.card(1, "E1"))
    assert table.waiting() == 2
    table.choose(card=table.card(2, "E4"))
    assert table.discard() == ["E1", "E4"] and table.hand(1) == ["E2"]


def test_p7_newsletter_draws_three_then_discards_one():
    table = Table(seats=2, hands={0: ["P7"]}, deck=["E1", "E2", "E3", "E4"])
    table.play(0, "P7")
    table.choose(card=table.card(0, "E1"))
    assert table.hand(0) == ["E2", "E3"] and table.discard() == ["E1"]


# -- R&D ----------------------------------------------------------------------------------------


def test_r1_rnd_director_adds_a_slot_and_takes_the_last_one_with_it_when_it_leaves():
    table = Table(seats=2, hands={0: ["R1", "B7"], 1: ["H4"]}, archives={0: [["B3"], *FILLER[:6]]})
    _play_and_resolve(table, 0, "R1", place="top", slot=0)
    assert table.view(0)["public"]["archives"][0]["capacity"] == 8
    _play_and_resolve(table, 0, "B7")
    assert len(table.archive(0)) == 8
    table.play(1, "H4")  # Lost Records discards the R&D Director (2 VP, and 3 with its slot)
    table.choose(card=table.top(0, 0))
    assert table.archive(0)[0] == ["B3"] and len(table.archive(0)) == 7
    assert table.discard() == ["R1", "B7"]  # the stack in the eighth slot went too


def test_r2_automation_script_makes_the_first_draw_action_of_a_turn_draw_two():
    table = Table(seats=2, hands={0: ["B1"]}, deck=["E1", "E2", "E3", "E4"], archives={0: [["R2"]]})
    table.draw(0)
    table.draw(0)
    assert table.hand(0) == ["B1", "E1", "E2", "E3"]


def test_r3_overclock_adds_one_to_each_stack_with_a_base_bottom():
    table = Table(
        seats=2, hands={0: ["R3"]}, archives={0: [["B1", "B1"], ["B3", "E1"], ["E2"], ["B7!"]]}
    )
    before = table.total(0)
    table.play(0, "R3")
    assert table.total(0) == before + 2 + 2  # its own VP, and two face-up Base bottoms


def test_r4_firewall_stops_other_players_effects_choosing_its_archive_cards():
    table = Table(
        seats=3, hands={0: ["H3"], 1: ["H1"]}, archives={1: [["R4"], ["E1"]], 2: [["E2"]]}
    )
    _play_and_resolve(table, 0, "H3")  # Revisionism: only seat 2's card may take the token
    assert table.state.tokens[table.top(2, 0)] == -1 and table.total(1) == 2 + 8
    table.draw(0)
    table.play(1, "H1")  # its own effects still choose its cards
    table.choose(card=table.top(1, 1))
    assert table.state.tokens[table.top(1, 1)] == 1


def test_r5_hackathon_draws_a_card_then_gives_one_more_action():
    table = Table(seats=2, hands={0: ["R5", "B3"]}, deck=["E1", "E2"])
    table.play(0, "R5")
    table.pass_all()
    assert table.state.actions == 2 and table.hand(0) == ["B3", "E1"]


def test_r6_prototype_upkeep_draw_happens_before_the_first_action():
    table = Table(
        seats=2, hands={0: ["B1"], 1: ["B1"]}, deck=["E1", "E2", "E3"], archives={1: [["R6"]]}
    )
    table.draw(0)
    table.draw(0)
    assert table.waiting() == 1 and table.hand(1) == ["B1", "E3"]


def test_r7_backup_server_puts_cards_other_players_discard_into_its_hand():
    table = Table(
        seats=2, hands={0: ["H4"], 1: ["E5"]}, archives={1: [["R7"], ["B3", "E5"], *FILLER[1:6]]}
    )
    table.play(0, "H4")
    table.pass_all()
    table.choose(card=table.top(1, 1))
    assert table.hand(1) == ["E5", "E5"] and table.discard() == []
    table.draw(0)
    table.play(1, "E5", "replace", 2)  # its own replacement is a discard as usual
    assert table.discard() == ["E2"]


def test_r8_patch_notes_puts_a_plus_two_token_on_a_card_in_its_archive():
    table = Table(seats=2, hands={0: ["R8"]}, archives={0: [["E1"]], 1: [["E2"]]})
    table.play(0, "R8")
    assert table.legal(0) == [
        {"type": "choose-card", "card": table.top(0, 0)},
        {"type": "choose-card", "card": table.top(0, 1)},
    ]
    table.choose(card=table.top(0, 0))
    assert table.total(0) == 8 + 2 + 1
    assert table.view(1)["public"]["archives"][0]["stacks"][0][0]["tokens"] == 2


# -- OpComm -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "count"), [("O1", 3), ("O2", 2), ("O6", 4)])
def test_o1_o2_o6_mill_the_top_cards_face_up(card, count):
    deck = ["E1", "E2", "E3", "E4", "E5", "B3", "B7"]
    table = Table(seats=2, hands={0: [card]}, deck=deck)
    table.play(0, card)
    assert table.discard() == deck[:count] and table.deck() == deck[count:]


def test_o3_scheduling_reorders_the_top_three_and_the_next_draws_follow_that_order():
    table = Table(seats=2, hands={0: ["O3"]}, deck=["E1", "E2", "E3", "E4"])
    table.play(0, "O3")
    order = table.legal(0)
    assert len(order) == 6 and table.state.phase is Phase.CHOICE
    top = table.state.deck
    table.choose(cards=[top[-3], top[-2], top[-1]])  # E3, E2, E1
    assert table.deck() == ["E3", "E2", "E1", "E4"]
    table.draw(0)
    assert table.kinds(table.state.hands[0]) == ["E3", "E2", "E1"]  # an empty hand draws 3


def test_o4_fast_track_draws_one_then_mills_one():
    table = Table(seats=2, hands={0: ["O4"]}, deck=["E1", "E2", "E3"])
    table.play(0, "O4")
    assert table.hand(0) == ["E1"] and table.discard() == ["E2"] and table.deck() == ["E3"]


def test_o5_work_order_reorders_the_top_two_then_draws_the_one_put_on_top():
    table = Table(seats=2, hands={0: ["O5"]}, deck=["E1", "E2", "E3"])
    table.play(0, "O5")
    assert len(table.legal(0)) == 2  # the two orders of E1 and E2
    top = table.state.deck
    table.choose(cards=[top[-2], top[-1]])  # E2 on top
    assert table.hand(0) == ["E2"] and table.deck() == ["E1", "E3"]


def test_o7_quorum_call_mills_one_then_gives_one_more_action():
    table = Table(seats=2, current=1, hands={1: ["O7", "B3"]}, deck=["E1", "E2"])
    table.play(1, "O7")
    table.pass_all()
    assert table.discard() == ["E1"] and table.deck() == ["E2"]
    assert table.hand(0) == [] and table.state.actions == 2


# -- History ------------------------------------------------------------------------------------


def test_h1_history_director_puts_plus_one_on_its_own_card_and_minus_one_on_anothers():
    table = Table(seats=2, hands={0: ["H1"]}, archives={1: [["E2"]]})
    table.play(0, "H1")  # the only own card: itself; the only other card: the E2
    assert table.total(0) == 3 + 1 and table.total(1) == 7 - 1


def test_h2_archivist_takes_the_top_of_another_of_its_stacks_back_into_the_hand():
    table = Table(seats=2, hands={0: ["H2"]}, archives={0: [["I4"], ["B3", "E4"]], 1: [["E1"]]})
    table.play(0, "H2")
    assert {a["card"] for a in table.legal(0)} == {table.top(0, 0), table.top(0, 1)}
    table.choose(card=table.top(0, 0))  # its Broken Couch, never itself or others' cards
    assert table.hand(0) == ["I4"] and table.total(0) == 3 + 2 + 6 and table.total(1) == 8


def test_h2_archivist_takes_a_whole_freshmen_pile():
    table = Table(seats=2, hands={0: ["H2"]}, archives={0: [["B1", "B1"]]})
    table.play(0, "H2")
    assert table.hand(0) == ["B1", "B1"] and table.archive(0) == [["H2"]]


def test_h3_revisionism_puts_a_minus_one_token_on_another_players_card():
    table = Table(seats=2, hands={0: ["H3"]}, archives={0: [["E1"]], 1: [["E2"]]})
    table.play(0, "H3")
    assert table.total(1) == 7 - 1 and table.total(0) == 8 + 2


def test_h4_lost_records_discards_the_top_card_of_another_players_stack():
    table = Table(seats=2, hands={0: ["H4"]}, archives={1: [["B3", "E4"], ["B1"]]})
    table.play(0, "H4")
    table.choose(card=table.top(1, 0))
    assert table.archive(1) == [["B3"], ["B1"]] and table.discard() == ["E4"]


def test_h5_time_capsule_takes_a_card_from_the_discard_pile():
    table = Table(seats=2, hands={0: ["H5"]}, discard=["E1", "B3"])
    table.play(0, "H5")
    shown = [c["card"] for c in table.view(0)["you"]["options"]]
    assert shown == ["E1", "B3"]
    table.choose(card=table.state.discard[0])
    assert table.hand(0) == ["E1"] and table.discard() == ["B3"]


def test_h6_restoration_turns_a_canceled_card_face_up_without_its_effect():
    table = Table(seats=2, hands={0: ["H6"]}, deck=["E1"], archives={0: [["B4!"], ["R1!"]]})
    table.play(0, "H6")
    table.choose(card=table.top(0, 1))
    assert table.archive(0) == [["B4!"], ["R1"], ["H6"]] and table.total(0) == 4
    assert table.view(0)["public"]["archives"][0]["capacity"] == 8
    assert table.deck() == ["E1"]


def test_h6_restoring_a_canceled_card_with_an_effect_does_not_trigger_it():
    table = Table(seats=2, hands={0: ["H6"]}, deck=["E1"], archives={0: [["B4!"]]})
    table.play(0, "H6")
    assert table.archive(0) == [["B4"], ["H6"]] and table.deck() == ["E1"]


def test_h7_reenactment_resolves_another_cards_on_enter_again():
    table = Table(
        seats=2, hands={0: ["H7"]}, deck=["E3", "E4"], archives={0: [["B4"], ["E2"], ["B5!"]]}
    )
    table.play(0, "H7")  # B4 is the only other face-up card with an effect
    assert table.hand(0) == ["E3"] and table.types("retriggered") == ["retriggered"]


def test_h8_old_photos_swaps_its_top_card_with_another_players():
    table = Table(seats=2, hands={0: ["H8"]}, archives={0: [["B3", "E5"]], 1: [["E1"], ["B7"]]})
    table.play(0, "H8")
    table.choose(card=table.top(0, 0))  # its Major Project...
    assert {a["card"] for a in table.legal(0)} == {table.top(1, 0), table.top(1, 1)}
    table.choose(card=table.top(1, 0))  # ...for the Evals Director (8 for 6: 4 VP move)
    assert table.archive(0)[0] == ["B3", "E1"] and table.archive(1)[0] == ["E5"]
    assert table.total(0) == 2 + 8 + 2 and table.total(1) == 6 + 3


def test_h8_old_photos_fizzles_when_a_card_would_break_the_stacking_rules():
    table = Table(seats=2, hands={0: ["H8"]}, archives={0: [["B3", "E5"]], 1: [["B7"]]})
    table.play(0, "H8")
    table.choose(card=table.top(0, 0))  # a Constitution cannot sit on an Upperclassman
    assert table.archive(0)[0] == ["B3", "E5"] and table.archive(1) == [["B7"]]
    assert [e.data["done"] for e in table.events if e.type == "archive-swap"] == [False]


# -- Financials ---------------------------------------------------------------------------------


def test_f1_financial_director_takes_another_turn():
    table = Table(seats=2, hands={0: ["F1", "B3"], 1: ["B1"]}, deck=["E1", "E2", "E3"])
    table.play(0, "F1")
    table.pass_all()
    table.draw(0)
    assert table.waiting() == 0 and table.state.actions == 2 and table.state.turn == 2


def test_f2_budget_freeze_skips_the_targets_next_turn():
    table = Table(seats=2, hands={0: ["F2", "B3"], 1: ["B1"]}, deck=["E1", "E2", "E3"])
    table.play(0, "F2")
    table.pass_all()
    table.draw(0)
    assert table.waiting() == 0 and "turn-skipped" in table.types("turn-skipped")


def test_f3_audit_takes_an_action_from_the_targets_next_turn():
    table = Table(seats=2, hands={0: ["F3", "B3"], 1: ["B1", "B1"]}, deck=["E1", "E2"])
    table.play(0, "F3")
    table.pass_all()
    table.draw(0)
    assert table.waiting() == 1 and table.state.actions == 1
    table.draw(1)
    assert table.waiting() == 0


def test_f4_reimbursement_gives_two_more_actions():
    table = Table(seats=2, hands={0: ["F4", "B3"]})
    table.play(0, "F4")
    table.pass_all()
    assert table.state.actions == 3


def test_f5_spending_presentation_negates_an_effect_and_keeps_the_vp():
    table = Table(seats=2, hands={0: ["P1", "F5"], 1: ["F5"]}, deck=["E1", "E2"])
    with pytest.raises(IllegalAction):
        table.play(0, "F5")  # a reaction card
    table.play(0, "P1")
    table.react(1, "F5")
    table.pass_all()
    assert table.archive(0) == [["P1"]] and table.total(0) == 2 and table.hand(0) == ["F5"]
    assert table.archive(1) == [["F5"]] and table.total(1) == 1 and table.deck() == ["E1", "E2"]


def test_f6_budget_reallocation_picks_the_next_player_and_play_goes_on_from_there():
    table = Table(seats=4, hands={0: ["F6"], 1: ["B1"], 2: ["B1"], 3: ["B1"]}, deck=["E1", "E2"])
    table.play(0, "F6")
    table.pass_all()
    assert {a["seat"] for a in table.legal(0)} == {1, 2, 3}
    table.choose(seat=3)
    table.draw(0)
    assert table.waiting() == 3
    table.draw(3)
    table.draw(3)
    assert table.waiting() == 0


# -- Imps ---------------------------------------------------------------------------------------


def test_i1_imps_director_passes_every_hand_to_the_next_player():
    table = Table(seats=3, hands={0: ["I1", "E1"], 1: ["E2", "E3"], 2: ["E4"]})
    table.play(0, "I1")
    table.pass_all()
    assert [table.hand(s) for s in range(3)] == [["E4"], ["E1"], ["E2", "E3"]]


def test_i2_room_swap_swaps_hands_with_the_target():
    table = Table(seats=2, hands={0: ["I2", "E1"], 1: ["E2", "E3"]})
    table.play(0, "I2")
    table.pass_all()
    assert table.hand(0) == ["E2", "E3"] and table.hand(1) == ["E1"]


def test_i3_deep_clean_everyone_discards_his_hand_then_each_draws_three():
    table = Table(
        seats=2,
        current=1,
        hands={0: ["E1"], 1: ["I3", "E2"]},
        deck=["O1", "O2", "O3", "O4", "O5", "O6", "O7"],
    )
    table.play(1, "I3")
    table.pass_all()
    assert sorted(table.discard()) == ["E1", "E2"] and table.total(1) == 2
    assert table.hand(1) == ["O1", "O2", "O3"] and table.hand(0) == ["O4", "O5", "O6"]


def test_i4_broken_couch_goes_into_the_targets_archive_at_minus_two():
    table = Table(seats=3, hands={0: ["I4"]}, archives={2: [["E1"]]})
    table.play(0, "I4", target=2)
    assert table.archive(2) == [["E1"], ["I4"]] and table.total(2) == 8 - 2
    assert table.archive(0) == [] and table.total(0) == 0


def test_i5_spring_cleaning_a_random_other_player_discards_a_random_card_then_draw_one():
    table = Table(seats=3, hands={0: ["I5"], 1: ["E1", "E2"], 2: ["E3", "E4"]}, deck=["B7"])
    table.play(0, "I5")
    table.pass_all()
    assert len(table.discard()) == 1 and table.hand(0) == ["B7"]
    assert sum(len(table.hand(s)) for s in (1, 2)) == 3


def test_i6_furniture_move_swaps_tops_of_two_stacks_in_two_different_archives():
    table = Table(seats=3, hands={0: ["I6"]}, archives={1: [["E5"]], 2: [["B7"], ["E2"]]})
    table.play(0, "I6")
    table.choose(card=table.top(1, 0))
    # the Constitution (3 for 6: 6 VP move) or the E2; not the Furniture Move itself (2 for 6:
    # 8 VP move, past the cap)
    assert {a["card"] for a in table.legal(0)} == {table.top(2, 0), table.top(2, 1)}
    table.choose(card=table.top(2, 0))
    assert table.archive(1) == [["B7"]] and table.archive(2) == [["E5"], ["E2"]]


@pytest.mark.parametrize("seed", range(6))
def test_i7_floor_project_is_worth_four_or_nothing_for_good(seed):
    table = Table(seats=2, hands={0: ["I7"], 1: ["R8"]}, seed=seed)
    _play_and_resolve(table, 0, "I7")
    heads = next(e for e in table.events if e.type == "coin-flipped").data["heads"]
    assert table.total(0) == (4 if heads else 0)
    table.draw(0)
    _play_and_resolve(table, 1, "R8")  # turns go on; the result stays
    assert table.view(1)["public"]["archives"][0]["stacks"][0][0]["vp"] == (4 if heads else 0)


def test_i7_both_sides_of_the_coin_come_up():
    sides = set()
    for seed in range(12):
        table = Table(seats=2, hands={0: ["I7"]}, seed=seed)
        table.play(0, "I7")
        sides.add(table.total(0))
    assert sides == {0, 4}


def test_i8_tool_library_each_player_gives_a_random_card_to_the_player_before_him():
    table = Table(seats=3, hands={0: ["I8", "E1"], 1: ["E2"], 2: ["E3"]})
    table.play(0, "I8")
    table.pass_all()
    assert [table.hand(s) for s in range(3)] == [["E2"], ["E3"], ["E1"]]
    assert table.total(0) == 2
