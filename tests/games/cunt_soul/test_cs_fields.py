"""Field cards: changing them (CS-18 to CS-22) and what each does (CS-53 to CS-66, CS-68)."""

from cs_table import Table

from cardtable.games.cunt_soul import GAME


def change(table, seat, new, burn_slot):
    card = table.cards_of(seat, new)[0]
    burned = table.state.face_up[seat][burn_slot]
    return table.act(seat, {"type": "field-change", "card": card, "burn": burned})


def field_table(**kwargs):
    base = dict(
        hands={0: ["9", "K", "Q", "J", "8"]},
        face_up={0: ["A", "A", "2"]},
        fields={0: "5"},
        source=["3", "4", "6", "7"],
    )
    base.update(kwargs)
    return Table(**base)


def test_cs18_at_most_three_changes_each():
    table = field_table()
    for slot, new in enumerate(("K", "Q", "J")):
        change(table, 0, new, slot)
        table.state.turn.plays, table.state.turn.changed = 0, False  # as in later turns
    assert table.state.changes[0] == 3 and all(table.state.horizontal[0])
    assert not any(m["type"] == "field-change" for m in table.legal())
    assert (
        table.refused(
            0,
            {
                "type": "field-change",
                "card": table.state.hands[0][0],
                "burn": table.state.face_up[0][0],
            },
        )
        == "no-field-change"
    )


def test_cs19_change_procedure_old_field_to_hand_burn_a_face_up_draw_sideways():
    table = field_table()
    out_before = len(table.state.out)
    burned = table.state.face_up[0][2]
    change(table, 0, "K", 2)
    state = table.state
    assert table.hand(0) == ["5", "8", "9", "J", "Q"]
    assert state.ranks[state.field[0]] == 13 and state.fields.reverse
    assert state.out[-1] == burned and len(state.out) == out_before + 1
    assert table.hand(0) and state.ranks[state.face_up[0][2]] == 7  # the source top
    assert state.horizontal[0] == [False, False, True]
    assert table.current == 0 and table.decision == "play"  # then he plays normally


def test_cs19_only_at_the_start_of_ones_own_turn():
    table = field_table(hands={0: ["Q", "K", "5", "6", "8"]})
    table.play(0, "Q")
    assert not any(m["type"] == "field-change" for m in table.legal())


def test_cs19_one_change_per_turn_then_he_plays():
    table = field_table()
    change(table, 0, "K", 0)
    assert not any(m["type"] == "field-change" for m in table.legal())
    second = {"type": "field-change", "card": table.cards_of(0, "Q")[0]}
    assert table.refused(0, {**second, "burn": table.state.face_up[0][1]}) == "no-field-change"
    assert table.state.changes[0] == 1


def test_cs20_a_one_card_source_allows_a_change_and_an_empty_one_does_not():
    table = field_table(source=["7"])
    change(table, 0, "K", 0)
    assert table.state.source == []
    assert not any(m["type"] == "field-change" for m in field_table(source=[]).legal())


def test_cs21_the_new_field_works_at_once_and_the_hand_size_waits_for_a_refill():
    table = field_table(pile=["3"], hands={0: ["Joker", "K", "Q", "J", "8"]})
    assert table.playable() == ["Joker"]
    change(table, 0, "Joker", 0)  # a Joker-field: the 3's demand is off before he plays
    assert sorted(table.playable()) == ["5", "8", "J", "K", "Q"]
    table = field_table(
        hands={0: ["A", "K", "Q", "J", "8"]},
        face_up={0: ["2", "2", "4"]},
        source=["3", "3", "4", "6", "7"],
    )
    change(table, 0, "A", 0)
    assert len(table.state.hands[0]) == 5 and table.state.fields.hand_size == 6
    table.play(0, "K")
    assert len(table.state.hands[0]) == 6


def test_cs22_the_horizontal_mark_belongs_to_the_slot():
    table = field_table(hands={0: ["9", "K", "Q", "J", "5"]}, source=["3", "4", "6", "7"])
    change(table, 0, "Q", 0)
    table.play(0, "5")
    jack = table.cards_of(0, "J")[0]
    table.act(0, {"type": "swap", "hand": jack, "slot": 0})
    assert table.state.face_up[0][0] == jack and table.state.horizontal[0][0]


def test_cs53_a_2_field_takes_the_overrule_from_6_7_and_10_but_not_from_2_or_joker():
    table = Table(hands={0: ["2", "6", "7", "10", "Joker", "9"]}, fields={1: "2"}, pile=["K"])
    assert sorted(table.playable()) == ["2", "Joker"]


