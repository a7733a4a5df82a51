"""One scripted test (or a few) for every ruling of rules/csh.md C.4, CSH-1 to CSH-28."""

from __future__ import annotations

import pytest

from cardtable.engine import IllegalAction
from cardtable.games.csh import GAME
from cardtable.games.csh.catalog import CATALOG
from cardtable.games.csh.state import Phase
from csh_table import Table

FILLER = [["E1"], ["E2"], ["E3"], ["E3"], ["E4"], ["E4"], ["E5"]]  # seven stacks
FILLER_DECK = ["E2", "E2", "E3", "E3", "E4", "E4", "E5", "E5", "E5"]


def _illegal(table: Table, seat, action, code: str) -> None:
    with pytest.raises(IllegalAction) as raised:
        table.act(seat, action)
    assert raised.value.code == code


# -- CSH-1, CSH-2: turns of two actions ---------------------------------------------------------


def test_csh_1_a_turn_is_two_actions_and_a_round_is_one_cycle():
    table = Table(seats=3, hands={s: ["B1"] for s in range(3)}, deck=FILLER_DECK[:6])
    for seat in (0, 1, 2):
        assert table.waiting() == seat and table.state.actions == 2
        table.draw(seat)
        assert table.waiting() == seat and table.state.actions == 1
        table.draw(seat)
    assert table.waiting() == 0 and table.state.turn == 4
    assert [len(h) for h in table.state.hands] == [3, 3, 3]


def test_csh_2_no_passing_on_a_turn_and_a_play_needs_a_legal_play():
    table = Table(seats=2, hands={0: ["B2", "E1"]}, archives={0: [["E2"]]})
    _illegal(table, 0, {"type": "pass"}, "unknown-action")
    _illegal(
        table, 0, {"type": "play", "cards": [table.card(0, "B2")], "place": "new"}, "reaction-only"
    )
    _illegal(
        table,
        0,
        {"type": "play", "cards": [table.card(0, "E1")], "place": "top", "slot": 0},
        "bad-place",
    )
    assert {"type": "pass"} not in table.legal(0)


def test_csh_2_a_draw_on_an_empty_deck_is_legal_and_draws_nothing():
    table = Table(seats=2, hands={0: ["B3"]})
    table.draw(0)
    assert table.hand(0) == ["B3"] and table.state.actions == 1


# -- CSH-3, CSH-4, CSH-27: set-up ---------------------------------------------------------------


def test_csh_3_the_starting_player_is_random_and_play_goes_clockwise():
    starts = set()
    for seed in range(30):
        state = GAME.new({"draft": "random"}, seats=3, seed=seed)
        starts.add(state.start)
        assert state.current == state.start
        GAME.apply(state, state.start, {"type": "draw"})
        GAME.apply(state, state.start, {"type": "draw"})
        assert state.current == (state.start + 1) % 3
    assert starts == {0, 1, 2}


def test_csh_4_the_deck_is_base_and_chosen_sets_with_the_election_in_the_bottom_eleven():
    chosen = ["evals", "pr", "imps"]
    depths = set()
    for seed in range(60):
        state = GAME.new({"directorships": chosen}, seats=3, seed=seed)
        everything = state.deck + [c for hand in state.hands for c in hand]
        sets = {state.type_of[c].set for c in everything}
        assert sets == {"base", "evals", "pr", "imps", ""}  # "": the Election
        assert len(everything) == 20 + 30 + 1
        hands = [len(state.hands[(state.start + position) % 3]) for position in range(3)]
        assert hands == [5, 6, 5]  # five each, and the second player's catch-up card (CSH-31)
        depths.add(state.deck.index(state.election))
    assert depths == set(range(11))


def test_csh_27_each_player_chooses_a_different_directorship_in_seat_order():
    state = GAME.new({}, seats=3, seed=4)
    assert GAME.to_act(state) == {0} and state.phase is Phase.DRAFT
    GAME.apply(state, 0, {"type": "choose-directorship", "directorship": "imps"})
    assert {"type": "choose-directorship", "directorship": "imps"} not in GAME.legal(state, 1)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, {"type": "choose-directorship", "directorship": "imps"})
    GAME.apply(state, 1, {"type": "choose-directorship", "directorship": "pr"})
    GAME.apply(state, 2, {"type": "choose-directorship", "directorship": "evals"})
    assert state.directorships == ["imps", "pr", "evals"] and state.phase is Phase.TURN
    assert {state.type_of[c].set for c in state.deck} <= {"base", "imps", "pr", "evals", ""}


