"""JSON patches between documents (patch.py): applying `diff(old, new)` to `old` gives `new`,
for any pair; a list change takes few operations, and never edits an item in place; a table's
updates patch a value whose JSON type alone changed."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from tinygame import TinyGame

from cardtable import games
from cardtable.table.patch import apply, diff
from patch_cases import EXAMPLES, PAIRS


@given(PAIRS)
def test_applying_the_diff_gives_the_new_document(pair):
    old, new = pair
    before = copy.deepcopy(old)
    ops = diff(old, new, "")
    assert old == before  # diffing never changes what it compares
    document = copy.deepcopy(old)
    items = [(item, copy.deepcopy(item)) for item in _list_items(document)]
    assert apply(document, ops) == new
    assert (ops == []) == (old == new)
    assert all(item == kept for item, kept in items)  # a list's items are replaced, never edited


def _list_items(value):
    """Every object or list held in a list, at any depth."""
    children = (
        value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    )
    for child in children:
        if isinstance(value, list) and isinstance(child, (dict, list)):
            yield child
        yield from _list_items(child)


@pytest.mark.parametrize(("old", "new", "ops"), EXAMPLES)
def test_a_list_change_takes_the_fewest_operations(old, new, ops):
    assert diff(old, new) == ops
    assert apply(copy.deepcopy(old), ops) == new


def test_add_inserts_into_a_list_and_dash_appends():
    document = {"list": [1, 3]}
    apply(document, [{"op": "add", "path": "/list/1", "value": 2}])
    apply(document, [{"op": "add", "path": "/list/-", "value": 4}])
    assert document == {"list": [1, 2, 3, 4]}


class FlagGame(TinyGame):
    """The tiny game, whose public view shows `flag`: 1 in the first round, true after it."""

    id = "tiny-flag"

    def public_view(self, state):
        return {**super().public_view(state), "flag": 1 if state.round == 1 else True}


def _public_flag_ops(update: dict) -> list[dict]:
    return [op for op in update["patch"] if op["path"] == "/game/public/flag"]


@pytest.fixture
def flag_game():
    """FlagGame, registered around the server (asked for before it), which holds its tables
    until it stops."""
    with games.registered(FlagGame()) as game:
        yield game


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_public_value_that_changes_only_its_json_type_is_patched(flag_game, server):
    """1 == True in Python, not in JSON: a game's public view that turns 1 into true (or 0
    into false) is patched; a step that leaves it as it was patches nothing there."""
    host = server.create(game=flag_game.id)
    bob = server.join(host["code"], "Bob", client="bob-client-1")
    ann = server.client(host["code"], host["token"])
    bob = server.client(host["code"], bob["token"])
    assert ann.table({"type": "start"})["type"] == "update"
    assert _public_flag_ops(ann.play({"type": "pick", "n": 1})) == []
    round_over = bob.play({"type": "pick", "n": 2})
    assert _public_flag_ops(round_over) == [
        {"op": "replace", "path": "/game/public/flag", "value": True}
    ]
    assert bob.game["public"]["flag"] is True
    assert _public_flag_ops(ann.play({"type": "pick", "n": 3})) == []
