"""The CAH `hard` bot (issue 25): it plays to win rounds where the rules let players act on
each other's answers.

`normal` (FitBot, cah.py) plays the answer that fits best, its runner-up one time in ten, and
votes and eliminates by fit. `hard` differs where a choice can change who wins:

- Submitting, judging (the Czar's pick, Serious Business's ranking, K20), revealing and
  Gambling's bets (K19) are `normal`'s, except that it always plays its best-fitting answer.
  Against Czars who judge by fit nothing beats that: weighing each play's chance of winning
  against sampled hands of the others, and keeping cards that fit many prompts for later, was
  built, measured and dropped (no gain; bench/cah_strength.py, docs/bots.md).
- Votes (God Is Dead, K18; the guide's runner-up vote, K17): it predicts the other voters'
  votes (each votes for the best-fitting answer it may, so the best answer's author votes for
  the second) and votes where it does best: for its own answer's win, else for a tie that
  keeps another player from scoring (K18: a tie gives no point), else by fit.
- Survival of the Fittest (K20): while its answer stands it eliminates the best-fitting other
  answer, its answer's strongest rival; once it is out, the worst, as `normal`.

It reads only its seat's view and its legal actions.
"""

from __future__ import annotations

from ..engine import Game, Rng
from .cah import FitBot
from .cah_fit import Scorer

VOTE_WIN, VOTE_TIE, VOTE_LOSS = 1.0, 0.0, -1.0  # a vote's outcomes, for the bot


class HardBot:
    """Plays to win rounds (see the module's docstring). `scorer`: None for the best
    installed one, as FitBot finds it."""

    name = "hard"

    def __init__(self, scorer: Scorer | None = None):
        self.fit_bot = FitBot(scorer, explore=0.0)

    def choose(self, game: Game, state, seat: int, rng: Rng) -> dict:
        legal = game.legal(state, seat)
        votes = [action for action in legal if action["type"] == "vote"]
        if votes:
            return self._vote(game.view(state, seat), votes, rng)
        eliminations = [action for action in legal if action["type"] == "eliminate"]
        if eliminations:
            return self._eliminate(game, state, seat, eliminations, rng)
        return self.fit_bot.choose(game, state, seat, rng)

    # -- voting and eliminating -----------------------------------------------------------------

    def _vote(self, view: dict, votes: list[dict], rng: Rng) -> dict:
        public, you = view["public"], view["you"]
        mine = {answer["answer"] for answer in you["yourAnswers"]}
        fit = self.fit_bot.answer_fits(public)
        options = [action["answer"] for action in votes]
        open_answers = sorted(fit) if public["phase"] == "vote" else sorted(set(options) | mine)
        predicted = _predicted_votes(open_answers, fit, mine, _voters(public, you["seat"]) - 1)

        def outcome(option: int) -> float:
            counts = dict(predicted)
            counts[option] = counts.get(option, 0) + 1
            top = max(counts.values())
            leaders = [answer for answer, count in counts.items() if count == top]
            if len(leaders) > 1:
                return VOTE_TIE
            return VOTE_WIN if leaders[0] in mine else VOTE_LOSS

        shuffled = votes[:]
        rng.shuffle(shuffled)
        return max(shuffled, key=lambda a: (outcome(a["answer"]), fit.get(a["answer"], 0.0)))

    def _eliminate(self, game: Game, state, seat: int, actions: list[dict], rng: Rng) -> dict:
        view = game.view(state, seat)
        mine = {answer["answer"] for answer in view["you"]["yourAnswers"]}
        left = {action["answer"] for action in actions}
        rivals = [action for action in actions if action["answer"] not in mine]
        if not mine & left or not rivals:
            return self.fit_bot.choose(game, state, seat, rng)
        fit = self.fit_bot.answer_fits(view["public"])
        rng.shuffle(rivals)
        return max(rivals, key=lambda action: fit.get(action["answer"], 0.0))


def _voters(public: dict, seat: int) -> int:
    """The seats that vote, this seat's included: the active ones but the Czar's (K17, K18)."""
    return 1 + sum(
        1
        for other in public["seats"]
        if other["active"] and other["seat"] not in (seat, public["czar"])
    )


def _predicted_votes(
    answers: list[int], fit: dict[int, float], mine: set[int], others: int
) -> dict[int, int]:
    """How the `others` other voters vote among `answers`, each for the best-fitting answer
    that is not its own: the best one gets every vote but its author's (when that author is
    one of them, not this seat), who votes for the second."""
    ranked = sorted(answers, key=lambda answer: fit.get(answer, 0.0), reverse=True)
    if not ranked or others <= 0:
        return {}
    best = ranked[0]
    if best in mine or len(ranked) == 1:
        return {best: others}
    second = ranked[1]
    votes = {best: others - 1}
    votes[second] = votes.get(second, 0) + 1
    return {answer: count for answer, count in votes.items() if count}
