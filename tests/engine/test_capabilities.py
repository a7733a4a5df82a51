"""The optional capabilities (engine/capabilities.py): which games offer them, and what CAH's
answer for the table and the server (issue 26: no option or action names of a game in them)."""

from __future__ import annotations

import pytest

from cardtable import games
from cardtable.engine.capabilities import ModeratedCards, WrittenCards

CAH = games.get("cah")


def test_cah_offers_written_and_moderated_cards_and_the_others_neither():
    offered = {
        game: (
            isinstance(games.get(game), WrittenCards),
            isinstance(games.get(game), ModeratedCards),
        )
        for game in games.ids()
    }
    assert offered.pop("cah") == (True, True)
    assert set(offered.values()) == {(False, False)}


def test_written_texts_are_read_from_options_and_actions_as_clients_send_them():
    options = {"customWhiteCards": ["one", 2, "three"], "customBlackCards": "not a list"}
    assert CAH.written_texts(options) == ["one", "three"]
    assert CAH.written_texts("online") == []
    assert CAH.written_in_play({"type": "submit", "write": {"7": "mine", "8": None}}) == ["mine"]
    assert CAH.written_in_play({"type": "submit", "write": ["mine"]}) == []


def test_a_card_a_player_writes_joins_the_custom_cards_of_its_colour():
    options = CAH.options("default")
    written = CAH.with_written_card(options, "black", "Why ____?", None)
    assert list(written["customBlackCards"]) == ["Why ____?"]
    assert CAH.with_written_card(options, "green", "No such colour", None) is None
    with pytest.raises(ValueError):
        CAH.with_written_card(options, "white", "x" * 1000, None)


def test_hidden_cards_are_left_out_by_the_options_and_retired_by_an_action():
    options = CAH.options("default")
    assert CAH.without_cards(options, ["key"])["hiddenCards"] == ["key"]
    assert CAH.retire_action(["key"]) == {"type": "retire-cards", "cards": ["key"]}