def test_csh_27_two_to_eight_players_and_fixed_or_drawn_directorships():
    assert GAME.seat_range(GAME.options({})) == (2, 8)
    assert GAME.seat_range(GAME.options({"directorships": ["pr", "imps"]})) == (2, 2)
    drawn = GAME.new({"draft": "random"}, seats=8, seed=1)
    assert sorted(drawn.directorships) == sorted(d.id for d in CATALOG.directorships)
    for bad in ({"directorships": ["pr"]}, {"directorships": ["nope", "pr"]}):
        with pytest.raises(ValueError):
            GAME.new(bad, seats=2)
    with pytest.raises(ValueError):
        GAME.new({}, seats=9)


# -- CSH-5 to CSH-8: the Archive ----------------------------------------------------------------


def test_csh_5_stacks_are_base_or_freshmen_topped_by_at_most_one_directorship():
    table = Table(
        seats=2,
        hands={0: ["E1", "B3", "B1", "E2"]},
        archives={0: [["E5"], ["B7"], ["B1"], ["B3", "E4"], ["B1", "B1!"]]},
    )
    spots = {
        (a["cards"][0], a.get("place"), a.get("slot"))
        for a in table.legal(0)
        if a["type"] == "play"
    }
    e1, b3, b1 = table.card(0, "E1"), table.card(0, "B3"), table.card(0, "B1")
    assert (e1, "top", 0) not in spots  # a Directorship on a Directorship
    assert (e1, "top", 1) in spots and (e1, "top", 2) in spots  # on a Base, on Freshmen
    assert (e1, "top", 3) not in spots  # exactly one on top
    assert (e1, "top", 4) not in spots  # nothing on a canceled card
    assert not any(s[0] == b3 and s[1] == "top" for s in spots)  # a Base on anything
    assert (b1, "top", 2) in spots and (b1, "top", 1) not in spots  # Freshmen on Freshmen only
    _illegal(table, 0, {"type": "play", "cards": [b3], "place": "top", "slot": 1}, "bad-place")
    table.play(0, "E1", "top", 1)
    assert table.archive(0)[1] == ["B7", "E1"]


def test_csh_6_topping_a_base_needs_no_new_slot_in_a_full_archive():
    table = Table(
        seats=2,
        hands={0: ["E1", "E2"]},
        archives={0: [["B3"], ["E5"], ["E5"], ["E5"], ["E4"], ["E4"], ["E3"]]},
    )
    _illegal(
        table, 0, {"type": "play", "cards": [table.card(0, "E1")], "place": "new"}, "bad-place"
    )
    table.play(0, "E1", "top", 0)
    assert table.archive(0)[0] == ["B3", "E1"] and len(table.archive(0)) == 7


def test_csh_7_replacement_only_when_full_discards_the_whole_stack_and_the_card_triggers():
    table = Table(
        seats=2,
        hands={0: ["B4", "B3"]},
        deck=["B7"],
        archives={0: [["B1", "B1!"], ["B3", "E5+2"], *FILLER[:5]]},
    )
    token_card = table.top(0, 1)
    table.play(0, "B4", "replace", 1)
    table.pass_all()
    assert table.archive(0)[1] == ["B4"]
    assert sorted(table.discard()) == ["B3", "E5"]
    assert table.state.tokens[token_card] == 0  # tokens leave with the card
    assert table.hand(0) == ["B3", "B7"]  # B4's draw triggered normally
    small = Table(seats=2, hands={0: ["B3"]}, archives={0: [["E1"]]})
    _illegal(
        small,
        0,
        {"type": "play", "cards": [small.card(0, "B3")], "place": "replace", "slot": 0},
        "bad-place",
    )


def test_csh_7_replacing_a_stack_with_canceled_cards_discards_them_too():
    table = Table(seats=2, hands={0: ["E5"]}, archives={0: [["B1", "B1!"], *FILLER[:6]]})
    table.play(0, "E5", "replace", 0)
    assert table.discard() == ["B1", "B1"] and table.archive(0)[0] == ["E5"]


