"""Pairs of JSON documents for the patch tests: hand-picked list changes and random ones."""

from __future__ import annotations

from hypothesis import strategies as st

SCALARS = st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["a", "b", "~/x"])
#: Small JSON values, with few distinct leaves so that documents often share items.
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.sampled_from(["k", "m", "a/b", "t~"]), inner, max_size=4)
    ),
    max_leaves=12,
)


def edited(draw_from):
    """A document and a variant of it: mostly the same lists with items changed, gained or
    lost somewhere, as a game's views change from one step to the next."""

    @st.composite
    def pair(draw):
        old = draw(st.lists(draw_from, max_size=6))
        new = list(old)
        for _ in range(draw(st.integers(0, 3))):
            where = draw(st.integers(0, len(new)))
            kind = draw(st.sampled_from(["insert", "delete", "change"]))
            if kind == "insert" or not new:
                new.insert(where, draw(draw_from))
            elif kind == "delete":
                del new[min(where, len(new) - 1)]
            else:
                new[min(where, len(new) - 1)] = draw(draw_from)
        return {"list": old, "same": 1}, {"list": new, "same": 1}

    return pair()


PAIRS = edited(JSON) | st.tuples(JSON, JSON)

#: (old, new, the operations expected): each list change takes the fewest operations.
EXAMPLES = [
    (
        {"seats": [{"seat": 0, "done": False}, {"seat": 1, "done": False}]},
        {"seats": [{"seat": 0, "done": False}, {"seat": 1, "done": True}]},
        [{"op": "replace", "path": "/seats/1", "value": {"seat": 1, "done": True}}],
    ),
    (
        {"used": [1, 2]},
        {"used": [1, 2, 3, 4]},
        [
            {"op": "add", "path": "/used/2", "value": 3},
            {"op": "add", "path": "/used/3", "value": 4},
        ],
    ),
    (
        {"hand": [5, 6, 7, 8]},
        {"hand": [5, 8]},
        [{"op": "remove", "path": "/hand/2"}, {"op": "remove", "path": "/hand/1"}],
    ),
    (
        {"hand": [1, 2, 3, 4, 5]},
        {"hand": [1, 3, 5, 6]},  # 2 and 4 played, 6 drawn
        [
            {"op": "remove", "path": "/hand/3"},
            {"op": "remove", "path": "/hand/1"},
            {"op": "add", "path": "/hand/3", "value": 6},
        ],
    ),
    (
        {"waiting": [1, 2, 3]},
        {"waiting": [1, 4, 3]},
        [{"op": "replace", "path": "/waiting/1", "value": 4}],
    ),
    (
        {"hand": [5, 6]},
        {"hand": [7, 8, 9]},
        [{"op": "replace", "path": "/hand", "value": [7, 8, 9]}],
    ),
    ({"a": [1]}, {"a": {"0": 1}}, [{"op": "replace", "path": "/a", "value": {"0": 1}}]),
]