def test_cs54_a_3_field_turns_a_triple_into_a_3_with_its_power():
    table = Table(hands={0: ["9", "9", "4"], 1: ["K", "3"]}, fields={2: "3"}, pile=["9"])
    table.play(0, "9", count=2)
    assert table.top == ("3", "3") and "triple" in table.event_types()
    assert table.playable(1) == ["3"]


def test_cs54_four_of_a_kind_takes_precedence_over_the_triple():
    table = Table(hands={0: ["8", "8", "4"]}, fields={2: "3"}, pile=["8", "8"])
    table.play(0, "8", count=2)
    assert "burned" in table.event_types() and "triple" not in table.event_types()


def test_cs55_no_new_triple_of_another_rank_on_a_3():
    table = Table(hands={0: ["6", "6", "4"]}, fields={2: "3"}, pile=["6"])
    table.state.pile[-1].value, table.state.pile[-1].power = 3, None  # a spent copied 3
    assert sorted(table.playable()) == ["4", "6"]
    assert table.refused_play(0, "6", count=2) == "new-triple-on-3"


def test_cs56_triples_go_by_printed_rank_and_a_converted_3_ignores_the_9_field():
    table = Table(hands={0: ["5", "4"]}, fields={1: "9", 2: "3"}, pile=["4", "6"])
    table.play(0, "5")
    assert "triple" not in table.event_types()
    # Under a Joker-field nothing overrules and the converted 3 has no power: only the order.
    fields = {1: "9", 2: "3", 3: "Joker"}
    table = Table(seats=4, hands={0: ["9", "9", "3"], 1: ["2", "4"]}, fields=fields, pile=["9"])
    table.play(0, "9", count=2)
    assert table.top == ("3", "3") and table.playable(1) == ["4"]  # 2 < 3: no 9-field tie
    natural = Table(seats=4, hands={1: ["2", "4"]}, fields=fields, pile=["3"], current=1)
    assert sorted(natural.playable(1)) == ["2", "4"]  # a printed 3 is equal to a 2


def test_cs57_a_6_field_shows_the_source_top_and_every_drawn_card():
    table = Table(hands={0: ["9", "4"]}, fields={1: "6"}, source=["J", "3", "K", "Q", "A"])
    public = GAME.view(table.state, None)["public"]
    assert public["source"]["top"]["rank"] == 1  # the ace on top
    table.play(0, "9")
    shown = next(e for e in table.events if e.type == "seat-drew")
    assert shown.to is None and [c["rank"] for c in shown.data["cards"]] == [1, 12, 13, 3]
    hidden = Table(hands={0: ["9", "4"]}, source=["J", "3"])
    hidden.play(0, "9")
    assert next(e for e in hidden.events if e.type == "seat-drew").data["cards"] is None


def test_cs58_a_7_field_asks_a_direction_after_every_play_and_equal_is_allowed():
    table = Table(hands={0: ["5", "4"], 1: ["5", "6", "3", "2", "Joker"]}, fields={2: "7"})
    table.play(0, "5")
    assert table.decision == "field-seven"
    table.direction(0, "lower")
    assert sorted(table.playable(1)) == ["2", "3", "5", "Joker"]


def test_cs58_the_7_field_replaces_the_k_field_and_binds_overrulers():
    table = Table(hands={0: ["9", "4"], 1: ["10", "A", "6", "Joker"]}, fields={2: "7", 1: "K"})
    table.play(0, "9")
    table.direction(0, "higher")
    assert sorted(table.playable(1)) == ["10", "A", "Joker"]


def test_cs58_one_choice_for_a_7_card_and_none_on_table():
    table = Table(hands={0: ["7", "4"], 1: ["6", "Joker"]}, fields={2: "7"})
    table.play(0, "7")
    table.direction(0, "higher")
    assert table.current == 1 and table.state.pile[-1].field_direction == "higher"
    table.play(1, "Joker")
    table.direction(1, "lower")
    table = Table(hands={0: ["6", "4"]}, fields={2: "7"})
    table.play(0, "6")
    assert table.current == 1  # a 6 on an empty pile is table: no direction


def test_cs59_an_8_field_stacks_counted_powers_once_more():
    table = Table(seats=4, hands={0: ["8", "3"], **{s: ["2"] for s in (1, 2, 3)}}, fields={3: "8"})
    table.play(0, "8")
    assert table.current == 3
    table = Table(seats=4, hands={0: ["K", "3"], 1: ["2"]}, fields={3: "8"})
    table.play(0, "K")
    assert table.state.direction == 1 and table.current == 1