def test_csh_8_freshmen_are_played_together_as_one_card_for_one_action():
    table = Table(seats=2, hands={0: ["B1"] * 5, 1: ["B2"]}, archives={0: [["B1", "B1"]]})
    table.play(0, "B1", "new", count=3)
    assert table.state.actions == 1 and table.archive(0)[1] == ["B1"] * 3
    table.pass_all()
    table.play(0, "B1", "top", 0, count=2)
    table.pass_all()
    assert table.archive(0)[0] == ["B1"] * 4 and table.total(0) == 7


def test_csh_8_a_directorship_caps_a_freshmen_pile_and_one_cancel_flips_all_of_a_play():
    table = Table(seats=2, hands={0: ["B1", "B1", "B1", "E1"], 1: ["B2"]}, archives={0: [["B1"]]})
    table.play(0, "E1", "top", 0)
    table.pass_all()
    assert not any(a.get("slot") == 0 for a in table.legal(0) if a["type"] == "play")
    table.play(0, "B1", "new", count=3)
    table.act(1, {"type": "react", "card": table.card(1, "B2"), "place": "new"})
    table.pass_all()
    assert table.archive(0)[1] == ["B1!"] * 3 and table.total(0) == 1 + 8


# -- CSH-9 to CSH-14: effects, the stack, reactions, canceled cards -----------------------------


def test_csh_9_on_enter_triggers_only_when_played_not_when_moved():
    table = Table(seats=2, hands={0: ["H2", "B1"]}, deck=["E1", "E2"], archives={0: [["B4"]]})
    table.play(0, "H2")  # Archivist takes the Alumnus back into the hand...
    table.pass_all()
    assert table.hand(0) == ["B1", "B4"] and table.deck() == ["E1", "E2"]  # ...no draw
    table.play(0, "B4")  # played again, it triggers again
    table.pass_all()
    assert table.hand(0) == ["B1", "E1"]


def test_csh_9_statics_work_while_face_up_in_an_archive():
    table = Table(
        seats=2,
        hands={0: ["B1"], 1: ["B3"]},
        deck=["E1", "E2", "E3", "E4", "E5"],
        archives={1: [["R6"]]},
    )
    table.draw(0)
    table.draw(0)
    assert table.waiting() == 1 and table.hand(1) == ["B3", "E3"]  # upkeep draw


def test_csh_10_the_window_asks_every_player_at_once_the_player_of_the_card_included():
    table = Table(seats=4, current=1, hands={s: ["B1", "B2"] for s in range(4)})
    table.play(1, "B1")
    assert table.to_act() == {0, 1, 2, 3}  # CSH-11: he may cancel his own card too


def test_csh_10_reactions_stack_and_resolve_last_in_first_out_with_a_fresh_window():
    table = Table(seats=3, hands={0: ["B4", "B3"], 1: ["B2", "B3"], 2: ["B2", "B3"]}, deck=["E1"])
    table.play(0, "B4")  # Alumnus: draw a card
    table.act(2, {"type": "pass"})
    table.react(1, "B2")  # Cancel the Alumnus...
    assert table.to_act() == {0, 1, 2}  # ...a new window, for everyone again
    table.react(2, "B2")  # ...and Cancel that Cancel
    table.pass_all()
    kinds = [e.type for e in table.events]
    assert kinds.index("canceled") < kinds.index("drew")  # the second Cancel resolved first
    assert table.archive(1) == [["B2!"]] and table.archive(0) == [["B4"]]
    assert table.hand(0) == ["B3", "E1"]


def test_csh_10_an_interrupted_card_gets_a_fresh_window_unless_canceled():
    table = Table(seats=3, hands={0: ["B3", "E1"], 1: ["B2", "F5"], 2: ["B3"]})
    table.play(0, "B3")
    table.react(1, "F5")  # Negate the Upperclassman (it keeps its VP)
    windows = []
    while table.state.phase is Phase.WINDOW:
        windows.append((len(table.state.stack), table.to_act()))
        for seat in sorted(table.to_act()):
            table.act(seat, {"type": "pass"})
    assert windows == [(2, {0, 1, 2}), (1, {0, 1, 2})]  # the Negate's, then a fresh one for B3
    canceled = Table(seats=2, hands={0: ["B3", "E1"], 1: ["B2", "E2"]})
    canceled.play(0, "B3")
    canceled.react(1, "B2")
    canceled.pass_all()
    assert canceled.state.phase is Phase.TURN and canceled.archive(0) == [
        ["B3!"]
    ]  # no fresh window


