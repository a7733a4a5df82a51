"""Options resolve from presets and overrides, and reject anything unknown or out of range."""

import pytest

from cardtable.engine import Option, OptionSet

OPTIONS = OptionSet(
    [
        Option("handSize", "int", 10, "Hand size", min=3, max=20),
        Option("target", "int", 5, "Points to win", min=1, max=50, nullable=True),
        Option("mode", "choice", "czar", "Judging", choices=("czar", "vote")),
        Option("tags", "multi", ("general",), "Tags", choices=("general", "CS", "GD")),
        Option("decks", "strings", ("main",), "Decks"),
        Option("timer", "bool", False, "Timer"),
    ],
    presets={"default": {}, "small": {"handSize": 7, "target": None}},
)


def test_defaults_and_preset_names():
    assert OPTIONS.resolve(None)["handSize"] == 10
    assert OPTIONS.resolve("small") == {
        "handSize": 7,
        "target": None,
        "mode": "czar",
        "tags": ("general",),
        "decks": ("main",),
        "timer": False,
        "preset": "small",
    }


def test_overrides_apply_on_top_of_the_preset():
    resolved = OPTIONS.resolve({"preset": "small", "mode": "vote", "tags": ["CS", "CS", "GD"]})
    assert (resolved["handSize"], resolved["mode"], resolved["tags"]) == (7, "vote", ("CS", "GD"))


@pytest.mark.parametrize(
    "bad",
    [
        "nope",
        {"preset": "nope"},
        {"preset": 3},
        {"unknown": 1},
        {"handSize": 2},
        {"handSize": 21},
        {"handSize": True},
        {"handSize": "7"},
        {"handSize": None},
        {"mode": "chaos"},
        {"tags": ["BFA"]},
        {"tags": "CS"},
        {"decks": [""]},
        {"decks": [3]},
        {"timer": 1},
        [1, 2],
        {1: 2},
    ],
)
def test_bad_options_raise_value_error(bad):
    with pytest.raises(ValueError):
        OPTIONS.resolve(bad)


def test_a_preset_with_a_bad_value_is_refused_at_definition():
    with pytest.raises(ValueError):
        OptionSet([Option("n", "int", 1, "N", min=0, max=3)], {"default": {"n": 9}})
    with pytest.raises(TypeError):
        OptionSet([Option("n", "int", 1, "N")], {"other": {}})


def test_to_json_lists_options_and_presets():
    described = OPTIONS.to_json()
    assert [o["name"] for o in described["options"]][:2] == ["handSize", "target"]
    assert described["presets"]["small"] == {"handSize": 7, "target": None}
    assert described["options"][3]["default"] == ["general"]


def test_game_options_are_resolved_once_and_handed_out_as_copies():
    from cardtable import games

    game = games.get("cah")
    first = game.options({"preset": "digipen", "handSize": 8})
    first["handSize"] = 99
    again = game.options({"preset": "digipen", "handSize": 8})
    assert again["handSize"] == 8
    assert game.options({"preset": "digipen", "handSize": True and 8})["handSize"] == 8
    with pytest.raises(ValueError):
        game.options({"preset": "digipen", "handSize": True})


def test_internal_options_resolve_but_are_not_offered_to_hosts():
    options = OptionSet(
        [
            Option("n", "int", 1, "N", min=0, max=3),
            Option("dealer", "int", None, "Dealer", min=0, max=7, nullable=True, internal=True),
        ]
    )
    assert [o["name"] for o in options.to_json()["options"]] == ["n"]
    assert options.resolve({"dealer": 2})["dealer"] == 2
    assert options.resolve(None)["dealer"] is None
    with pytest.raises(ValueError):
        options.resolve({"dealer": 8})