def test_cs60_a_9_field_makes_2_to_9_equal_and_below_10():
    table = Table(hands={0: ["3", "8", "10", "J"]}, fields={1: "9"}, pile=["9"])
    assert sorted(table.playable()) == ["10", "3", "8", "J"]
    table = Table(hands={0: ["3", "9"]}, fields={1: "9"}, pile=["10"])
    assert table.playable() == []


def test_cs61_j_field_choice_after_the_turn_unless_an_8_or_j_was_played():
    table = Table(seats=4, hands={0: ["9", "3"]}, fields={3: "J"})
    table.play(0, "9")
    assert table.decision == "field-jack"
    assert [m["seat"] for m in table.legal()] == [1, 2, 3]
    table.choose(0, 3)
    assert table.current == 3
    table = Table(seats=4, hands={0: ["8", "3"]}, fields={3: "J"})
    table.play(0, "8")
    assert table.current == 2  # the 8 still skips; no choice


def test_cs61_no_j_field_choice_on_a_burn_or_with_two_players():
    table = Table(seats=4, hands={0: ["10", "3"]}, fields={3: "J"})
    table.play(0, "10")
    assert table.current == 0 and table.decision == "play"
    table = Table(seats=2, hands={0: ["9", "3"]}, fields={1: "J"})
    table.play(0, "9")
    assert table.current == 1


def test_cs62_a_q_field_stops_all_stacking_even_the_8_fields():
    table = Table(
        seats=5,
        hands={0: ["8", "8", "3"], **{s: ["2"] for s in range(1, 5)}},
        fields={3: "8", 4: "Q"},
    )
    table.play(0, "8", count=2)
    assert table.current == 2


def test_cs63_an_odd_number_of_k_fields_reverses_the_order_not_the_turns():
    table = Table(hands={0: ["5", "9", "A"]}, fields={1: "K"}, pile=["8"])
    assert sorted(table.playable()) == ["5"]
    table.play(0, "5")
    assert table.current == 1
    table = Table(hands={0: ["5", "9", "A"]}, fields={1: "K", 2: "K"}, pile=["8"])
    assert sorted(table.playable()) == ["9", "A"]


def test_cs64_each_ace_field_adds_one_to_the_hand_size_and_nobody_discards():
    table = Table(
        hands={0: ["3", "4", "5", "6", "7", "8", "9", "J"]},
        fields={1: "A", 2: "A"},
        source=["K", "K", "Q"],
    )
    assert table.state.fields.hand_size == 7
    table.play(0, "3")
    assert len(table.state.hands[0]) == 7


def test_cs65_a_joker_field_cancels_every_card_ability_but_jokers_and_four_of_a_kind():
    table = Table(
        seats=4, hands={0: ["8", "3"], 1: ["7", "Joker", "2"]}, fields={3: "Joker"}, pile=["7"]
    )
    table.play(0, "8")
    assert table.current == 1  # no skip
    assert sorted(table.playable(1)) == ["Joker"]  # no overrule for the 7 or the 2
    table = Table(hands={0: ["9", "3"]}, fields={2: "Joker"}, pile=["9", "9", "9"])
    table.play(0, "9")
    assert "burned" in table.event_types() and table.current == 0


def test_cs66_field_stacking_idempotent_counted_or_by_parity():
    table = Table(
        seats=5, hands={0: ["8", "3"], **{s: ["2"] for s in range(1, 5)}}, fields={1: "8", 2: "8"}
    )
    table.play(0, "8")
    assert table.current == 4  # one 8 skips 1 + 2 players
    table = Table(hands={0: ["5", "9"]}, fields={1: "K", 2: "K"}, pile=["8"])
    assert table.playable() == ["9"]  # two K-fields: the normal order
    table = Table(
        hands={0: ["3", "4"]}, fields={1: "A", 2: "A"}, source=["5", "6", "7", "8", "9", "J", "Q"]
    )
    table.play(0, "3")
    assert len(table.state.hands[0]) == 7


def test_cs68_two_decks_hold_8_of_each_rank_and_5_in_a_row_burn():
    table = Table(seats=5, hands={0: ["9", "9", "9", "9", "9", "3"]})
    assert sum(rank == 0 for rank in table.state.ranks) == 4
    table.play(0, "9", count=5)
    assert "burned" in table.event_types()