def test_csh_11_reactions_cost_no_action_and_work_off_turn_and_on_your_own_card():
    table = Table(seats=2, hands={0: ["E1", "B2", "B3"], 1: ["B2"]})
    table.play(0, "E1")
    table.act(1, {"type": "pass"})
    assert table.waiting() == 0  # the player may cancel his own card
    table.react(0, "B2")
    table.pass_all()
    assert table.archive(0) == [["E1!"], ["B2"]] and table.state.actions == 1
    table.draw(0)
    assert table.state.phase is not Phase.WINDOW  # a draw opens no window


def test_csh_12_a_cancel_goes_into_the_reactors_archive_replacing_when_full():
    table = Table(
        seats=2, hands={0: ["E5", "E5"], 1: ["B2", "E5"]}, archives={1: [["B3"], *FILLER[:6]]}
    )
    table.play(0, "E5")
    reacts = [a for a in table.legal(1) if a["type"] == "react"]
    assert reacts and all(a["place"] == "replace" for a in reacts)  # never on top of anything
    table.react(1, "B2", "replace", 3)
    table.pass_all()
    assert table.archive(1)[3] == ["B2"] and table.discard() == ["E3"]
    assert table.archive(0) == [["E5!"]]
    table.play(0, "E5")
    table.pass_all()
    table.play(1, "E5", "top", 3)  # a Directorship card may top an uncanceled Cancel
    assert table.archive(1)[3] == ["B2", "E5"]


def test_csh_13_a_canceled_card_has_no_vp_no_effect_no_static_no_set_and_takes_nothing():
    table = Table(
        seats=2,
        hands={0: ["R1", "S1", "B4"], 1: ["B2", "B2", "B2"]},
        deck=["E1"],
        archives={0: [["B1"]] * 7, 1: [["S2"]]},
    )
    table.play(0, "R1", "top", 0)
    table.react(1, "B2", "new")
    table.pass_all()
    assert table.archive(0)[0] == ["B1", "R1!"]  # only the Directorship card flips
    assert len(table.state.archives[0]) == 7 and table.total(0) == 7
    assert not any(a.get("place") == "new" for a in table.legal(0) if a["type"] == "play")
    table.play(0, "S1", "replace", 1)
    table.react(1, "B2", "new")
    table.pass_all()
    assert table.total(1) == 1  # the canceled Social does not count
    assert table.archive(0)[1] == ["S1!"] and table.total(0) == 6


def test_csh_13_a_canceled_card_has_no_on_enter():
    table = Table(seats=2, hands={0: ["B4"], 1: ["B2"]}, deck=["E1"])
    table.play(0, "B4")
    table.react(1, "B2")
    table.pass_all()
    assert table.hand(0) == [] and table.deck() == ["E1"]
    face_down = table.view(1)["public"]["archives"][0]["stacks"][0][0]
    assert face_down == {"id": table.state.archives[0][0][0], "down": True}


def test_csh_14_a_cancel_on_freshmen_added_to_a_pile_flips_only_the_new_ones():
    table = Table(seats=2, hands={0: ["B1", "B1", "B1"], 1: ["B2"]}, archives={0: [["B1", "B1"]]})
    table.play(0, "B1", "top", 0, count=2)
    table.react(1, "B2")
    table.pass_all()
    assert table.archive(0)[0] == ["B1", "B1", "B1!", "B1!"] and table.total(0) == 2
    assert not any(a.get("slot") == 0 for a in table.legal(0) if a["type"] == "play")


def test_csh_8_no_freshmen_join_a_pile_holding_a_canceled_freshman_even_under_the_top():
    table = Table(seats=2, hands={0: ["B1", "E1"]}, archives={0: [["B1", "B1!", "B1"]]})
    tops = {(a["cards"][0], a.get("slot")) for a in table.legal(0) if a.get("place") == "top"}
    assert tops == {(table.card(0, "E1"), 0)}  # a Directorship card may still top it


# -- CSH-15, CSH-16: the Election and the end ---------------------------------------------------


def test_csh_15_a_drawn_election_is_set_aside_not_replaced_and_later_draws_go_on():
    table = Table(seats=2, hands={0: ["B3"]}, deck=["ELECTION", "E1", "E2"], archives={0: [["R2"]]})
    table.draw(0)  # Automation Script: this Draw Action draws two
    assert table.state.drawer == 0 and table.hand(0) == ["B3", "E1"]
    assert table.deck() == ["E2"] and "election-drawn" in table.types("election-drawn")
    assert table.view(1)["public"]["election"]["by"] == 0


