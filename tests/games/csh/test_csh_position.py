"""The position builder (`csh.position`): a position laid out by card type ids holds every card
it names once, where it was put, and an inconsistent description is refused. And a state's
clone carries every field, sharing no list."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from cardtable.engine import Rng
from cardtable.games.csh import GAME, position
from cardtable.games.csh.catalog import CATALOG
from cardtable.games.csh.state import Frame, Phase


def _names(state, cards) -> list[str]:
    return [state.type_of[card].id for card in cards]


def test_a_position_lays_out_each_named_card_once_where_it_was_put():
    state = position(
        3,
        hands={0: ["E2", "B3"], 2: ["B5"]},
        archives={1: [["E5", "E2+2"], ["B1!"]]},
        deck=["E3", "ELECTION", "E4"],
        discard=["E5"],
        current=2,
        start=1,
        actions=1,
        skips={0: 1},
    )
    placed = [
        *state.deck,
        *state.discard,
        *(c for hand in state.hands for c in hand),
        *(c for archive in state.archives for stack in archive for c in stack),
    ]
    assert len(placed) == len(set(placed)) == 10
    assert _names(state, state.hands[0]) == ["E2", "B3"] and state.hands[1] == []
    assert [_names(state, stack) for stack in state.archives[1]] == [["E5", "E2"], ["B1"]]
    e2, b1 = state.archives[1][0][1], state.archives[1][1][0]
    assert state.tokens[e2] == 2 and state.down[b1] and sum(state.down) == 1
    assert _names(state, state.deck[::-1]) == ["E3", "ELECTION", "E4"]
    assert state.deck[1] == state.election and not state.election_drawn
    assert (state.phase, state.current, state.start, state.actions) == (Phase.TURN, 2, 1, 1)
    assert state.skips == [1, 0, 0] and GAME.to_act(state) == {2}
    assert state.directorships == [d.id for d in CATALOG.directorships[:3]]


def test_a_position_is_a_game_that_plays_on():
    state = position(2, hands={0: ["B3"]}, deck=["E1", "E2"], actions=2)
    GAME.apply(state, 0, {"type": "draw"})
    assert _names(state, state.hands[0]) == ["B3", "E1"] and state.actions == 1


def test_the_seed_gives_the_positions_random_draws():
    first, again = position(2, seed=7), position(2, seed=7)
    assert first.rng.random() == again.rng.random() != position(2, seed=8).rng.random()


@pytest.mark.parametrize(
    ("description", "message"),
    [
        ({"hands": {0: ["E1"]}, "deck": ["E1"]}, "no E1 left"),
        ({"hands": {0: ["ZZ"]}}, "no card type ZZ"),
        ({"deck": ["ELECTION", "ELECTION"]}, "one Election"),
        ({"hands": {0: ["ELECTION"]}, "deck": ["ELECTION"]}, "no ELECTION left"),
        ({"archives": {0: [[]]}}, "one card at least"),
        ({"hands": {3: ["E1"]}}, "seats are 0 to 2"),
        ({"current": 3}, "current is a seat"),
        ({"start": -1}, "start is a seat"),
        ({"options": {"directorships": ["pr", "imps"]}}, "one per seat"),
    ],
)
def test_an_inconsistent_description_is_refused(description, message):
    with pytest.raises(ValueError, match=message):
        position(3, **description)


#: A value of each nested list field's shape that no position holds.
MARKERS = {
    "hands": [[7]],
    "archives": [[[7]]],
    "stack": [Frame(1, (3,), 3, [], waiting=[2])],
}


def _shared(copied, original) -> bool:
    """Whether the copy holds any of the original's lists or frames, at any depth."""
    if isinstance(original, list | Frame):
        if copied is original:
            return True
        if isinstance(original, Frame):
            return copied.steps is original.steps or copied.waiting is original.waiting
        return any(_shared(c, o) for c, o in zip(copied, original, strict=True))
    return False


def _carries_every_field(original, skip: tuple[str, ...] = ()) -> None:
    """Each field of `original`, set in turn to a marker no game holds (a bare `object()`, or
    a list of the field's shape), reaches the clone: equal, and copied when it is a list."""
    for item in fields(original):
        if item.name in skip:
            continue
        flat = [7] if isinstance(getattr(original, item.name), list) else object()
        marker = MARKERS.get(item.name, flat)
        carried = getattr(replace(original, **{item.name: marker}).clone(), item.name)
        assert carried == marker and not _shared(carried, marker), item.name


def test_a_clone_carries_every_field_and_shares_no_mutable_part():
    """`State.clone` and `Frame.clone` name the fields one by one: a field they left out would
    take its default. The state's events start empty, and its generator is a copy, or the one
    given."""
    state = position(3, hands={0: ["E2"]}, archives={1: [["E5", "E2+2"]]}, deck=["E3"])
    _carries_every_field(state, skip=("rng", "events"))
    _carries_every_field(Frame(1, (3,), 3, []))
    twin = replace(state, events=[{"kind": "x"}]).clone()
    assert twin.events == [] and twin.rng is not state.rng
    assert twin.rng.getstate() == state.rng.getstate()
    given = Rng(5)
    assert state.clone(rng=given).rng is given
