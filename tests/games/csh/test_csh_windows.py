"""Reaction windows as CSH-10 (revised) and CSH-11 have them: one window for every player at
once, closed when all have answered or at a deadline whose length never depends on who holds a
Cancel, the auto-pass preference, and no view that tells who holds a reaction card."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import IllegalAction, Rng
from cardtable.games.csh import GAME
from cardtable.games.csh.state import Phase
from csh_table import Table

PASS = {"type": "pass"}
TIMEOUT = {"type": "timeout"}


def _auto_pass(on: bool) -> dict:
    return {"type": "auto-pass", "on": on}


def test_csh_10_a_window_asks_every_seat_at_once_with_pass_and_its_reactions():
    table = Table(seats=4, hands={0: ["E1", "B3"], 1: ["B2"], 2: ["F5", "B3"], 3: ["E2"]})
    table.play(0, "E1")
    assert table.to_act() == {0, 1, 2, 3}  # CSH-11: the player of the card is asked too
    assert table.legal(0) == table.legal(3) == [PASS]
    assert [a["type"] for a in table.legal(1)] == ["pass", "react"]
    assert table.legal(2)[1] == {"type": "react", "card": table.card(2, "F5"), "place": "new"}
    window = table.view(None)["public"]["window"]
    assert window == {"opened": 0.0, "deadline": 5.0, "answered": []}
    assert table.view(1)["you"]["can"]["react"] == [
        {"card": table.card(1, "B2"), "spots": [{"place": "new"}]}
    ]
    assert table.view(0)["you"]["can"]["react"] == [] and table.view(0)["you"]["can"]["pass"]


def test_csh_10_a_seat_with_an_empty_hand_is_answered_for_it():
    """Hand sizes are public (CSH-23): not waiting on an empty hand tells nobody anything."""
    table = Table(seats=3, hands={0: ["E1", "B3"], 1: ["B2"]})
    table.play(0, "E1")
    assert table.to_act() == {0, 1}
    assert table.view(None)["public"]["window"]["answered"] == [2]


def test_csh_10_the_window_closes_as_soon_as_every_seat_has_answered():
    table = Table(seats=3, hands={0: ["B4", "B3"], 1: ["B2"], 2: ["B3"]}, deck=["E1"])
    table.play(0, "B4")  # Alumnus: draw a card, once the window closes
    table.act(2, PASS, now=1.0)
    table.act(0, PASS, now=2.0)
    assert table.to_act() == {1} and table.hand(0) == ["B3"]
    assert table.view(None)["public"]["window"]["answered"] == [0, 2]
    with pytest.raises(IllegalAction) as twice:
        table.act(2, PASS, now=2.5)
    assert twice.value.code == "answered"
    table.act(1, PASS, now=3.0)
    assert table.state.phase is Phase.TURN and table.hand(0) == ["B3", "E1"]
    assert table.view(None)["public"]["window"] is None
    assert [e.data["seat"] for e in table.events if e.type == "passed"] == [2, 0, 1]


def _window_with_cancel_at(holder: int | None) -> Table:
    """Seat 0 plays E1; `holder` (or nobody) holds a Cancel; every hand has two cards."""
    hands = {0: ["E1", "B3", "B3"], 1: ["E2", "E3"], 2: ["E4", "E5"]}
    if holder is not None:
        hands[holder] = [*hands[holder][:-1], "B2"]
    table = Table(seats=3, hands=hands)
    table.act(0, {"type": "play", "cards": [table.card(0, "E1")], "place": "new"}, now=7.0)
    return table


def test_csh_10_the_window_closes_at_its_deadline_the_same_length_whoever_holds_a_cancel():
    tables = [_window_with_cancel_at(holder) for holder in (None, 0, 1, 2)]
    for table in tables:
        assert GAME.deadline(table.state) == 12.0 and table.to_act() == {0, 1, 2}
        table.act(1, PASS, now=8.0)  # an answer does not move the deadline
        assert GAME.deadline(table.state) == 12.0
        assert GAME.timeout_actions(table.state) == [(None, TIMEOUT)]
        with pytest.raises(IllegalAction) as early:
            table.act(None, TIMEOUT, now=11.9)
        assert early.value.code == "too-early"
        table.act(None, TIMEOUT, now=12.0)  # everyone left passes
        assert table.state.phase is Phase.TURN and table.archive(0) == [["E1"]]
        assert [e.data["seats"] for e in table.events if e.type == "window-timed-out"] == [[0, 2]]


def test_csh_10_auto_pass_is_sent_at_any_time_and_such_a_seat_is_never_waited_on():
    table = Table(seats=3, hands={0: ["E1", "E2", "B3"], 1: ["B2"], 2: ["B2", "B3"]})
    table.act(2, _auto_pass(True), now=40.0)  # not its turn: accepted all the same
    assert table.state.phase is Phase.TURN and GAME.deadline(table.state) == 60.0  # no clock moved
    assert table.view(0)["public"]["auto_pass"] == [False, False, True]
    assert all(a["type"] != "auto-pass" for s in range(3) for a in table.legal(s))
    table.play(0, "E1")
    assert table.to_act() == {0, 1}  # seat 2 holds a Cancel, and is answered for all the same
    assert table.legal(2) == [] and table.view(2)["you"]["can"]["react"] == []
    table.act(1, _auto_pass(True), now=41.0)  # turned on mid-window: it passes this one too
    assert table.to_act() == {0}
    table.act(0, PASS, now=42.0)
    table.act(2, _auto_pass(False), now=43.0)
    table.play(0, "E2")
    assert table.to_act() == {0, 2}


@pytest.mark.parametrize(
    "action", [{"type": "auto-pass"}, _auto_pass(1), {"type": "auto-pass", "on": True, "x": 1}]
)
def test_a_bad_auto_pass_is_refused_and_changes_nothing(action):
    table = Table(seats=2, hands={0: ["E1"]})
    with pytest.raises(IllegalAction):
        table.act(1, action)
    assert table.state.auto_pass == [False, False] and not table.events


def test_csh_11_a_reaction_opens_a_fresh_window_for_everyone_even_off_turn():
    table = Table(seats=3, hands={0: ["E1", "B3"], 1: ["B2", "B3"], 2: ["B2", "B3"]})
    table.act(0, {"type": "play", "cards": [table.card(0, "E1")], "place": "new"}, now=1.0)
    table.act(0, PASS, now=2.0)
    table.act(1, {"type": "react", "card": table.card(1, "B2"), "place": "new"}, now=3.0)
    assert table.to_act() == {0, 1, 2} and len(table.state.stack) == 2
    assert table.view(None)["public"]["window"] == {"opened": 3.0, "deadline": 8.0, "answered": []}
    assert table.legal(1) == [PASS]  # its Cancel is played; it answers the new window too
    table.act(None, TIMEOUT, now=8.0)
    assert table.archive(0) == [["E1!"]] and table.archive(1) == [["B2"]]
    assert table.state.actions == 1  # the reaction cost no action


# -- hidden information: who holds a reaction card shows in no view but the holder's own ---------


def _views(state) -> list[dict]:
    return [GAME.view(state, None), *(GAME.view(state, s) for s in range(state.seats))]


def _same_but_holders(state, twin, holders: set[int]) -> None:
    """Everything any viewer sees, and what the game waits on, is equal but the holders' own."""
    assert GAME.to_act(state) == GAME.to_act(twin)
    assert GAME.deadline(state) == GAME.deadline(twin)
    assert GAME.timeout_actions(state) == GAME.timeout_actions(twin)
    for seat, (mine, theirs) in enumerate(zip(_views(state), _views(twin), strict=True), -1):
        assert mine["public"] == theirs["public"]
        if seat not in holders:
            assert mine.get("you") == theirs.get("you"), f"seat {seat} sees the difference"