def test_csh_15_an_election_milled_counts_as_drawn_by_the_cards_owner():
    table = Table(seats=2, current=1, hands={1: ["O2"]}, deck=["E1", "ELECTION", "E2"])
    table.play(1, "O2")
    assert table.state.drawer == 1 and table.discard() == ["E1"] and table.deck() == ["E2"]


def test_csh_15_an_election_drawn_by_an_effect_names_the_seat_that_drew_it():
    table = Table(seats=3, hands={0: ["B6"]}, deck=["E1", "ELECTION", "E2"])
    table.play(0, "B6")  # House Meeting: each draws one, starting with the player
    assert table.state.drawer == 1 and table.hand(2) == ["E2"] and table.hand(1) == []


def test_csh_15_an_election_in_the_out_of_cards_draw():
    table = Table(seats=2, deck=["E1", "ELECTION", "E2"])
    table.draw(0)
    assert table.state.drawer == 0 and table.hand(0) == ["E1", "E2"]


def test_csh_16_the_round_finishes_and_the_game_ends_before_the_starting_players_turn():
    table = Table(
        seats=3,
        current=1,
        start=0,
        hands={s: ["B1"] * 2 for s in range(3)},
        deck=["ELECTION", *FILLER_DECK],
    )
    table.draw(1)
    table.play(1, "B1")  # the turn it was drawn in finishes
    table.pass_all()
    assert table.waiting() == 2
    table.draw(2)
    table.draw(2)
    assert table.state.phase is Phase.OVER and GAME.result(table.state).reason == "election"


def test_csh_16_seed_the_starting_player_drawing_it_ends_the_game_after_his_turn():
    table = Table(
        seats=3, current=0, start=0, hands={s: ["B3"] for s in range(3)}, deck=["ELECTION", "E5"]
    )
    table.draw(0)
    assert table.state.phase is Phase.TURN
    table.play(0, "B3")
    table.pass_all()
    assert table.state.phase is Phase.OVER  # does not go round the table


def test_csh_16_an_extra_turn_due_in_the_same_seat_is_still_taken():
    table = Table(
        seats=3, current=1, start=0, hands={1: ["F1", "B3", "B3"]}, deck=["ELECTION", "E5", "E5"]
    )
    table.play(1, "F1")
    table.pass_all()
    table.draw(1)
    assert table.waiting() == 1 and table.state.turn == 2  # the extra turn
    table.draw(1)
    table.draw(1)
    assert table.waiting() == 2 and table.state.phase is Phase.TURN


def test_csh_16_the_game_ends_when_the_starting_players_turn_would_begin_even_if_skipped():
    table = Table(
        seats=3, current=2, start=0, hands={2: ["B3"]}, deck=["ELECTION", "E1"], skips={0: 1}
    )
    table.draw(2)
    table.play(2, "B3")
    assert table.state.phase is Phase.OVER and table.state.skips[0] == 1


def test_csh_16a_choose_next_fizzles_once_the_election_is_drawn():
    """docs/rules-csh.md CSH-16a (v2): F6 after the Election no longer ends the game at once."""
    table = Table(
        seats=4,
        current=1,
        start=0,
        hands={1: ["F6"], 2: ["B1"], 3: ["B1"]},
        deck=["ELECTION", "E1", "E2"],
    )
    table.draw(1)
    table.play(1, "F6")
    table.pass_all()
    assert table.types("fizzled") == ["fizzled"] and table.state.phase is Phase.TURN
    assert table.waiting() == 2  # the final round goes on clockwise: seats 2 and 3 play
    table.draw(2)
    table.draw(2)
    assert table.waiting() == 3
    table.draw(3)
    table.draw(3)
    assert table.state.phase is Phase.OVER


def test_csh_16a_choose_next_before_the_election_still_picks_the_next_player():
    table = Table(seats=4, current=1, start=0, hands={1: ["F6"]}, deck=["E1", "E2"])
    table.play(1, "F6")
    table.pass_all()
    assert {a["seat"] for a in table.legal(1)} == {0, 2, 3}


# -- CSH-17 to CSH-19: scoring ------------------------------------------------------------------


