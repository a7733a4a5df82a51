"""The small values of the engine: results, events, randomness, the French deck, registries."""

import pytest

from cardtable import bots, games
from cardtable.engine import Event, Result, Rng, everyone, french_deck, only
from cardtable.engine.rng import Drawless


def test_result_places_from_scores_share_ties():
    result = Result.from_scores("points", [3, 5, 5, 1])
    assert result.places == (3, 1, 1, 4)
    assert result.winners == (1, 2)
    assert result.to_json() == {
        "reason": "points",
        "places": [3, 1, 1, 4],
        "winners": [1, 2],
        "scores": [3, 5, 5, 1],
    }


def test_a_result_where_every_seat_shares_first_place_is_a_draw_not_a_win():
    drawn = Result.from_scores("draw", [4, 4])
    assert drawn.places == (1, 1) and drawn.draw and drawn.winners == ()
    assert drawn.to_json() == {
        "reason": "draw",
        "places": [1, 1],
        "winners": [],
        "draw": True,
        "scores": [4, 4],
    }
    shared = Result.from_scores("points", [5, 5, 1])
    assert not shared.draw and shared.winners == (0, 1) and "draw" not in shared.to_json()
    assert not Result.from_scores("alone", [1]).draw


def test_result_places_from_finishing_order_with_a_tie():
    result = Result.from_order("out", [2, (0, 3), 1], seats=4)
    assert result.places == (2, 4, 1, 2)
    assert result.winners == (2,)


def test_events_know_their_audience():
    public = everyone("round-started", round=1)
    private = only([2], "all-submitted", count=3)
    assert public.is_for(None) and public.is_for(0)
    assert private.is_for(2) and not private.is_for(1) and not private.is_for(None)
    assert private.to_json() == {"type": "all-submitted", "count": 3}
    assert isinstance(private, Event)


def test_rng_is_seeded_and_copies_are_independent():
    first, second = Rng(42), Rng(42)
    assert [first.random() for _ in range(5)] == [second.random() for _ in range(5)]
    twin = first.copy()
    assert twin.random() == first.random()
    twin.random()
    assert twin.random() != first.random()


@pytest.mark.parametrize(
    "draw",
    [
        lambda r: r.random(),
        lambda r: r.choice([1, 2]),
        lambda r: r.shuffle([1, 2]),
        lambda r: r.randrange(2),
        lambda r: r.sample([1, 2], 1),
    ],
)
def test_a_drawless_generator_refuses_every_draw(draw):
    """A trial copy of a state (CSH's swing cap) carries one, so a trial that drew would fail
    loudly instead of quietly drawing from a generator nobody keeps."""
    with pytest.raises(AssertionError, match="may not draw"):
        draw(Drawless())


def test_french_deck_ids_are_unique_and_packs_differ():
    cards = french_deck(packs=2, jokers=2)
    assert len(cards) == 108
    assert [c.id for c in cards] == list(range(108))
    assert sum(c.is_joker for c in cards) == 4
    assert {c.pack for c in cards} == {0, 1}
    assert cards[0].label == "A♣" and cards[13 + 11].label == "Q♦"
    assert cards[13].red and not cards[0].red


def test_unknown_game_and_bot_names_are_clear_errors():
    with pytest.raises(KeyError, match="unknown game"):
        games.get("no-such-game")
    with pytest.raises(ValueError, match="unknown bot"):
        bots.get("no-such-bot", "no-such-game")
    assert bots.names("no-such-game") == ("random",)


def test_next_options_default_to_the_same_options():
    game = games.get("cah")
    options = game.options(None)
    result = Result.from_order("done", [1, 0], 2)
    assert game.next_options(options, result, {0: 1, 1: 0}) is options


@pytest.mark.parametrize("game_id", games.ids())
def test_hosts_may_leave_internal_options_at_their_defaults_but_not_set_them(game_id):
    game = games.get(game_id)
    defaults = game.option_set.defaults()
    assert game.host_options(dict(defaults)) == game.options(dict(defaults))
    for option in game.option_set.options:
        if option.internal:
            value = 1 if option.kind == "int" else ["0123456789abcdef"]
            game.options({option.name: value})  # the table itself may set it
            with pytest.raises(ValueError, match="set by the table"):
                game.host_options({option.name: value})
