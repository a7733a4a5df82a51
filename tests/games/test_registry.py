"""The registry of games: the ids sorted, and a game registered for a while (a test's own
game), never over another game's id, and gone again once its block ends."""

from __future__ import annotations

import pytest

from cardtable import games
from cardtable.engine import Game


class Blank(Game):
    """A game with an id and nothing else: the registry only files games by id."""

    def __init__(self, game_id: str):
        self.id = game_id


def test_a_game_is_registered_for_the_block_only():
    before = games.ids()
    with games.registered(Blank("aaa-first")) as blank:
        assert games.get("aaa-first") is blank
        assert games.ids() == ("aaa-first", *before)  # sorted, not in order of registration
    assert games.ids() == before
    with pytest.raises(KeyError, match="unknown game 'aaa-first'"):
        games.get("aaa-first")


def test_a_game_is_unregistered_when_its_block_fails():
    with pytest.raises(RuntimeError), games.registered(Blank("zzz-last")):
        raise RuntimeError("the test failed")
    assert "zzz-last" not in games.ids()


def test_a_registered_id_cannot_be_taken():
    cah = games.get("cah")
    with pytest.raises(ValueError, match="'cah'"), games.registered(Blank("cah")):
        pass
    assert games.get("cah") is cah
