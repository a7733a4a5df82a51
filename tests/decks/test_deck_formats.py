"""Each format reader on small fixture files: detection, slots, pick/draw, packs, tags, nsfw."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardtable.decks import DeckError
from cardtable.decks.importer import import_deck, load_deck, read_deck

SLOT = ({},)


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("native.json", "cardtable-deck"),
        ("jah-compact.json", "jah-compact"),
        ("jah-compact-object.json", "jah-compact"),
        ("jah-full.json", "jah-full"),
        ("jah-v1-compact.md.json", "jah-md-compact"),
        ("jah-v1-full.md.json", "jah-md-full"),
        ("legacy-cards.json", "jah-legacy"),
        ("starter.deck.json5", "massive-decks"),
        ("many-decks.json", "many-decks"),
        ("cardcast.json", "cardcast"),
        ("abc-pack.json", "all-bad-cards"),
        ("abc-upload.json", "all-bad-cards"),
        ("abc-wrapped.json", "all-bad-cards"),
        ("caf-cards.json", "cards-against-formality"),
        ("caf-bundle.json", "cards-against-formality"),
        ("pyx.sql", "pyx-sql"),
        ("pyx-copy.sql", "pyx-sql"),
        ("digipen-black.txt", "digipen"),
        ("digipen-white.txt", "digipen"),
        ("digipen-combined.txt", "digipen"),
        ("cards.txt", "lines"),
        ("cards.csv", "csv"),
        ("cards-semicolon.csv", "csv"),
    ],
)
def test_format_is_detected_from_content(fixtures, name, fmt):
    data = (fixtures / name).read_bytes()
    assert read_deck(data)[0] == fmt  # bytes without a name: content alone decides
    assert read_deck(fixtures / name)[0] == fmt


def test_jah_compact_slots_padding_and_packs(read):
    _, deck = read("jah-compact.json")
    calls = {call.text.split("\n")[0]: call for call in deck.calls}
    limerick = calls["Write a limerick."]
    assert limerick.parts == (("Write a limerick.",), SLOT, SLOT, SLOT)
    assert (limerick.pick, limerick.draw) == (3, 0)
    assert calls["What is in the box?"].parts == (("What is in the box?",), SLOT)
    assert calls["Dear diary,"].parts == (("Dear diary,",), ("Today I found ", {}, "."))
    steps = calls["Step one: _. Step two: _. Step three: profit."]
    assert steps.pick == 2 and steps.packs == ()  # `__` runs are one slot
    assert steps.parts[0][-2:] == ({"text": "profit", "style": "Em"}, ".")  # markdown as styles
    both = calls["_ and _: a love story."]
    assert both.packs == ("Test Base", "Test Extra")  # every pack listing it
    assert calls["Dear diary,"].packs == ("Test Extra",)
    assert deck.packs == ("Test Base", "Test Extra")
    assert [r.packs for r in deck.responses] == [
        ("Test Base",),
        ("Test Base",),
        ("Test Base", "Test Extra"),
        ("Test Extra",),
        (),
    ]
    assert (deck.id, deck.name) == ("jah-compact", "jah-compact")


def test_jah_compact_and_full_of_one_release_give_the_same_cards(read):
    _, compact = read("jah-compact-object.json")
    _, full = read("jah-full.json")
    assert compact.calls == full.calls
    assert compact.responses == full.responses
    assert compact.packs == full.packs == ("Test Base", "Test Extra")


def test_jah_v1_compact_and_full(read):
    _, compact = read("jah-v1-compact.md.json")
    _, full = read("jah-v1-full.md.json")
    assert compact.calls == full.calls and compact.responses == full.responses
    beep = compact.calls[1]
    assert beep.parts == (("Name two things that beep.",), SLOT, SLOT)
    assert beep.packs == ("Test Extra",)
    assert compact.id == "jah-v1-compact"


def test_legacy_cards_json_is_html(read):
    _, deck = read("legacy-cards.json")
    assert [c.text for c in deck.calls] == [
        "Test® brand _.",
        "Roses are red\nViolets are _.",
        "Make a test plan.\n_\n_\n_",
    ]
    assert [r.text for r in deck.responses] == ['A "quoted" answer.', "Café au lait."]
    assert [c.packs for c in deck.calls] == [
        ("Base Test Set",),
        ("Base Test Set",),
        ("Bonus Test Set",),
    ]


def test_massive_decks_parts_are_kept(read):
    _, deck = read("starter.deck.json5")
    assert deck.name == "Starter Test Deck"
    assert deck.description == "By The Test Team. Translated by Nobody."
    assert deck.calls[1].parts == (({"transform": "Capitalize"}, " beats ", {"style": "Em"}, "."),)
    assert deck.calls[1].pick == 2
    assert deck.calls[2].pick == 1  # one index used twice is one answer
    styled = deck.calls[3].parts[1][3]
    assert styled == {"text": "bold words", "style": "Strong"}
    assert [r.text for r in deck.responses] == ["A rubber duck", "An empty test suite"]


def test_many_decks_api_deck(read):
    _, deck = read("many-decks.json")
    assert (deck.name, deck.language) == ("Many Test Deck", "de")
    assert deck.description == "By Tester. Version 3."
    assert deck.calls[1].parts == (({"transform": "UpperCase"}, "! ", {}, "?"),)
    assert deck.calls[1].pick == 2


def test_cardcast_pick_and_draw(read):
    _, deck = read("cardcast.json")
    assert (deck.name, deck.description) == ("Cardcast Test", "A tiny deck.")
    assert [(c.pick, c.draw) for c in deck.calls] == [(2, 0), (3, 2), (1, 0)]
    assert deck.calls[0].parts == (("I brought ", {}, ", not ", {}, "."),)
    assert deck.calls[2].parts == (("Say it:",), ("loud ", {}))
    assert [r.text for r in deck.responses] == ["A kazoo", "Quiet applause"]  # blank skipped


def test_all_bad_cards_pack(read):
    _, deck = read("abc-pack.json")
    assert (deck.id, deck.name, deck.nsfw, deck.tags) == (
        "abc-test",
        "ABC Test Pack",
        True,
        ("silly",),
    )
    assert [(c.pick, c.draw) for c in deck.calls] == [(1, 0), (3, 2), (1, 1)]
    assert deck.calls[2].parts == (("What could go wrong?",), SLOT)


def test_all_bad_cards_upload_shapes(read):
    _, upload = read("abc-upload.json")
    assert (upload.name, upload.nsfw, upload.tags) == ("ABC Upload Test", False, ("family",))
    assert [c.pick for c in upload.calls] == [1, 2]
    _, wrapped = read("abc-wrapped.json")
    assert (wrapped.id, wrapped.name) == ("wrapped", "Wrapped Pack")
    assert [r.text for r in wrapped.responses] == ["A bow."]


def test_cards_against_formality(read):
    _, cards = read("caf-cards.json")
    assert [c.text for c in cards.calls] == ["Test™ night needs _.", "Pick two:\n_ or _?"]
    assert [c.pick for c in cards.calls] == [1, 2]
    _, bundle = read("caf-bundle.json")
    assert bundle.name == "CAF Party"
    assert [(c.text, c.packs) for c in bundle.calls] == [
        ("Pick two:\n_ or _?", ("CAF Party",)),
        ("Test™ night needs _.", ()),
    ]
    assert {r.packs for r in bundle.responses} == {("CAF Party",)}


def test_pyx_sql_inserts(read):
    _, deck = read("pyx.sql")
    by_text = {c.text: c for c in deck.calls}
    assert set(by_text) == {
        "Meanwhile, _ was hiding _.",
        "The test suite is powered by _.",
        "Write a test haiku.\n_\n_\n_",
        'It\'s "obvious":\n_.',
    }  # nothing from the function body or the comment
    haiku = by_text["Write a test haiku.\n_\n_\n_"]
    assert (haiku.pick, haiku.draw, haiku.tags, haiku.packs) == (3, 2, ("T1",), ("Test Base Set",))
    meanwhile = by_text["Meanwhile, _ was hiding _."]
    assert (meanwhile.pick, meanwhile.packs) == (2, ("Test Extra Set", "Test Base Set"))
    assert by_text['It\'s "obvious":\n_.'].tags == ()
    assert [(r.text, r.tags, r.packs) for r in deck.responses] == [
        ("A tab\there; really.", ("T2",), ("Test Extra Set",)),
        ("A stack trace™.", ("T1",), ("Test Base Set",)),
        ("An orphan card.", (), ()),
    ]
    assert deck.packs == ("Test Extra Set", "Test Base Set")
    assert deck.tags == ("T2", "T1")


def test_pyx_sql_copy_blocks(read):
    _, deck = read("pyx-copy.sql")
    assert [(c.text, c.pick, c.draw, c.packs) for c in deck.calls] == [
        ("Our test lab runs on _.", 1, 0, ("Copy Set",)),
        ("Make a test poem.\n_\n_\n_", 3, 2, ()),
    ]
    assert [(r.text, r.tags) for r in deck.responses] == [("A backslash \\ and a\nnew line.", ())]


def _pyx_database(path: Path) -> Path:
    """The cards of pyx.sql, as a pyx.sqlite database built through the sqlite3 API."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE card_set (id, active, base_deck, description, name, weight)")
        db.execute("CREATE TABLE black_cards (id, draw, pick, text, watermark)")
        db.execute("CREATE TABLE white_cards (id, text, watermark)")
        db.execute("CREATE TABLE card_set_black_card (card_set_id, black_card_id)")
        db.execute("CREATE TABLE card_set_white_card (card_set_id, white_card_id)")
        db.executemany(
            "INSERT INTO card_set VALUES (?, ?, ?, ?, ?, ?)",
            [
                (1, 1, 1, "The base test set", "Test Base Set", 1),
                (2, 1, 0, "Extra", "Test Extra Set", 0),
            ],
        )
        db.executemany(
            "INSERT INTO black_cards VALUES (?, ?, ?, ?, ?)",
            [
                (1, 0, 1, "The test suite is powered by ____.", "T1"),
                (2, 2, 3, "Write a test haiku.", "T1"),
                (3, 0, 2, "<i>Meanwhile</i>, ____ was hiding ____.", "T2"),
                (4, 0, 1, "It's &quot;obvious&quot;:<br>____.", None),
            ],
        )
        db.executemany(
            "INSERT INTO white_cards VALUES (?, ?, ?)",
            [
                (10, "A stack trace&trade;.", "T1"),
                (11, "A tab\there; really.", "T2"),
                (12, "An orphan card.", ""),
            ],
        )
        db.executemany(
            "INSERT INTO card_set_black_card VALUES (?, ?)", [(1, 1), (1, 2), (2, 3), (1, 3)]
        )
        db.executemany("INSERT INTO card_set_white_card VALUES (?, ?)", [(1, 10), (2, 11)])
    db.close()
    return path


