"""JSON patches between documents (patch.py): applying `diff(old, new)` to `old` gives `new`,
for any pair; a list change takes few operations, and never edits an item in place."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given

from cardtable.server.live import _Part
from cardtable.server.patch import apply, diff
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


def test_a_part_sends_a_value_that_changes_only_its_json_type():
    """1 == True in Python, not in JSON: a game's view part that turns 1 into true (or 0 into
    false) is patched; a part that does not change gives no operation."""
    old = _Part({"flag": 1, "other": 0, "cards": [1, 2]})
    new = _Part({"flag": True, "other": 0, "cards": [1, 2]})
    assert new.patch(old.sent, "/you") == [{"op": "replace", "path": "/you/flag", "value": True}]
    assert _Part({"flag": True, "other": 0, "cards": [1, 2]}).patch(new.sent, "/you") == []
