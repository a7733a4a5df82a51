"""The CAH bot, `heuristic`: it plays the answers that fit the black card best and, as Czar or
voter, picks the answer that fits best (cah_fit.py).

Fit comes from the sentence model of the `cah-model` extra (cah_embedding.py), made specific
to the prompt against the built-in black cards (cah_fit.py), loaded on the first decision
that needs it; without that extra the bot is still offered and scores fit by
shared words (cah_words.py). It reads only its seat's view and legal actions.

- Submitting: the legal submission with the best fit; one time in `EXPLORE`, the runner-up,
  so it is not fully predictable. Blank cards count with the text the legal action writes on
  them. With Gambling (K19) it bets its best play that shares no card with its best answer
  when that play fits nearly as well (`BET_GAP`), then submits the best.
- Judging (the Czar's pick, Serious Business's ranking, K20) and voting (God Is Dead, K18;
  the guide's runner-up vote, K17): the best-fitting answers, ties broken at random; Survival
  of the Fittest (K20) eliminates the worst-fitting answer.
- Revealing: the next answer (the only move).
- The free actions of the house rules (discarding unknown cards, K13; rebooting, K16; Never
  Have I Ever, K14) are never taken: they do nothing for fit, and confessing is for people.
"""

from __future__ import annotations

from ..engine import Game, Rng
from . import cah_embedding
from .cah_fit import FitTable, Scorer, SpecificScorer, builtin_prompts
from .cah_words import WordOverlapScorer
from .levels import levels

EXPLORE = 0.1  # how often a player plays its second-best answer
BET_GAP = 0.25  # bet when the second play falls short of the best by this share of its lead
CHOOSERS = ("pick", "rank", "vote")  # kinds that choose the best-fitting answers
RANDO_SCORES = ("digipen", "official")  # K12: the Rando variants that keep the cards he wins


def best_scorer() -> Scorer:
    """The embedding model's fit made specific to the prompt (cah_fit.py) when the `cah-model`
    extra is installed, else shared words."""
    model = cah_embedding.load()
    return WordOverlapScorer() if model is None else SpecificScorer(model, builtin_prompts())


class FitBot:
    """Plays and judges by fit (see the module's docstring). `scorer`: None for the best
    installed one, found on first use; `explore`: how often it plays its runner-up."""

    name = "heuristic"

    def __init__(self, scorer: Scorer | None = None, explore: float = EXPLORE):
        self._scorer = scorer
        self.explore = explore

    @property
    def scorer(self) -> Scorer:
        if self._scorer is None:
            self._scorer = best_scorer()
        return self._scorer

    def choose(self, game: Game, state, seat: int, rng: Rng) -> dict:
        legal = game.legal(state, seat)
        kinds: dict[str, list[dict]] = {}
        for action in legal:
            kinds.setdefault(action["type"], []).append(action)
        if "reveal-next" in kinds:
            return kinds["reveal-next"][0]
        view = game.view(state, seat)
        if "submit" in kinds:
            return self._play(view, kinds["submit"], kinds.get("bet", []), rng)
        for kind in (*CHOOSERS, "eliminate"):
            if kind in kinds:
                return self._judge(view["public"], kind, kinds[kind], rng)
        return rng.choice(legal)  # only free actions: never the case while a seat is to act

    def _fit(self, public: dict, texts: list[str]) -> FitTable:
        black = round_black(public) or {"text": "", "pick": 1}
        return FitTable(self.scorer, black["text"], black["pick"], texts)

    def _play(self, view: dict, submits: list[dict], bets: list[dict], rng: Rng) -> dict:
        hand = {card["id"]: card["text"] for card in view["you"]["hand"]}

        def texts(action: dict) -> list[str]:
            written = action.get("write", {})
            return [written.get(str(card), hand[card]) for card in action["cards"]]

        fit = self._fit(view["public"], [t for a in (*submits, *bets) for t in texts(a)])
        ranked = _ranked(submits, lambda action: fit.play(texts(action)), rng)
        best = ranked[0]
        if bets:
            best_fit, worst_fit = fit.play(texts(best)), fit.play(texts(ranked[-1]))
            spare = [bet for bet in bets if not set(bet["cards"]) & set(best["cards"])]
            if spare:
                bet = max(spare, key=lambda action: fit.play(texts(action)))
                if best_fit - fit.play(texts(bet)) <= BET_GAP * (best_fit - worst_fit):
                    return bet
        if len(ranked) > 1 and rng.random() < self.explore:
            return ranked[1]
        return best

    def answer_fits(self, public: dict) -> dict[int, float]:
        """The fit of each answer shown, by its number."""
        shown = {a["answer"]: [card["text"] for card in a["cards"]] for a in public["answers"]}
        fit = self._fit(public, [text for texts in shown.values() for text in texts])
        return {answer: fit.play(texts) for answer, texts in shown.items()}

    def _judge(self, public: dict, kind: str, actions: list[dict], rng: Rng) -> dict:
        fits = self.answer_fits(public)
        unseen = float("-inf")  # an answer not in the view (never the case) is never chosen

        def score(answer: int) -> float:
            return fits.get(answer, unseen)

        if kind == "rank":
            return _ranked(actions, lambda a: tuple(score(x) for x in a["answers"]), rng)[0]
        ranked = _ranked(actions, lambda action: score(action["answer"]), rng)
        return ranked[-1] if kind == "eliminate" else ranked[0]


def round_black(public: dict) -> dict | None:
    """The black card of the round: on the table, or, once judged (the guide's runner-up
    vote, K17), the last card of the pile its winner took (K11; Rando's pile, or the removed
    cards when his win does not score, K12)."""
    if public["black"] is not None:
        return public["black"]
    winner = public["winner"]
    if winner is None:
        return None
    if not winner["rando"]:
        pile = public["seats"][winner["seat"]]["trophies"]
    elif public["rando"]["variant"] in RANDO_SCORES:
        pile = public["rando"]["trophies"]
    else:
        pile = public["blackRemoved"]
    return pile[-1] if pile else None


def _ranked(actions: list[dict], key, rng: Rng) -> list[dict]:
    """`actions` from the highest `key` down, equal keys in random order."""
    shuffled = actions[:]
    rng.shuffle(shuffled)
    return sorted(shuffled, key=key, reverse=True)


def _hard():
    """cah_hard.py's `hard` level: it builds on this module, so it is imported when first
    asked for."""
    from .cah_hard import HardBot

    return HardBot()


#: `normal` is the lobby's level for FitBot; `hard` is in cah_hard.py.
BOTS = levels(FitBot, _hard)
