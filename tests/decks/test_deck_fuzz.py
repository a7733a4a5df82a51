"""Whatever bytes come in, `load_deck` gives a whole Deck or a DeckError, nothing else."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.decks import Deck, DeckError
from cardtable.decks.importer import load_deck

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Keys the readers look at, so random objects reach past the format tests.
KEYS = [
    "format",
    "version",
    "id",
    "name",
    "calls",
    "responses",
    "text",
    "pick",
    "draw",
    "parts",
    "white",
    "black",
    "packs",
    "cards",
    "decks",
    "metadata",
    "deck",
    "blackCards",
    "whiteCards",
    "order",
    "packName",
    "pack",
    "content",
    "isNsfw",
    "categories",
    "author",
    "language",
    "translator",
    "public",
    "cardType",
    "_id",
    "style",
    "index",
    "transform",
    "description",
    "rating",
    "tags",
    "official",
]
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.floats(allow_nan=False)
    | st.sampled_from(["", "_", "A _.", "<br>", "Em", "Strong", "black", "white", "cardtable-deck"])
    | st.text(max_size=8)
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=4), inner, max_size=5)
    ),
    max_leaves=30,
)
LINE_PIECES = st.sampled_from(
    [
        "  *  -  ",
        " CS  2  ",
        "BFA     ",
        "BLACK",
        "WHITE",
        "=====",
        "_",
        "___",
        "#",
        "\\#",
        "type,text,pick",
        "black,",
        "white,",
        '"',
        ",",
        ";",
        "\t",
        "INSERT INTO black_cards ",
        "VALUES (",
        "1, 0, 1, ",
        "'A ____.'",
        "E'\\t'",
        ", NULL",
        ")",
        ";",
        "COPY white_cards ",
        "FROM stdin;",
        "\\.",
        "\\N",
        "$$",
        "--",
        "/*",
        "text",
        " ",
        "x",
    ]
)
TEXTS = st.lists(st.lists(LINE_PIECES, max_size=6).map("".join), max_size=8).map("\n".join)


FIXTURES = [
    json.loads(path.read_text(encoding="utf-8"))
    for path in sorted((Path(__file__).parent / "fixtures").glob("*.json"))
]


def _loads(data: bytes, **hints) -> None:
    try:
        deck = load_deck(data, **hints)
    except DeckError:
        return
    assert isinstance(deck, Deck)
    assert deck.calls or deck.responses
    for call in deck.calls:
        assert 1 <= call.pick <= 10


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes(data):
    _loads(data)


@FUZZ
@given(JSON, st.sampled_from([None, "deck.json", "deck.json5"]))
def test_random_json(value, name):
    _loads(json.dumps(value).encode(), name=name)


@FUZZ
@given(
    TEXTS,
    st.sampled_from([None, "x.csv", "x.sql", "x.txt"]),
    st.sampled_from([None, "black", "white"]),
)
def test_random_text(text, name, kind):
    _loads(text.encode(), name=name, kind=kind)


@FUZZ
@given(st.sampled_from(FIXTURES), st.data())
def test_fixtures_with_one_value_replaced(fixture, data):
    document = copy.deepcopy(fixture)
    node = document
    while isinstance(node, dict | list) and node:
        key = data.draw(
            st.sampled_from(sorted(node))
            if isinstance(node, dict)
            else st.integers(0, len(node) - 1)
        )
        if not isinstance(node[key], dict | list) or data.draw(st.booleans()):
            node[key] = data.draw(JSON)
            break
        node = node[key]
    _loads(json.dumps(document).encode())