def test_csh_17_every_face_up_card_counts_with_tokens_statics_and_negatives_not_hands():
    table = Table(
        seats=2,
        hands={0: ["E1"] * 1},
        archives={0: [["B1", "B1", "E5+2"], ["B3", "R3"], ["I4"], ["E2!"]]},
    )
    # Freshmen 2 + Major Project 6+2 + Upperclassman 2 + Overclock 2 + Broken Couch -2,
    # canceled 0, plus R3's +1 for each of the two stacks with a Base bottom.
    assert table.total(0) == 2 + 8 + 2 + 2 - 2 + 0 + 2


def test_csh_18_every_player_tied_for_the_highest_total_wins():
    table = Table(
        seats=4,
        current=3,
        start=0,
        hands={3: ["B3"]},
        deck=["ELECTION"],
        archives={0: [["E1"]], 1: [["E2"], ["B3"]], 2: [["B7", "E3"]], 3: [["E4"]]},
    )
    table.draw(3)
    table.play(3, "B3")
    result = GAME.result(table.state)
    assert result.scores == (8, 9, 10, 8) and result.winners == (2,)
    tied = Table(
        seats=4,
        current=3,
        start=0,
        hands={3: ["B3"]},
        deck=["ELECTION"],
        archives={0: [["E2"], ["B3"]], 1: [["E2"], ["B3"]], 2: [["B7", "E4"]], 3: [["E5"]]},
    )
    tied.draw(3)
    tied.play(3, "B3")
    assert GAME.result(tied.state).winners == (0, 1, 2)


def test_csh_19_each_social_is_worth_the_face_up_socials_in_all_archives():
    table = Table(seats=3, archives={0: [["S1"], ["S2"]], 1: [["S3"]], 2: [["S4!"], ["B3"]]})
    assert [table.total(s) for s in range(3)] == [6, 3, 2]
    view = table.view(0)["public"]["archives"]
    assert [c["vp"] for stack in view[0]["stacks"] for c in stack] == [3, 3]


# -- CSH-20 to CSH-22: drawing ------------------------------------------------------------------


def test_csh_20_a_draw_action_with_an_empty_hand_draws_three_and_ends_the_turn():
    table = Table(seats=2, deck=["E1", "E2", "E3", "E4", "E5"], archives={0: [["R2"]]})
    table.draw(0)
    assert table.hand(0) == ["E1", "E2", "E3"]  # R2's bonus does not apply
    assert table.waiting() == 1 and "out-of-cards" in table.types("out-of-cards")


def test_csh_20_effect_draws_do_not_trigger_the_out_of_cards_draw():
    table = Table(seats=2, hands={0: ["B6"]}, deck=["E1", "E2", "E3"])
    table.play(0, "B6")
    assert table.hand(1) == ["E2"] and table.hand(0) == ["E1"]


def test_csh_21_there_is_no_hand_limit():
    table = Table(seats=2, hands={0: ["B1"] * 8 + ["B3"] * 3}, deck=["E5"] * 3)
    table.draw(0)
    table.draw(0)
    assert len(table.state.hands[0]) == 13


def test_csh_22_the_deck_is_never_reshuffled():
    table = Table(seats=2, hands={0: ["B3"]}, discard=["E1", "E2"])
    table.draw(0)
    assert table.hand(0) == ["B3"] and table.discard() == ["E1", "E2"] and table.deck() == []


# -- CSH-23 to CSH-26: information, targets, fizzling, placing into others' Archives ------------


def test_csh_23_views_hide_hands_the_deck_order_the_election_and_canceled_faces():
    table = Table(
        seats=2,
        hands={0: ["B3", "O3"], 1: ["E1"]},
        deck=["E2", "ELECTION", "E3", "E4"],
        archives={1: [["E5!"]]},
    )
    public = table.view(None)["public"]
    assert public["hands"] == [2, 1] and public["deck"] == 4
    assert public["archives"][1]["stacks"] == [[{"id": table.top(1, 0), "down": True}]]
    assert "you" not in table.view(None) and table.view(1)["you"]["hand"][0]["card"] == "E1"
    secret = table.omniscient()["secret"]
    assert secret["face_down"] == {str(table.top(1, 0)): "E5"}
    assert any(c.get("card") == "ELECTION" for c in secret["deck"])
    table.play(0, "O3")  # Scheduling: look at the top three, reorder them
    table.pass_all()
    seen = [c["card"] for c in table.view(0)["you"]["options"]]
    assert seen == ["E2", "ELECTION", "E3"] and table.view(1)["you"].get("options") is None
    table.choose(cards=[table.state.deck[-3], table.state.deck[-1], table.state.deck[-2]])
    assert [c["card"] for c in table.view(0)["you"]["top"]] == ["E3", "E2", "ELECTION"]
    assert table.view(1)["you"]["top"] == []
    assert [c.get("seen_by") for c in table.omniscient()["secret"]["deck"]] == [None, 0, 0, 0]


