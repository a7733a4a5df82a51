"""What the create form and the lobby's settings form are drawn from: the game options of
`GET /api/games` speak plain words (no ruling codes, no code names), every preset says what it
is, and `GET /api/table-settings` lists exactly the number settings the `settings` table action
checks, with the same bounds, so a new setting reaches the browser form with no change there."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from table_log import Log

from cardtable import games
from cardtable.server.http import games as games_route
from cardtable.server.http import table_settings as settings_route
from cardtable.server.realtime.messages import Settings
from cardtable.table.errors import ErrorCode, TableError

#: A ruling's code (K24, CS-9, RB-22, CSH-27, D10) or a camelCase code name (guideFullHand).
RULING_CODE = re.compile(r"\b(?:K|D|CS-|RB-|CSH-)\d+\b")
CODE_NAME = re.compile(r"\b[a-z]+[A-Z]\w*")


@pytest.fixture(scope="module")
def http():
    app = FastAPI()
    app.include_router(games_route.router)
    app.include_router(settings_route.router)
    with TestClient(app) as client:
        yield client


def _texts(game: dict):
    """Every text of a game's form a host reads, with where it is."""
    for option in game["options"]:
        yield f"{option['name']}.label", option["label"]
        yield f"{option['name']}.help", option["help"]
        for choice, label in zip(
            option.get("choices", ()), option.get("choice_labels", ()), strict=True
        ):
            yield f"{option['name']}.{choice}", label
    for preset, note in game["preset_notes"].items():
        yield f"preset {preset}", note["label"]
        yield f"preset {preset} summary", note["summary"]


def test_option_texts_are_plain_words(http):
    served = http.get("/api/games").json()
    assert [game["id"] for game in served] == list(games.ids())
    for game in served:
        for where, text in _texts(game):
            assert not RULING_CODE.search(text), (game["id"], where, text)
            assert not CODE_NAME.search(text), (game["id"], where, text)
        for option in game["options"]:
            assert option["label"] and option["section"] in ("House rules", "More settings")
            if option.get("choices"):
                assert len(option["choice_labels"]) == len(option["choices"]), option["name"]


def test_every_preset_says_in_a_line_what_it_is(http):
    for game in http.get("/api/games").json():
        if game["id"] == "tiny":  # the server tests' own game (tinygame.py)
            continue
        assert set(game["preset_notes"]) == set(game["presets"]), game["id"]
        for note in game["preset_notes"].values():
            assert note["label"] and note["summary"], game["id"]
            assert "\n" not in note["summary"] and len(note["summary"]) <= 120, note


def test_the_lint_catches_a_ruling_code_and_a_code_name():
    assert RULING_CODE.search("K24: late joiners") and RULING_CODE.search("as RB-22 says")
    assert CODE_NAME.search("guideRefillBeforePickN: draw first")
    assert not CODE_NAME.search("DigiPen and OpComm, Pick 2, Stop!")


def test_served_table_settings_are_what_the_settings_action_checks(http):
    served = http.get("/api/table-settings").json()
    names = [setting["name"] for setting in served]
    assert names, "no table setting is served"
    number_fields = {
        name
        for name, field in Settings.model_fields.items()
        if "int" in str(field.annotation) and name != "type"
    }
    assert set(names) == number_fields
    log = Log("cah", ["Ann", "Bob"])
    table = log.table
    host = table.host
    document = table.document(set())
    for setting in served:
        name, low, high = setting["name"], setting["min"], setting["max"]
        assert setting["kind"] == "int" and setting["label"] and setting["help"]
        for text in (setting["label"], setting["help"]):
            assert not RULING_CODE.search(text) and not CODE_NAME.search(text), text
        assert low <= setting["default"] <= high
        assert document[name] == setting["default"] == getattr(table, name)
        for value in (low, high):
            log.lobby({"type": "settings", "by": host, name: value})
            assert getattr(table, name) == value
        for value in (low - 1, high + 1):
            with pytest.raises(TableError) as refused:
                log.lobby({"type": "settings", "by": host, name: value})
            assert refused.value.code == ErrorCode.BAD_SETTINGS
            assert getattr(table, name) == high
