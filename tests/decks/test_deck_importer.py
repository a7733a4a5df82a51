"""The importer around the readers: inputs, limits, names and ids, hints, saving."""

from __future__ import annotations

import codecs

import pytest

from cardtable.decks import DeckError
from cardtable.decks.importer import FORMATS, MAX_BYTES, load_deck, read_deck, save_deck

GOOD = [
    "native.json",
    "jah-compact.json",
    "jah-compact-object.json",
    "jah-full.json",
    "jah-v1-compact.md.json",
    "jah-v1-full.md.json",
    "legacy-cards.json",
    "starter.deck.json5",
    "many-decks.json",
    "cardcast.json",
    "abc-pack.json",
    "abc-upload.json",
    "abc-wrapped.json",
    "caf-cards.json",
    "caf-bundle.json",
    "pyx.sql",
    "pyx-copy.sql",
    "digipen-black.txt",
    "digipen-white.txt",
    "digipen-combined.txt",
    "cards.txt",
    "cards.csv",
    "cards-semicolon.csv",
]


def test_every_good_fixture_is_listed(fixtures):
    assert {p.name for p in fixtures.iterdir() if p.is_file()} == set(GOOD)


def test_formats_lists_every_format():
    assert set(FORMATS) >= {
        "cardtable-deck",
        "jah-compact",
        "jah-full",
        "jah-md-compact",
        "jah-md-full",
        "jah-legacy",
        "massive-decks",
        "many-decks",
        "pyx-sql",
        "pyx-sqlite",
        "cardcast",
        "all-bad-cards",
        "cards-against-formality",
        "digipen",
        "lines",
        "csv",
    }
    assert len(set(FORMATS)) == len(FORMATS)


@pytest.mark.parametrize("name", GOOD)
def test_saved_deck_reads_back_the_same(fixtures, tmp_path, name):
    deck = load_deck(fixtures / name)
    out = tmp_path / "deck.json"
    save_deck(deck, out)
    assert load_deck(out) == deck
    assert read_deck(out)[0] == "cardtable-deck"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.json"]  # no temporary file left


def test_size_limit():
    with pytest.raises(DeckError) as caught:
        load_deck(b"A card.\n" * 20, max_bytes=100)
    assert caught.value.code == "too-large"
    assert MAX_BYTES == 20 * 1024 * 1024


def test_size_limit_on_a_file(tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"A card.\n" * 20)
    with pytest.raises(DeckError) as caught:
        load_deck(big, max_bytes=100)
    assert caught.value.code == "too-large"


def test_missing_file_is_a_deck_error(tmp_path):
    with pytest.raises(DeckError) as caught:
        load_deck(tmp_path / "nothing.json")
    assert caught.value.code == "unreadable"


@pytest.mark.parametrize(
    ("name", "deck_id"),
    [
        ("cah-base-en.deck.json5", "cah-base-en"),
        ("uploads/My Deck (v2).txt", "my-deck-v2"),
        ("Café Deck.csv", "cafe-deck"),
        ("white.txt", "white"),
    ],
)
def test_deck_id_from_the_file_name(name, deck_id):
    data = b"type,text\nwhite,A.\n" if name.endswith(".csv") else b"A test answer.\n"
    if name.endswith(".json5"):
        data = b'{name: "N", calls: [[["A ", {}]]], responses: ["B."]}'
    assert load_deck(data, name=name).id == deck_id


def test_deck_id_without_a_name_is_stable():
    first, second = load_deck(b"A test answer.\n"), load_deck(b"A test answer.\n")
    assert first.id == second.id and first.id.startswith("deck-")
    assert first.name == "Imported deck"
    assert load_deck(b"Another answer.\n").id != first.id


def test_a_format_with_an_id_keeps_it(fixtures):
    assert load_deck(fixtures / "abc-pack.json", name="other.json").id == "abc-test"


def test_format_can_be_forced(fixtures):
    fmt, deck = read_deck(fixtures / "digipen-white.txt", fmt="lines")
    assert fmt == "lines" and deck.responses[0].text == "*     A stale donut."
    with pytest.raises(DeckError) as caught:
        load_deck(fixtures / "cards.txt", fmt="csv")
    assert caught.value.where == "line 1"
    with pytest.raises(DeckError) as caught:
        load_deck(fixtures / "cards.txt", fmt="no-such-format")
    assert caught.value.where == "format" and "jah-compact" in caught.value.message


def test_bad_kind_hint():
    with pytest.raises(DeckError) as caught:
        load_deck(b"A.\n", kind="grey")
    assert caught.value.where == "kind"


def test_extension_decides_when_content_does_not():
    # A CSV without a type column looks like plain lines; the extension makes it CSV.
    assert read_deck(b"text\nA _ card.\n", name="x.csv", kind="white")[0] == "csv"
    assert read_deck(b"text\nA _ card.\n")[0] == "lines"
    with pytest.raises(DeckError) as caught:
        load_deck(b"SELECT 1;\n", name="dump.sql")
    assert "black_cards" in caught.value.message
    with pytest.raises(DeckError) as caught:
        load_deck(b"just words\n", name="deck.json")
    assert caught.value.code == "bad-json"


def test_text_starting_with_a_bracket_is_not_json():
    deck = load_deck(b"[Redacted] is _.\n")
    assert deck.calls[0].text == "[Redacted] is _."


def test_json5_in_a_json_file():
    deck = load_deck(
        b'// a comment\n{name: "N", calls: [[["A ", {}]]], responses: ["B",],}', name="x.json"
    )
    assert deck.source == "massive-decks"


def test_encodings_and_newlines():
    bom = codecs.BOM_UTF8 + b'{"white": ["A."], "black": [], "packs": []}'
    assert load_deck(bom).responses[0].text == "A."
    utf16 = "type,text\r\nwhite,Ünïcode.\r\nblack,Why _?\r\n".encode("utf-16")
    deck = load_deck(utf16)
    assert (deck.responses[0].text, deck.calls[0].text) == ("Ünïcode.", "Why _?")
    assert load_deck(b"First _\r\nSecond\r").responses[0].text == "Second"


def test_save_deck_replaces_a_file(tmp_path, fixtures):
    out = tmp_path / "deck.json"
    out.write_text("old")
    save_deck(load_deck(fixtures / "cards.txt"), out)
    assert load_deck(out).id == "cards"


def test_json5_is_read_whatever_its_size():
    calls = ", ".join(f'[["Card {n} ", {{}}]]' for n in range(5_000))
    json5_deck = f"// a comment\n{{name: 'N', calls: [{calls},], responses: ['B',],}}"
    deck = load_deck(json5_deck.encode())
    assert deck.name == "N" and len(deck.calls) == 5_000
