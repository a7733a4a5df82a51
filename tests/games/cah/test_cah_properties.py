"""Property tests over random CAH games in every preset and in drawn option sets.

`play_checked` (tests/game_contract.py) checks the engine contract in drawn option sets (its
presets are tests/games/test_contract.py's): views compose and leak no card, illegal actions
change nothing, replay reproduces the game, every game ends. On top,
every step here checks the CAH invariants: every white and black card is in exactly one
place, hands have the sizes the rules give, `random_action` draws a legal action, and no view
but an author's own links an anonymous answer to its author before the winner is announced.
The guide's Packing Heat (K15) is checked apart: no public counter tells who played the third
card, by comparing two games that differ only in who played it.
"""

from __future__ import annotations

import pickle

import pytest
from cah_helpers import GAME, SCHOOL, assert_conserved, new, reveal_all
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import IllegalAction, Rng
from cardtable.games.cah import position
from cardtable.games.cah.state import Phase
from game_contract import play_checked

PRESETS = ("online", "official", "digipen")
ANSWER_PHASES = (Phase.REVEAL, Phase.JUDGE, Phase.VOTE, Phase.RUNNER_UP, Phase.ELIMINATE)
PICK_FIRST = {"type": "pick", "answer": 0}
MOST_EXTRA = 2  # DRAW 2 (K8), or Reboot the Universe's 2 on a Pick 3 (K16)


@st.composite
def option_sets(draw):
    """A preset with drawn overrides; always bounded by a number of rounds, so it ends."""
    rando = draw(st.sampled_from(("off", "digipen", "guide", "official")))
    options = {
        "preset": draw(st.sampled_from(PRESETS)),
        "decks": draw(st.sampled_from((SCHOOL, ["cardtable-main"]))),
        "handSize": draw(st.integers(3, 10)),
        "refillTiming": draw(st.sampled_from(("afterRound", "afterSubmit"))),
        "rounds": draw(st.integers(1, 10)),
        "pointsTarget": draw(st.sampled_from((None, 2, 4, 7))),
        "blackExhaustion": draw(st.sampled_from(("endGame", "reshuffleUsed"))),
        "whiteExhaustion": draw(st.sampled_from(("reshuffleDiscards", "stopDrawing"))),
        "honorDrawN": draw(st.booleans()),
        "rando": rando,
        "discardUnknown": draw(st.sampled_from(("off", "digipen", "official"))),
        "neverHaveIEverPoints": draw(st.booleans()),
        "packingHeat": draw(st.sampled_from(("off", "official", "guide"))),
        "reboot": draw(st.sampled_from(("off", "official", "guideFullHand"))),
        "rebootTheUniverse": draw(st.booleans()),
        "happyEnding": draw(st.sampled_from(("off", "officialHaikuFinale", "guideRunnerUpVote"))),
        "gambling": draw(st.booleans()),
        "judging": draw(st.sampled_from(("czar", "godIsDead", "survival", "seriousBusiness"))),
        "revealOneByOne": draw(st.booleans()),
        "blankCards": draw(st.integers(0, 6)),
        "suddenDeath": draw(st.booleans()),
        "teams": draw(st.booleans()),
        "allowLateJoin": draw(st.booleans()),
        "maxPlayers": draw(st.integers(6, 8)),
        "submitTimerSec": draw(st.sampled_from((None, 30))),
        "judgeTimerSec": draw(st.sampled_from((None, 20))),
        "timeMinutes": draw(st.sampled_from((None, 1, 5))),
    }
    seats = draw(st.integers(2 if rando != "off" else 3, 6))
    return options, seats


def expected_hand(state, seat):
    """The exact hand size the rules give a seat, where it is fully determined (K1, K2, K8,
    K15, K16): no free actions, no shortage of white cards, at the submission phase."""
    rules = state.rules
    if rules.side_actions or not rules.white_reshuffle or state.phase is not Phase.SUBMIT:
        return None
    if seat == state.czar:
        return rules.hand_size
    pool = state.pool
    extra = pool.draw(state.black) if rules.honor_draw else 0
    if rules.packing_heat == "official" and state.pick == 2:
        extra += 1
    if rules.reboot_the_universe:
        extra = max(extra, state.pick - 1)
    submitted = state.submissions[seat]
    if submitted is None:
        if seat not in state.waiting:  # K24: joined during this round, plays from the next
            return rules.hand_size
        return rules.hand_size + extra
    if rules.refill_after_submit:
        return rules.hand_size
    return rules.hand_size + extra - state.pick  # a Packing Heat third card is replaced (K15)


def assert_hands(state, sat_out=frozenset()):
    """`sat_out`: seats that missed a round's submission (timer, away, a void round); they kept
    the cards that round dealt them (its Draw N included), and the next round may deal them
    more, so no bound holds for them."""
    rules = state.rules
    for seat, hand in enumerate(state.hands):
        if not state.active[seat]:
            assert hand == []
            continue
        if seat in sat_out:
            continue
        assert len(hand) <= rules.hand_size + MOST_EXTRA, "a hand outgrew every rule"
        expected = expected_hand(state, seat)
        if expected is not None:
            assert len(hand) == expected, f"seat {seat} holds {len(hand)}, rules say {expected}"
    if rules.rando == "guide":
        assert len(state.rando_hand) <= rules.hand_size + MOST_EXTRA


