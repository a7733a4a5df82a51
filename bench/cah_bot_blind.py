"""A blind test of the CAH bot's sense of fit (issue 25): does a judge who does not know which
is which prefer the bot's answers to random ones, and does the Czar bot pick what the judge
picks more often than chance?

Items are drawn with a fixed seed from our built-in decks, Pick 1 black cards only:

- P items (players): a black card and a hand of 10 white cards from the same deck. The bot's
  answer (the best fit, as `bots.cah` plays it without its occasional runner-up) is shown
  beside a random other card of the same hand, in random order, as A and B.
- C items (Czar): a black card and 4 answers from its deck; the judge picks the best one,
  without any bot's pick shown. Both scorers (the model, and the shared-words fallback) are
  then compared with the judge; a random Czar agrees one time in 4.

A round is a folder holding its sheet and the judge's file; the judge writes the judgements
between drawing the sheet and scoring it, without looking at anything else:

    uv run python bench/cah_bot_blind.py sheet bench/cah_blind/minilm-2027 --seed 2027
    (the judge writes minilm-2027/judgements.txt: "P01 A", "C01 3", ...; "=" for no pick)
    uv run python bench/cah_bot_blind.py score bench/cah_blind/minilm-*    # each, and pooled

The sheet shows texts only: no score, no key, and the key is never written down. `score`
draws the items again from the seed on the sheet's first line and checks that they are the
sheet's, so a sheet drawn by another model (wordllama-dev/, the first round, with the
WordLlama model, kept as a record) is refused. Needs the `cah-model` extra. Prints; asserts
nothing.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.bots import cah_embedding
from cardtable.bots.cah_fit import FitTable, Scorer
from cardtable.bots.cah_words import WordOverlapScorer
from cardtable.decks import builtin

HAND, ANSWERS = 10, 4
FOLDER = Path(__file__).parent / "cah_blind"
_HEADER = re.compile(r"# seed (\d+), (\d+) P items, (\d+) C items")


@dataclass(frozen=True)
class PlayerItem:
    prompt: str
    shown: tuple[str, str]  # A, B
    bot: int  # 0 if A is the bot's answer, 1 if B


@dataclass(frozen=True)
class CzarItem:
    prompt: str
    answers: tuple[str, ...]


def _ranking(scorer: Scorer, prompt: str, texts: list[str]) -> list[int]:
    """The indices of `texts`, best fit first."""
    fit = FitTable(scorer, prompt, 1, texts)
    return sorted(range(len(texts)), key=lambda i: fit.card(0, texts[i]), reverse=True)


def _best(scorer: Scorer, prompt: str, texts: list[str]) -> int:
    return _ranking(scorer, prompt, texts)[0]


@dataclass(frozen=True)
class Round:
    """One sheet: the seed its items are drawn with and how many of each kind."""

    seed: int
    players: int
    czars: int

    @classmethod
    def of_sheet(cls, text: str) -> Round:
        found = _HEADER.match(text)
        if found is None:
            sys.exit("not a sheet of this script: its first line names no seed")
        return cls(*(int(number) for number in found.groups()))


@dataclass
class Tally:
    """Judgements counted: the players' pairs, and each scorer's agreement as Czar."""

    wins: int = 0
    ties: int = 0
    pairs: int = 0
    czar_items: int = 0
    czar_agree: dict[str, int] = field(default_factory=dict)
    czar_ranks: dict[str, list[int]] = field(default_factory=dict)  # of the judge's pick

    def add(self, other: Tally) -> None:
        self.wins, self.ties = self.wins + other.wins, self.ties + other.ties
        self.pairs, self.czar_items = self.pairs + other.pairs, self.czar_items + other.czar_items
        for name, agree in other.czar_agree.items():
            self.czar_agree[name] = self.czar_agree.get(name, 0) + agree
            self.czar_ranks.setdefault(name, []).extend(other.czar_ranks[name])


def draw_items(model: Scorer, round_: Round) -> tuple[list[PlayerItem], list[CzarItem]]:
    rng = random.Random(round_.seed)
    calls = [
        (deck, call.text)
        for deck in builtin.decks().values()
        for call in deck.calls
        if call.pick == 1
    ]
    rng.shuffle(calls)
    players = []
    for deck, prompt in calls[: round_.players]:
        hand = rng.sample([r.text for r in deck.responses], HAND)
        bot = _best(model, prompt, hand)
        other = next(i for i in rng.sample(range(HAND), HAND) if i != bot)
        bot_first = rng.random() < 0.5
        pair = (hand[bot], hand[other]) if bot_first else (hand[other], hand[bot])
        players.append(PlayerItem(prompt, pair, 0 if bot_first else 1))
    czars = [
        CzarItem(prompt, tuple(rng.sample([r.text for r in deck.responses], ANSWERS)))
        for deck, prompt in calls[round_.players : round_.players + round_.czars]
    ]
    return players, czars


def sheet_text(round_: Round, players: list[PlayerItem], czars: list[CzarItem]) -> str:
    lines = [
        f"# seed {round_.seed}, {round_.players} P items, {round_.czars} C items",
        "# CAH blind judging sheet. P items: which answer fits the black card better, A or B?",
        "# C items: which of the answers fits best (1-4)? Write one line per item in",
        "# judgements.txt, e.g. 'P01 A' or 'C07 2' ('=' if truly no preference).",
        "",
    ]
    for n, item in enumerate(players, 1):
        lines += [f"P{n:02d}  {item.prompt}", f"    A: {item.shown[0]}", f"    B: {item.shown[1]}"]
    for n, item in enumerate(czars, 1):
        lines.append(f"C{n:02d}  {item.prompt}")
        lines += [f"    {i}: {text}" for i, text in enumerate(item.answers, 1)]
    return "\n".join(lines) + "\n"


def read_judgements(path: Path) -> dict[str, str]:
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            item, verdict = line.split()
            found[item] = verdict
    return found


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def binomial_tail(successes: int, n: int, p: float) -> float:
    """P(X >= successes) for X ~ Binomial(n, p): the one-sided p-value against chance."""
    return sum(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(successes, n + 1))


def tally(players, czars, judged: dict[str, str], scorers: list[Scorer]) -> Tally:
    counted = Tally(
        czar_agree={scorer.name: 0 for scorer in scorers},
        czar_ranks={scorer.name: [] for scorer in scorers},
    )
    for number, item in enumerate(players, 1):
        verdict = judged.get(f"P{number:02d}")
        if verdict is None:
            continue
        counted.pairs += 1
        if verdict == "=":
            counted.ties += 1
        elif "AB".index(verdict) == item.bot:
            counted.wins += 1
    for number, item in enumerate(czars, 1):
        verdict = judged.get(f"C{number:02d}")
        if verdict is None or verdict == "=":
            continue
        counted.czar_items += 1
        for scorer in scorers:
            ranking = _ranking(scorer, item.prompt, list(item.answers))
            counted.czar_agree[scorer.name] += ranking[0] == int(verdict) - 1
            counted.czar_ranks[scorer.name].append(ranking.index(int(verdict) - 1) + 1)
    return counted


def report(title: str, counted: Tally) -> None:
    n, ties = counted.pairs, counted.ties
    won = counted.wins + ties / 2
    low, high = wilson(won, n)
    print(f"{title}")
    print(f"  players: the bot's answer preferred in {counted.wins} of {n} pairs ({ties} ties)")
    print(f"    win rate {won / n:.1%} (ties as half), 95% CI {low:.1%}-{high:.1%}; random: 50%")
    p_value = binomial_tail(counted.wins, n - ties, 0.5)
    print(f"    one-sided sign test over the decided pairs: p = {p_value:.4f}")
    chance, total = 1 / ANSWERS, counted.czar_items
    for name, agree in counted.czar_agree.items():
        low, high = wilson(agree, total)
        print(
            f"  czar ({name}): agrees with the judge in {agree} of {total} "
            f"({agree / total:.1%}, 95% CI {low:.1%}-{high:.1%}); random: {chance:.0%}; "
            f"p = {binomial_tail(agree, total, chance):.4f}"
        )
        ranks = counted.czar_ranks[name]
        mean = statistics.fmean(ranks)
        half = 1.96 * statistics.stdev(ranks) / math.sqrt(len(ranks))
        print(
            f"    the judge's pick is its number {mean:.2f} on average (95% CI "
            f"{mean - half:.2f}-{mean + half:.2f}); random: {(ANSWERS + 1) / 2:.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    steps = parser.add_subparsers(dest="step", required=True)
    sheet = steps.add_parser("sheet", help="draw the items of a new round and write its sheet")
    sheet.add_argument("folder", type=Path)
    sheet.add_argument("--seed", type=int, required=True)
    sheet.add_argument("--players", type=int, default=60)
    sheet.add_argument("--czars", type=int, default=40)
    score = steps.add_parser("score", help="unblind judged rounds, each and pooled")
    score.add_argument("folders", type=Path, nargs="+")
    args = parser.parse_args()
    model = cah_embedding.load()
    if model is None:
        sys.exit("the cah-model extra is not installed: uv sync --extra cah-model")
    if args.step == "sheet":
        round_ = Round(args.seed, args.players, args.czars)
        args.folder.mkdir(parents=True, exist_ok=True)
        (args.folder / "sheet.txt").write_text(
            sheet_text(round_, *draw_items(model, round_)), encoding="utf-8"
        )
        print(f"wrote {args.folder / 'sheet.txt'}")
        return
    pooled = Tally()
    for folder in args.folders:
        text = (folder / "sheet.txt").read_text(encoding="utf-8")
        round_ = Round.of_sheet(text)
        players, czars = draw_items(model, round_)
        if text != sheet_text(round_, players, czars):
            sys.exit(f"{folder}/sheet.txt is not the sheet this model draws: judge a new one")
        judged = read_judgements(folder / "judgements.txt")
        counted = tally(players, czars, judged, [model, WordOverlapScorer()])
        report(f"{folder.name} (seed {round_.seed})", counted)
        pooled.add(counted)
    if len(args.folders) > 1:
        report("pooled", pooled)


if __name__ == "__main__":
    main()
