"""The games' words in the English catalogue (web/static/locales/en/games.json): every option,
choice, group and preset a game offers (GET /api/games) and every catalogue key the game
folders' JavaScript names. The other languages are checked against English key by key, and the
rules' refusal codes against both catalogues, by the site's catalogue test (test_catalogues.py);
this file checks English against the games themselves."""

from __future__ import annotations

import json
import re

import pytest

from cardtable import games
from cardtable.web import static_dir

STATIC = static_dir()
GAMES_JS = STATIC / "js" / "games"
SECTIONS = {"House rules": "house-rules", "More settings": "more-settings"}
#: A catalogue key written whole in JavaScript: "game.<id>.<...>" in quotes.
KEY_LITERAL = re.compile(r"""["'](game\.[a-z-]+\.[A-Za-z0-9_.-]+)["']""")
#: `subject("game....", seat, me)` (subject.js), or Cunt-Soul's `about("game....")` built on it:
#: the key and its ".you" form; `between(...)`: also its ".to-you" form.
SUBJECT_CALL = re.compile(r"""(?:subject|about)\(["'](game\.[A-Za-z0-9_.-]+)["']""")
BETWEEN_CALL = re.compile(r"""between\(["'](game\.[A-Za-z0-9_.-]+)["']""")


def english() -> dict:
    return json.loads((STATIC / "locales" / "en" / "games.json").read_text())


def shipped() -> list[str]:
    return [g for g in games.ids() if type(games.get(g)).__module__.startswith("cardtable.games.")]


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def option_keys(game_id: str) -> set[str]:
    described = games.get(game_id).describe()
    keys = {f"game.{game_id}.summary"}
    for name, note in described["preset_notes"].items():
        keys.add(f"game.{game_id}.preset.{name}.label")
        if note["summary"]:
            keys.add(f"game.{game_id}.preset.{name}.note")
    for option in described["options"]:
        key = f"game.{game_id}.option.{option['name']}"
        keys.add(f"{key}.label")
        if option["help"]:
            keys.add(f"{key}.help")
        keys |= {f"{key}.choice.{choice}" for choice in option.get("choices", [])}
        group = option["group"]
        keys.add(
            f"game.common.section.{SECTIONS[group]}"
            if group in SECTIONS
            else f"game.{game_id}.group.{slug(group)}"
        )
    keys |= {f"game.common.section.{SECTIONS[s]}" for s in described["sections"]}
    return keys


def script_keys() -> set[str]:
    keys: set[str] = set()
    for path in GAMES_JS.rglob("*.js"):
        text = path.read_text()
        keys |= set(KEY_LITERAL.findall(text))
        keys |= {f"{key}.you" for key in SUBJECT_CALL.findall(text)}
        between = BETWEEN_CALL.findall(text)
        keys |= {f"{key}.{form}" for key in between for form in ("you", "to-you")}
    return keys


@pytest.mark.parametrize("game_id", shipped())
def test_every_option_choice_group_and_preset_has_its_words(game_id):
    missing = option_keys(game_id) - english().keys()
    assert not missing, sorted(missing)


def test_every_key_the_game_folders_name_is_in_the_catalogue():
    keys = script_keys()
    assert len(keys) > 500
    missing = keys - english().keys()
    assert not missing, sorted(missing)


def test_the_english_words_of_options_are_the_servers():
    """English needs no second copy to drift from: it says what the server says."""
    catalogue = english()
    for game_id in shipped():
        described = games.get(game_id).describe()
        for option in described["options"]:
            key = f"game.{game_id}.option.{option['name']}"
            assert catalogue[f"{key}.label"] == option["label"]
            assert catalogue.get(f"{key}.help", "") == option["help"]
        for name, note in described["preset_notes"].items():
            assert catalogue[f"game.{game_id}.preset.{name}.label"] == note["label"]


def test_only_game_keys_in_the_games_catalogue():
    assert all(key.startswith("game.") for key in english())