def test_pyx_sqlite_matches_the_sql_dump(read, tmp_path):
    database = _pyx_database(tmp_path / "pyx.sqlite")
    database.chmod(0o444)  # opened read-only: a read-only file is enough
    fmt, deck = read_deck(database)
    _, dump = read("pyx.sql")
    assert fmt == "pyx-sqlite"
    assert (deck.calls, deck.responses, deck.packs) == (dump.calls, dump.responses, dump.packs)
    uploaded = load_deck(database.read_bytes(), name="upload.db")
    assert (uploaded.id, uploaded.calls, uploaded.responses) == (
        "upload",
        deck.calls,
        deck.responses,
    )


def test_pyx_sqlite_errors_name_the_row(tmp_path):
    database = _pyx_database(tmp_path / "pyx.sqlite")
    with sqlite3.connect(database) as db:
        db.execute("UPDATE black_cards SET pick = 'two' WHERE id = 3")
    db.close()
    report = import_deck(database).report
    assert [note.where for note in report.skipped] == ["black_cards[id=3].pick"]


def test_digipen_columns(read):
    _, black = read("digipen-black.txt")
    assert [c.tags for c in black.calls] == [
        ("general",),
        ("general",),
        ("CS",),
        ("GD",),
        ("general",),
        ("BFA",),
    ]
    assert [(c.pick, c.draw) for c in black.calls] == [
        (1, 0),
        (2, 0),
        (1, 0),
        (3, 2),
        (2, 0),
        (1, 0),
    ]
    assert black.calls[0].parts == (("What keeps the test server awake at night?",), SLOT)
    assert black.calls[5].parts[0][:2] == ("The ", {"text": "real", "style": "Em"})
    assert not black.responses and black.tags == ("general", "CS", "GD", "BFA")
    _, white = read("digipen-white.txt")
    assert [r.text for r in white.responses][:2] == ["A stale donut.", "A null pointer."]


