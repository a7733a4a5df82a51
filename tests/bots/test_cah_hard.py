"""CAH's `easy` and `hard` levels (`bots/cah_hard.py`): offered in the lobby, legal in every
preset and house rule, blind to what its seat cannot see, always playing its best-fitting
answer, and voting and eliminating to keep others from winning (K18, K20)."""

from __future__ import annotations

import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_cah_bot import TABLES, StandInTable

from cardtable import bots, games
from cardtable.bots.cah import FitBot
from cardtable.bots.cah_hard import HardBot
from cardtable.bots.cah_words import WordOverlapScorer
from cardtable.bots.levels import Careless
from cardtable.engine import OMNISCIENT, Ending, Rng, draw_seat, play_out
from cardtable.games.cah.position import position

GAME = games.get("cah")
SCHOOL = {"decks": ["cardtable-gameschool"]}


class _HashScorer:
    """A scorer with varied, arbitrary similarities (a hash of the pair), so every choice
    depends on the cards and none is a tie. `written` sets some: a text's similarity to every
    context."""

    name = "hash"

    def __init__(self, written: dict[str, float] | None = None):
        self.written = written or {}

    def similarities(self, contexts, texts):
        return [[self._one(context, text) for text in texts] for context in contexts]

    def _one(self, context: str, text: str) -> float:
        if text in self.written:
            return self.written[text]
        return zlib.crc32(f"{context}|{text}".encode()) / 2**32


def test_the_three_levels_are_offered_for_cah():
    assert {"easy", "normal", "hard", "heuristic"} <= set(bots.names("cah"))
    assert bots.offered("cah") == ("random", "easy", "normal", "hard")  # what the lobby lists
    assert isinstance(bots.get("hard", "cah"), HardBot)
    easy = bots.get("easy", "cah")
    assert isinstance(easy, Careless) and isinstance(easy.heuristic, FitBot)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**16))
def test_the_levels_play_every_preset_and_house_rule_legally(table, seed):
    """Two `hard` seats, the rest `easy`, in short games (the fast scorer: legality does not
    depend on it)."""
    preset, house, seats = table
    rng = Rng(seed)
    players = [
        HardBot(WordOverlapScorer()) if seat < 2 else Careless(lambda: FitBot(WordOverlapScorer()))
        for seat in range(seats)
    ]
    state = GAME.new({"preset": preset, "rounds": 3, **house}, seats=seats, seed=seed)

    def decide(state, seat):
        action = players[seat].choose(GAME, state, seat, rng)
        assert action in GAME.legal(state, seat)
        return action

    played = play_out(GAME, state, draw_seat(decide, rng), max_steps=2000)
    assert played.ending is Ending.FINISHED


@pytest.mark.parametrize("seed", range(4))
def test_the_bot_sees_nothing_its_seat_cannot(seed):
    """Two games that differ only in the other hands and the deck: the same view, the same
    choice from the same generator."""
    mine = list(range(10 * seed, 10 * seed + 10))
    twins = [
        position(SCHOOL, seats=3, czar=2, pick=1, hands={0: mine}, seed=seed * 10 + deal)
        for deal in (1, 2)
    ]
    first, second = (GAME.view(state, OMNISCIENT) for state in twins)
    assert first["seats"]["1"] != second["seats"]["1"]  # the hidden cards differ
    assert GAME.view(twins[0], 0) == GAME.view(twins[1], 0)
    scorer = _HashScorer()
    for draw in range(3):
        choices = [HardBot(scorer).choose(GAME, state, 0, Rng(draw)) for state in twins]
        assert choices[0] == choices[1]


def test_it_always_plays_its_best_answer_where_normal_sometimes_plays_its_runner_up():
    """Over many draws of the generator `normal` plays its runner-up now and then (EXPLORE),
    `hard` never."""
    state = position(SCHOOL, seats=4, czar=3, pick=1, hands={0: list(range(10))}, seed=5)
    scorer = _HashScorer()
    normal = {str(FitBot(scorer).choose(GAME, state, 0, Rng(seed))) for seed in range(60)}
    hard = {str(HardBot(scorer).choose(GAME, state, 0, Rng(seed))) for seed in range(60)}
    assert len(normal) == 2 and len(hard) == 1 and hard < normal


def _judged(phase: str, fits: list[float], mine: int, seats: int, kind: str = "vote"):
    """A stand-in view of answers 0.. with these fits, `mine` being this seat's."""
    texts = [f"answer {answer}" for answer in range(len(fits))]
    answers = [
        {"answer": answer, "cards": [{"id": answer, "text": text}]}
        for answer, text in enumerate(texts)
    ]
    public = {
        "phase": phase,
        "black": {"id": 99, "text": "The prompt _.", "pick": 1, "draw": 0},
        "winner": None,
        "czar": None,
        "answers": answers,
        "seats": [{"seat": seat, "active": True} for seat in range(seats)],
    }
    you = {"seat": 0, "hand": [], "yourAnswers": [answers[mine]]}
    legal = [{"type": kind, "answer": answer} for answer in range(len(fits)) if answer != mine]
    if kind == "eliminate":
        legal = [{"type": kind, "answer": answer} for answer in range(len(fits))]
    scorer = _HashScorer(dict(zip(texts, fits, strict=True)))
    return StandInTable({"public": public, "you": you}, legal), scorer


def test_god_is_dead_it_votes_for_a_tie_when_another_answer_would_win():
    """K18: four voters; the best answer's author votes for the second, the other two for the
    best: a vote for the second ties the vote and nobody scores."""
    table, scorer = _judged("vote", [0.9, 0.6, 0.4, 0.1], mine=3, seats=4)
    assert FitBot(scorer).choose(table, None, 0, Rng(0)) == {"type": "vote", "answer": 0}
    assert HardBot(scorer).choose(table, None, 0, Rng(0)) == {"type": "vote", "answer": 1}


def test_god_is_dead_it_votes_by_fit_when_no_vote_changes_the_outcome():
    """Five voters: the best answer has three votes whatever this seat votes."""
    table, scorer = _judged("vote", [0.9, 0.6, 0.4, 0.3, 0.1], mine=4, seats=5)
    assert HardBot(scorer).choose(table, None, 0, Rng(0)) == {"type": "vote", "answer": 0}


def test_survival_it_eliminates_its_answers_strongest_rival():
    """K20: while its answer stands it takes out the best other answer; normal the worst."""
    table, scorer = _judged("eliminate", [0.9, 0.6, 0.4, 0.1], mine=1, seats=4, kind="eliminate")
    assert FitBot(scorer).choose(table, None, 0, Rng(0))["answer"] == 3
    assert HardBot(scorer).choose(table, None, 0, Rng(0))["answer"] == 0
