"""Card set v2 (docs/csh-cards.md "Changes in v2"): the swing cap (CSH-29), F6 after the Election
(CSH-16a), card text that matches behaviour, no two cards with one effect, Evals the highest
Voting Power, Imps as House Improvements."""

from __future__ import annotations

import re

import pytest

from cardtable.games.csh.catalog import CATALOG, SWING_CAP
from cardtable.sim import balance
from csh_table import Table

CARDS = CATALOG.types[:-1]
CAPPED_OPS = {"return", "destroy", "swap-archive", "uncancel", "retrigger"}
UNIT_OPS = {"return", "destroy", "swap-archive"}


def _worst_swing(effects) -> int:
    """The most VP a card's effects could move: a token moves its size, a capped op the cap."""
    return sum(
        abs(e.n) if e.op == "modify-vp" else SWING_CAP
        for e in effects
        if e.op in CAPPED_OPS or e.op == "modify-vp"
    )


# -- the swing cap (CSH-29) -----------------------------------------------------------------------


@pytest.mark.parametrize("kind", CARDS, ids=[t.id for t in CARDS])
def test_no_card_can_move_more_vp_between_archives_than_the_cap(kind):
    assert _worst_swing(kind.on_enter) <= SWING_CAP == 6


def test_h8_old_photos_cannot_swap_a_broken_couch_for_a_five_freshmen_pile():
    """Issue 25's 16-VP swing (-2 for a 5 VP pile moves 14 VP in v2's numbers) is refused;
    -2 for 1 moves 6, the cap."""
    table = Table(
        seats=2,
        hands={0: ["H8"]},
        archives={0: [["I4"]], 1: [["B1", "B1", "B1", "B1", "B1"], ["B1"], ["B3"]]},
    )
    table.play(0, "H8")
    table.choose(card=table.top(0, 0))  # the couch: its one partner within the cap is taken
    assert table.archive(0) == [["B1"], ["H8"]] and table.archive(1)[1] == ["I4"]
    assert table.total(1) == 5 - 2 + 2


def test_i6_furniture_move_cannot_take_an_evals_director_for_a_freshman():
    table = Table(seats=3, hands={0: ["I6"]}, archives={1: [["E1"]], 2: [["B1"]]})
    table.play(0, "I6")  # E1 (8) for a Freshman (1) would move 14 VP, for I6 itself (2) 12
    assert {a["card"] for a in table.legal(0)} == {table.top(0, 0), table.top(2, 0)}


def test_h4_lost_records_may_discard_six_vp_but_not_an_eight_vp_card():
    table = Table(seats=2, hands={0: ["H4"]}, archives={1: [["E1"], ["E4"], ["B1", "B1"]]})
    table.play(0, "H4")
    assert {a["card"] for a in table.legal(0)} == {table.top(1, 1), table.top(1, 2)}


def test_h4_lost_records_discards_a_whole_uncovered_freshmen_pile_as_its_text_says():
    table = Table(seats=2, hands={0: ["H4"]}, archives={1: [["B1", "B1", "B1"]]})
    table.play(0, "H4")
    assert table.archive(1) == [] and table.discard() == ["B1", "B1", "B1"]


def test_h8_old_photos_moves_a_whole_freshmen_pile_as_its_text_says():
    table = Table(seats=2, hands={0: ["H8"]}, archives={0: [["B1", "B1"]], 1: [["B7"]]})
    table.play(0, "H8")
    table.choose(card=table.top(0, 0))
    assert table.archive(0) == [["B7"], ["H8"]] and table.archive(1) == [["B1", "B1"]]


def test_h6_restoration_cannot_bring_back_more_than_the_cap():
    table = Table(seats=2, hands={0: ["H6"]}, archives={0: [["E1!"], ["E4!"]]})
    table.play(0, "H6")  # the E1 would bring back 8: only the E4 (6) is offered, and taken
    assert table.archive(0) == [["E1!"], ["E4"], ["H6"]]


def test_no_resolved_play_moved_more_than_the_cap_in_random_games():
    options = {"directorships": ["history", "imps", "evals", "rnd"]}
    tally = balance.run(4, 6, options, ["random"] * 4, workers=1)
    assert sum(tally.resolved.values()) > 50
    assert max(tally.swing_max.values()) <= SWING_CAP


# -- F6 after the Election (CSH-16a) --------------------------------------------------------------


def test_f6_text_says_it_does_nothing_once_the_election_is_drawn():
    assert "once the Election has been drawn" in CATALOG.by_id["F6"].text


# -- text and behaviour ---------------------------------------------------------------------------

NUMBERS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}


@pytest.mark.parametrize("kind", CARDS, ids=[t.id for t in CARDS])
def test_card_text_names_the_numbers_and_rules_its_effects_follow(kind):
    text = kind.text
    for effect in kind.on_enter:
        if effect.op == "mill":
            assert f"top {NUMBERS[effect.n]} card" in text or (
                effect.n == 1 and "top card of the deck" in text
            )
        if effect.op == "draw" and effect.who == "self":
            assert re.search(rf"\b{NUMBERS[effect.n]}\b (more )?cards?", text)
        if effect.op == "reorder-top":
            assert f"top {NUMBERS[effect.n]} cards" in text
        if effect.op == "modify-vp":
            assert f"{effect.n:+d} VP token" in text
        if effect.op == "extra-actions":
            assert f"{NUMBERS[effect.n]} more action".replace("a more", "one more") in text
        if effect.op in UNIT_OPS:
            assert "Freshmen pile" in text  # a pile counts as the top card (C.2 DESTROY)
        if effect.op in CAPPED_OPS - {"retrigger"}:
            assert "6 VP" in text or "3 VP" in text  # the cap, as the card has it


# -- the set as a whole ---------------------------------------------------------------------------


def test_no_two_cards_have_the_same_effect():
    effects: dict = {}
    for kind in CARDS:
        key = (kind.on_enter, tuple(sorted(kind.static.items())), kind.reaction, kind.placement)
        if key != ((), (), "", "own"):
            effects.setdefault(key, []).append(kind.id)
    assert [ids for ids in effects.values() if len(ids) > 1] == []


def test_evals_print_the_highest_voting_power_in_the_set():
    evals = [t.vp for t in CARDS if t.set == "evals"]
    others = [t.vp for t in CARDS if t.set != "evals" and not t.count]
    assert min(evals) > max(others) and sum(evals) / len(evals) > 6


def test_imps_are_house_improvements():
    imps = next(d for d in CATALOG.directorships if d.id == "imps")
    assert imps.name == "Imps" and imps.style.startswith("House Improvements")
    names = {t.name for t in CARDS if t.set == "imps"}
    assert names.isdisjoint({"Rubber Duck Raid", "Cursed Artifact", "Ninja Swap", "Gremlin"})