def test_digipen_combined_file_reads_only_its_card_sections(read):
    _, deck = read("digipen-combined.txt")
    assert [c.text for c in deck.calls] == [
        "Who left _ in the fridge?",
        "_ compiles, but _ does not.",
    ]
    assert [r.text for r in deck.responses] == ["A sticky note.", "An off-by-one error."]


def test_digipen_kind_hint(read):
    _, deck = read("digipen-black.txt", kind="black")
    assert len(deck.calls) == 6
    with pytest.raises(DeckError) as caught:
        read("digipen-white.txt", kind="black")
    assert "no card could be used" in caught.value.message and "line 1" in caught.value.message


def test_one_card_per_line(read):
    _, deck = read("cards.txt")
    assert [(c.text, c.pick) for c in deck.calls] == [
        ("The test plan forgot about _.", 1),
        ("_ is the new _.", 2),
        ("Why is the test server humming?\n_", 1),  # a question: no `_`, ends with ?
        ("Two words for the retro:\n_", 1),
    ]
    assert [r.text for r in deck.responses] == [
        "A polite robot.",
        "#hashtag testing",  # `#` starts a card: the format has no comments
        "A card with spaces around it.",
        "Line one\nline two.",  # a literal \n is a line break
    ]
    assert deck.license == "CC0 1.0"  # the header line is the licence, not a card