def _swap_a_reaction(state):
    """A twin of `state` where one seat's reaction card and another seat's other card trade
    hands, or None when no two seats allow it; and the two seats."""
    reaction = [
        (seat, card)
        for seat, hand in enumerate(state.hands)
        for card in hand
        if state.type_of[card].reaction
    ]
    for holder, cancel in reaction:
        for other, hand in enumerate(state.hands):
            plain = [c for c in hand if not state.type_of[c].reaction]
            if other != holder and plain:
                twin = state.clone()
                twin.hands[holder][twin.hands[holder].index(cancel)] = plain[0]
                twin.hands[other][twin.hands[other].index(plain[0])] = cancel
                return twin, {holder, other}
    return None, set()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 6))
def test_csh_10_no_view_tells_who_holds_a_reaction_card(seed, seats):
    """In random games, at every window: move a reaction card to another seat's hand (in
    exchange for a card of its own), and every viewer but those two sees the same, and the
    window waits on the same seats until the same deadline, while some seats pass and until
    the timeout closes it (what the card's effect does next may well show hands)."""
    state = GAME.new({"draft": "random"}, seats=seats, seed=seed)
    rng, now, checked = Rng(seed), 0.0, 0
    while GAME.result(state) is None and checked < 4:
        now += 1.0
        twin, holders = _swap_a_reaction(state) if state.phase is Phase.WINDOW else (None, set())
        if twin is None:
            seat = rng.choice(sorted(GAME.to_act(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)), now)
            continue
        checked += 1
        _same_but_holders(state, twin, holders)
        depth = len(state.stack)
        for seat in sorted(GAME.to_act(state))[: rng.randrange(seats)]:
            assert GAME.apply(state, seat, PASS, now) == GAME.apply(twin, seat, PASS, now)
            if state.phase is not Phase.WINDOW or len(state.stack) != depth:
                break
            _same_but_holders(state, twin, holders)
        else:
            now = GAME.deadline(state)
            closed = GAME.apply(state, None, TIMEOUT, now)
            assert closed[0] == GAME.apply(twin, None, TIMEOUT, now)[0]
            assert closed[0].type == "window-timed-out"


def test_auto_pass_sent_during_a_choice_leaves_the_choice_and_its_clock_alone():
    table = Table(seats=3, hands={0: ["F2"]})
    table.act(0, {"type": "play", "cards": [table.card(0, "F2")], "place": "new"}, now=1.0)
    choice, deadline = table.state.choice, GAME.deadline(table.state)
    table.act(1, _auto_pass(True), now=30.0)
    assert table.state.choice is choice and GAME.deadline(table.state) == deadline
    assert table.to_act() == {0}
