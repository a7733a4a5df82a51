"""`cardtable decks import FILE`: a deck file into a site's library on SQLite (a data folder)
or PostgreSQL; a server on the same database then lists and plays it."""

from __future__ import annotations

import json

from cli_server import serve_settings, serving

from cardtable.cli import main

DECK = "type,text\nblack,An imported call: _.\n" + "".join(
    f"white,Imported answer {n}.\n" for n in range(12)
)


def test_an_imported_deck_is_listed_by_a_server_on_the_same_database(
    capsys, tmp_path, database_args
):
    deck = tmp_path / "Imported Deck.csv"
    deck.write_text(DECK)
    assert main(["decks", "import", str(deck), *database_args]) == 0
    out = capsys.readouterr().out
    assert out.startswith("stored: imported-deck-") and "1 calls" in out and "12 responses" in out
    deck_id = out.split()[1]
    assert main(["decks", "import", str(deck), *database_args]) == 0
    assert capsys.readouterr().out.startswith(f"already stored: {deck_id} ")
    with serving(serve_settings(database_args)) as http:
        decks = {d["id"]: d for d in http.get("/api/decks").json()}
        assert decks[deck_id]["responses"] == 12 and decks[deck_id]["builtin"] is False
        assert "cardtable-main" in decks
        body = {
            "game": "cah",
            "name": "A",
            "client": "a" * 8,
            "options": {"decks": [deck_id], "handSize": 3},
        }
        assert http.post("/api/tables", json=body).status_code == 201


def test_a_broken_file_is_refused_with_its_line_and_nothing_is_stored(
    capsys, tmp_path, database_args
):
    deck = tmp_path / "broken.json"
    deck.write_text(
        json.dumps(
            {
                "format": "cardtable-deck",
                "version": 1,
                "id": "x",
                "name": "X",
                "calls": [{"text": "_", "pick": 0}],
                "responses": [],
            }
        )
    )
    assert main(["decks", "import", str(deck), *database_args]) == 2
    assert "calls[0].pick" in capsys.readouterr().err
    with serving(serve_settings(database_args)) as http:
        assert all(d["builtin"] for d in http.get("/api/decks").json())