def test_one_card_per_line_with_a_kind_hint():
    _, calls = read_deck(b"What is this?\nA _ here.\n", kind="black")
    assert [c.parts for c in calls.calls] == [(("What is this?",), SLOT), (("A ", {}, " here."),)]
    _, responses = read_deck(b"snake_case\n", kind="white")
    assert [r.text for r in responses.responses] == ["snake_case"]


def test_csv(read):
    _, deck = read("cards.csv")
    lab, haiku = deck.calls
    assert (lab.rating, lab.tags, lab.packs) == ("family", ("lab", "general"), ("Lab Pack",))
    assert (haiku.pick, haiku.draw, haiku.rating) == (3, 2, "adult")
    assert haiku.parts == (("Haiku time:",), ({}, " / ", {}, " / ", {}))
    assert [(r.text, r.tags, r.packs) for r in deck.responses] == [
        ("A clean bench.", ("lab",), ()),
        ('A "quoted" reply.', (), ("Other Pack",)),
        ("Snacks, obviously.", ("snacks", "food"), ()),
    ]
    assert deck.packs == ("Lab Pack", "Other Pack")


def test_csv_semicolons_and_a_kind_hint(read):
    _, deck = read("cards-semicolon.csv")
    assert ([c.text for c in deck.calls], [r.text for r in deck.responses]) == (
        ["Why _?"],
        ["A semicolon answer."],
    )
    _, hinted = read_deck(b"text,pick\nOnly _ calls _.,\n", name="calls.csv", kind="black")
    assert [c.pick for c in hinted.calls] == [2]


def test_csv_headers_in_german_are_found_by_their_names():
    """Issue 22: a hand-made CSV with the common German column names (any case)."""
    data = (
        "Farbe;Karte;Lücken;Paket\nschwarz;Warum ist _ so teuer?;1;Haus\nweiß;Ein Kaktus.;;Haus\n"
    )
    _, deck = read_deck(data.encode(), name="karten.csv")
    assert [(c.text, c.pick, c.packs) for c in deck.calls] == [
        ("Warum ist _ so teuer?", 1, ("Haus",))
    ]
    assert [(r.text, r.packs) for r in deck.responses] == [("Ein Kaktus.", ("Haus",))]


def test_csv_columns_named_by_the_importer_win_over_the_header_guess():
    """`--columns`: a header no list of names knows, mapped by hand; a column that is not
    there is a clear error."""
    data = b"Sorte,Spruch,Notiz\nblack,Who brought _?,text\nwhite,The cat.,kind\n"
    _, deck = read_deck(data, name="own.csv", columns=(("kind", "Sorte"), ("text", "Spruch")))
    assert [c.text for c in deck.calls] == ["Who brought _?"]
    assert [r.text for r in deck.responses] == ["The cat."]
    with pytest.raises(DeckError) as missing:
        read_deck(data, name="own.csv", columns=(("text", "Karte"),))
    assert missing.value.where == "line 1" and "Karte" in str(missing.value)


def test_native(read):
    _, deck = read("native.json")
    assert deck.id == "native-test" and deck.calls[1].pick == 2 and deck.calls[1].draw == 1
