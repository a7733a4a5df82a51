"""Properties of real random games, in both modes of RB-22 and with the rulings' option flags:
the engine contract (tests/game_contract.py), the 104 cards conserved (RB-1), every game ending
in a win, a resignation or a draw (RB-12, RB-19, RB-20), views showing exactly what RB-15 and
RB-16 allow, and assisted games never erring (RB-22)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import Rng
from cardtable.games.russian_bank.piles import CENTRE, DISCARD, LAYOUT, STOCK, TURNED
from game_contract import card_ids, play_checked

from .helpers import GAME

ENDINGS = {"win", "resignation", "draw"}
FLAGS = (
    "strictStockToCentreFirst",
    "stockFillsSpaces",
    "ownWasteAvailable",
    "stalemateDifferenceScoring",
)

options_strategy = st.fixed_dictionaries(
    {"mode": st.sampled_from(["classic", "assisted"]), **{flag: st.booleans() for flag in FLAGS}}
)
PROPERTY = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def visible(state, seat) -> set[int]:
    """The cards RB-15 and RB-16 let `seat` (None: a spectator) see."""
    piles = state.piles
    seen = {c for pile in CENTRE + LAYOUT for c in piles[pile]}
    for owner in (0, 1):
        stock, discard = piles[STOCK[owner]], piles[DISCARD[owner]]
        if stock and state.stock_up[owner]:
            seen.add(stock[-1])
        seen.update(piles[TURNED[owner]])
        if state.spread[owner] or owner == seat:
            seen.update(discard)
        elif discard:
            seen.add(discard[-1])
    return seen


def play_watched(options, seed: int, check_views_every: int = 5):
    """A random game checked at every step: conservation, exact views, the mode's errors."""
    state = GAME.new(options, 2, seed=seed)
    rng = Rng(seed)
    steps = windows = 0
    while GAME.result(state) is None:
        assert sorted(c for pile in state.piles for c in pile) == list(range(104))
        if steps % check_views_every == 0:
            for seat in (0, 1, None):
                assert card_ids(GAME.view(state, seat)) == visible(state, seat)
        seat = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, seat, GAME.random_action(state, seat, rng))
        windows += state.window is not None
        steps += 1
        assert steps < 20_000
    return state, windows


@PROPERTY
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_random_games_keep_the_engine_contract(options, seed):
    result, _, log = play_checked(GAME, options, 2, seed, check_every=17, use_random_action=True)
    assert result.reason in ENDINGS
    assert len(log) < 20_000


@PROPERTY
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_rb1_rb15_rb16_cards_conserved_and_views_exact_at_every_step(options, seed):
    state, windows = play_watched(options, seed)
    assert GAME.result(state).reason in ENDINGS
    if options["mode"] == "assisted":
        assert windows == 0  # RB-22: assisted games never err, so nobody can stop


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), mode=st.sampled_from(["default", "assisted"]))
def test_rb19_rb20_games_with_every_action_including_resigning_and_draw_offers(seed, mode):
    result, _, _ = play_checked(GAME, mode, 2, seed, check_every=1)
    assert result.reason in ENDINGS


def test_rb12_rb13_random_classic_games_err_get_stopped_and_still_end_in_wins():
    reasons, stops = set(), 0
    for seed in range(3):
        state = GAME.new(None, 2, seed=seed)
        rng = Rng(seed)
        while GAME.result(state) is None:
            seat = rng.choice(sorted(GAME.to_act(state)))
            action = GAME.random_action(state, seat, rng)
            stops += action["type"] == "stop"
            GAME.apply(state, seat, action)
        reasons.add(GAME.result(state).reason)
    assert stops > 10 and reasons == {"win"}


def test_a_match_of_random_deals_keeps_the_contract():
    result, state, _ = play_checked(
        GAME, {"deals": 2}, 2, 11, check_every=29, use_random_action=True
    )
    assert result.reason == "match" and len(result.detail["deals"]) == 2
    assert sum(result.scores) == sum(sum(deal.points) for deal in state.history)
