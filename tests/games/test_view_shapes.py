"""The view pages (docs/views/<game>.md) against the views: each page's generated block must be
the shape sampled from random games now (`cardtable.sim.view_shapes`), so a view that changes
without its page fails here; and the shape's merging rules, on small values."""

from __future__ import annotations

from cardtable import games
from cardtable.sim import view_shapes
from cardtable.sim.view_shapes import Shape


def test_every_listed_game_has_a_page_whose_shape_is_its_views():
    stale = view_shapes.stale_pages(write=False)
    assert not stale, (
        f"stale view pages {[p.name for p in stale]}: "
        "run `uv run python -m cardtable.sim.view_shapes --write`"
    )
    assert {p.stem for p in view_shapes.DOCS.glob("*.md")} == set(games.ids())


def shape_of(*values) -> list[str]:
    shape = Shape()
    for value in values:
        shape.add(value)
    return shape.lines("v")


def test_a_key_missing_from_some_samples_is_optional_and_types_merge():
    assert shape_of({"a": 1, "b": None}, {"a": "x"}) == [
        "v: object",
        "  a: number | string",
        "  b?: null",
    ]


def test_objects_keyed_by_data_are_maps_and_empty_ones_join_them():
    assert shape_of({"layout:3": [{"to": "centre:0"}]}, {}) == [
        "v: map of list of object",
        "  to: string",
    ]
    assert shape_of({}, {"x": True}) == ["v: object", "  x?: bool"]


def test_lists_describe_their_items_and_say_when_none_was_seen():
    assert shape_of([[{"id": 1}]], None) == ["v: list of list of object | null", "  id: number"]
    assert shape_of([]) == ["v: list of nothing seen"]