def assert_anonymous(state):
    """Swapping the authors of two answers changes no view but the two authors' own (K10)."""
    if state.phase not in ANSWER_PHASES:
        return
    announced = set(state.ranking)
    answers = [a for a in range(len(state.answers)) if a not in announced]
    for i, first in enumerate(answers):
        for second in answers[i + 1 :]:
            a, b = state.authors[first], state.authors[second]
            if a == b:
                continue
            twin = GAME.clone(state)
            twin.authors[first], twin.authors[second] = b, a
            assert GAME.view(twin, None) == GAME.view(state, None)
            for seat in range(state.seats):
                if seat not in (a, b):
                    assert GAME.view(twin, seat) == GAME.view(state, seat), "an author leaks"


def table_action(state, rng, now):
    """Now and then the table acts: a late join, a seat leaving or away, a timer running out."""
    roll = rng.random()
    if roll < 0.02 and state.rules.allow_late_join:
        return None, {"type": "join-seat"}, now
    if roll < 0.03:
        seats = [seat for seat, active in enumerate(state.active) if active]
        return None, {"type": "leave-seat", "seat": rng.choice(seats)}, now
    if roll < 0.05:
        skips = [GAME.skip_action(state, seat) for seat in range(state.seats)]
        skips = [action for action in skips if action is not None]
        return (None, rng.choice(skips), now) if skips else None
    if roll < 0.08 and GAME.deadline(state) is not None:
        return None, {"type": "timeout"}, max(now, GAME.deadline(state))
    return None


def play_watched(options, seats, seed, max_steps=3000, table=False):
    """A random game with the CAH invariants checked at every step; with `table`, the table
    also joins, removes seats and runs out timers at random."""
    state = new(options, seats, seed)
    rng = Rng(seed)
    steps = 0
    now = 0.0
    sat_out: set[int] = set()
    while GAME.result(state) is None:
        steps += 1
        now += 1.0
        assert steps < max_steps, "the game did not end"
        assert_conserved(state)
        assert_hands(state, sat_out)
        assert_anonymous(state)
        chosen = table_action(state, rng, now) if table else None
        if chosen is None:
            seat = rng.choice(sorted(GAME.to_act(state)))
            action = GAME.random_action(state, seat, rng)
            assert action in GAME.legal(state, seat), f"random_action gave an illegal {action}"
        else:
            seat, action, now = chosen
            if action["type"] == "timeout" and state.phase is Phase.SUBMIT:
                sat_out |= state.waiting
            if action["type"] == "skip-seat" and action["seat"] in state.waiting:
                sat_out.add(action["seat"])
        before = pickle.dumps(state)
        due = set(state.waiting)
        try:
            events = GAME.apply(state, seat, action, now=now)
            if any(event.type == "round-void" for event in events):
                sat_out |= due  # they keep the extra cards the void round dealt them
        except IllegalAction as refused:
            assert seat is None and refused.code in ("table-full", "not-enough-cards")
            assert pickle.dumps(state) == before
    assert_conserved(state)
    return state


@pytest.mark.parametrize("preset", PRESETS)
def test_cards_hands_and_anonymity_hold_in_every_preset(preset):
    for seed in range(3):
        play_watched(preset, 4, seed)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(option_sets(), st.integers(0, 10_000))
def test_drawn_option_sets_keep_the_contract(drawn, seed):
    options, seats = drawn
    play_checked(GAME, options, seats, seed, check_every=3, use_random_action=seed % 2 == 0)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(option_sets(), st.integers(0, 10_000))
def test_drawn_option_sets_keep_cards_hands_and_anonymity(drawn, seed):
    options, seats = drawn
    state = play_watched(options, seats, seed, table=True)
    assert GAME.legal(state, 0) == []


def public_counters(state):
    """Every number the public view shows about seats, hands and piles."""
    public = GAME.view(state, None)["public"]
    seats = [
        (seat["handCount"], seat["score"], seat["submitted"], seat["bet"], len(seat["trophies"]))
        for seat in public["seats"]
    ]
    keys = ("phase", "round", "answerCount", "whiteDeckCount", "whiteDiscardCount")
    return seats, [public[key] for key in (*keys, "blackDeckCount")]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(("afterRound", "afterSubmit")),
    st.booleans(),
    st.integers(3, 6),
    st.integers(0, 10_000),
    st.data(),
)
def test_k15_no_public_counter_tells_who_played_the_guide_packing_heat_third_card(
    refill, one_by_one, seats, seed, data
):
    """DESIGN.md: nothing hidden may be derivable from a view. Two games differ only in which
    of two seats answers a Pick 2 with three cards: every public count is the same in both, at
    every step of the round and when the next one starts."""
    options = {
        "decks": SCHOOL,
        "packingHeat": "guide",
        "refillTiming": refill,
        "revealOneByOne": one_by_one,
    }
    state = position(options, seats=seats, pick=2, seed=seed)
    first, second = data.draw(st.permutations(sorted(state.waiting)))[:2]
    worlds = [(GAME.clone(state), first), (GAME.clone(state), second)]
    for seat in sorted(state.waiting):
        for world, heavy in worlds:
            cards = world.hands[seat][: 3 if seat == heavy else 2]
            GAME.apply(world, seat, {"type": "submit", "cards": cards})
        assert public_counters(worlds[0][0]) == public_counters(worlds[1][0])
    for step in (reveal_all, lambda world: GAME.apply(world, world.czar, PICK_FIRST)):
        for world, _ in worlds:
            step(world)
        assert public_counters(worlds[0][0]) == public_counters(worlds[1][0])
    assert worlds[0][0].round == 2