def test_csh_24_a_target_is_another_player_and_shield_protects_archive_cards():
    table = Table(seats=3, hands={0: ["F2", "H4"]}, archives={1: [["E4"]], 2: [["R4"], ["E2"]]})
    table.play(0, "F2")  # Budget Freeze: another player skips
    table.pass_all()
    assert {a["seat"] for a in table.legal(0)} == {1, 2}
    table.choose(seat=2)
    assert table.state.skips == [0, 0, 1]
    table.play(0, "H4")  # Lost Records: only seat 1's card may be chosen (R4 guards seat 2)
    assert table.archive(1) == [] and table.discard() == ["E4"]


def test_csh_25_a_card_whose_effect_cannot_resolve_is_played_for_its_vp():
    table = Table(seats=2, hands={0: ["H6", "H5"]})
    table.play(0, "H6")  # Restoration with nothing canceled
    table.pass_all()
    table.play(0, "H5")  # Time Capsule with an empty discard pile
    assert table.types("fizzled") == ["fizzled", "fizzled"] and table.total(0) == 4


def test_csh_26_a_cursed_artifact_goes_into_the_targets_archive_and_may_be_canceled_there():
    table = Table(seats=2, hands={0: ["I4"], 1: ["B2"]}, archives={1: [["B3"]]})
    plays = [a for a in table.legal(0) if a["type"] == "play"]
    assert {(a["target"], a["place"], a.get("slot")) for a in plays} == {
        (1, "new", None),
        (1, "top", 0),
    }
    table.play(0, "I4", "top", 0, target=1)
    assert table.waiting() == 1
    table.react(1, "B2")
    table.pass_all()
    assert table.archive(1) == [["B3", "I4!"], ["B2"]] and table.total(1) == 2


def test_csh_26_when_the_target_is_full_with_no_stack_to_top_the_target_chooses():
    table = Table(seats=2, hands={0: ["I4"]}, archives={1: FILLER})
    plays = [a for a in table.legal(0) if a["type"] == "play"]
    assert plays == [
        {"type": "play", "cards": [table.card(0, "I4")], "target": 1, "place": "replace"}
    ]
    table.act(0, plays[0])
    assert table.waiting() == 1 and table.state.phase is Phase.CHOICE
    assert {a["slot"] for a in table.legal(1)} == set(range(7))
    table.choose(slot=6)
    assert table.archive(1)[6] == ["I4"] and table.discard() == ["E5"]


# -- CSH-28: extra actions, extra turns, skipped turns -------------------------------------------


def test_csh_28_extra_actions_add_to_this_turn_and_skips_take_only_the_next_turn():
    table = Table(seats=2, hands={0: ["F4", "B3", "B3", "F2"], 1: ["E1"]}, deck=FILLER_DECK)
    table.play(0, "F4")  # +2 actions
    table.pass_all()
    assert table.state.actions == 3
    table.play(0, "F2")  # seat 1 skips its next turn
    table.pass_all()
    table.draw(0)
    table.draw(0)
    assert table.waiting() == 0 and table.state.turn == 2  # seat 1's turn was skipped
    table.draw(0)
    table.draw(0)
    assert table.waiting() == 1


def test_csh_28_an_extra_turn_follows_at_once_and_the_out_of_cards_rule_applies_in_it():
    table = Table(seats=2, hands={0: ["F1", "B3"]}, deck=["E1", "E2", "E3", "E4"])
    table.play(0, "F1")
    table.pass_all()
    table.play(0, "B3")
    assert table.waiting() == 0 and table.state.actions == 2
    table.draw(0)  # an empty hand: three cards and the extra turn is over
    assert table.hand(0) == ["E1", "E2", "E3"] and table.waiting() == 1
