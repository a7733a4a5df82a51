"""Ways to rank answers to a prompt, measured on the judged blind rounds (issue 25), which
serve as a development set: how did the CAH bot's fit (bots/cah_fit.py) come to be what it is?

The items are read from the sheets and judgements of bench/cah_blind/'s first rounds
(`FOLDERS`; Pick 1 black cards): P items, a pair of answers of which the judge preferred one;
C items, 4 answers of which the judge picked the best. For each way of scoring an answer:

- P: in how many pairs it scores the judge's answer higher;
- C: in how many items its best answer is the judge's alone (top 1; random: 1 in 4), and the
  mean rank it gives the judge's answer (random: 2.5), an answer scored alike counting half;
- against the model's raw cosine, item by item: the P pairs and the C items (top 1) only it
  gets right and only the cosine gets right, each with the exact two-sided McNemar p-value,
  and the mean gain in rank with a 95% bootstrap interval (`BOOTSTRAP` resamples, seeded).

The ways: the raw cosine (the first fit); `specific`, the fit the bot now uses
(`SpecificScorer`: the cosine less its mean over the built-in black cards, in their standard
deviations); the cosine less that mean only (centred), or less the mean of its `NEIGHBOURS`
closest cards (near), or as the share of those cards the answer is less similar to than to
this prompt (share); the completed
card (the answer written into the blank) against the prompt (completed) and against the
answer (completed-answer); and the sum of the cosine's and `specific`'s ranks in an item
(blend). The P items' A/B answers were chosen by the cosine (or WordLlama for
wordllama-dev/), which flatters the cosine on P. Needs the `cah-model` extra. Prints; asserts
nothing.

    uv run python bench/cah_fit_dev.py
"""

from __future__ import annotations

import math
import random
import re
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from cah_bot_blind import read_judgements, wilson
from cardtable.bots import cah_embedding
from cardtable.bots.cah_embedding import EmbeddingScorer
from cardtable.bots.cah_fit import FitTable, SpecificScorer, builtin_prompts, slot_contexts

FOLDERS = [
    Path(__file__).parent / "cah_blind" / name
    for name in ("wordllama-dev", "minilm-2026", "minilm-2027")
]
NEIGHBOURS = 10
BOOTSTRAP = 2000
_ITEM = re.compile(r"([PC])(\d+)  (.*)")
_ANSWER = re.compile(r"    \w: (.*)")

Item = tuple[str, list[str], int]  # prompt, answers, the judge's answer


def judged_items(folder: Path) -> tuple[list[Item], list[Item]]:
    """The P and C items of a judged round that the judge decided."""
    judged = read_judgements(folder / "judgements.txt")
    drawn: list[tuple[str, int, str, list[str]]] = []
    for line in (folder / "sheet.txt").read_text(encoding="utf-8").splitlines():
        if found := _ITEM.fullmatch(line):
            drawn.append((found[1], int(found[2]), found[3], []))
        elif (found := _ANSWER.fullmatch(line)) and drawn:
            drawn[-1][3].append(found[1])
    kinds: dict[str, list[Item]] = {"P": [], "C": []}
    for kind, number, prompt, answers in drawn:
        verdict = judged.get((kind, number), "=")
        if verdict != "=":
            chosen = "AB".index(verdict) if kind == "P" else int(verdict) - 1
            kinds[kind].append((prompt, answers, chosen))
    return kinds["P"], kinds["C"]


def completed(prompt: str, answer: str) -> str:
    """The card read aloud: the answer in the first blank, or after a question."""
    if "_" not in prompt:
        return f"{prompt} {answer}"
    return re.sub(r"_+", answer.rstrip("."), prompt, count=1)


def ways(model: EmbeddingScorer) -> dict[str, Callable[[str, list[str]], list[float]]]:
    specific = SpecificScorer(model, builtin_prompts())
    references = list(builtin_prompts())

    def fit(scorer) -> Callable[[str, list[str]], list[float]]:
        def score(prompt: str, answers: list[str]) -> list[float]:
            table = FitTable(scorer, prompt, 1, answers)
            return [table.card(0, answer) for answer in answers]

        return score

    def against_references(adjust) -> Callable[[str, list[str]], list[float]]:
        def score(prompt: str, answers: list[str]) -> list[float]:
            context = slot_contexts(prompt, 1)[0]
            direct = np.array(model.similarities([context], answers)[0])
            others = np.array(model.similarities(references, answers))  # a row per reference
            return list(adjust(direct, others))

        return score

    def filled(versus_answer: bool) -> Callable[[str, list[str]], list[float]]:
        def score(prompt: str, answers: list[str]) -> list[float]:
            cards = model.vectors([completed(prompt, answer) for answer in answers])
            if versus_answer:
                return list((cards * model.vectors(answers)).sum(axis=1))
            return list(cards @ model.vectors([slot_contexts(prompt, 1)[0]])[0])

        return score

    def blend(prompt: str, answers: list[str]) -> list[float]:
        ranks = [
            np.argsort(np.argsort(way(prompt, answers))) for way in (fit(model), fit(specific))
        ]
        return list(sum(ranks) + 1e-3 * np.array(fit(specific)(prompt, answers)))

    return {
        "cosine": fit(model),
        "specific": fit(specific),
        "centred": against_references(lambda d, o: d - o.mean(axis=0)),
        "share": against_references(lambda d, o: (o < d).mean(axis=0)),
        "near": against_references(lambda d, o: d - np.sort(o, axis=0)[-NEIGHBOURS:].mean(axis=0)),
        "completed": filled(versus_answer=False),
        "completed-answer": filled(versus_answer=True),
        "blend": blend,
    }


def mcnemar(only_this: int, only_that: int) -> float:
    """The exact two-sided p-value of a paired comparison's discordant counts."""
    n, fewer = only_this + only_that, min(only_this, only_that)
    return min(1.0, 2 * sum(math.comb(n, k) for k in range(fewer + 1)) / 2**n) if n else 1.0


def discordant(these: list[bool], those: list[bool]) -> tuple[int, int]:
    """The items only `these` gets right, and those only `those` gets right."""
    pairs = list(zip(these, those, strict=True))
    return sum(bool(a and not b) for a, b in pairs), sum(bool(b and not a) for a, b in pairs)


def main() -> None:
    model = cah_embedding.load()
    if model is None:
        sys.exit("the cah-model extra is not installed: uv sync --extra cah-model")
    players, czars = [], []
    for folder in FOLDERS:
        p, c = judged_items(folder)
        players += p
        czars += c
    print(f"development set: {len(players)} P pairs, {len(czars)} C items ({len(FOLDERS)} rounds)")
    results = {}
    for name, way in ways(model).items():
        pairs = [
            (s := way(prompt, answers))[chosen] > s[1 - chosen]
            for prompt, answers, chosen in players
        ]
        ranks = []
        for prompt, answers, chosen in czars:
            scores = way(prompt, answers)
            ties = sum(score == scores[chosen] for score in scores) - 1  # as half a rank each
            ranks.append(1 + sum(score > scores[chosen] for score in scores) + ties / 2)
        results[name] = (pairs, ranks)
    base_pairs, base_ranks = results["cosine"]
    rng = random.Random(0)
    print(f"{'way':17} {'P: judge agrees':>24} {'C: top 1':>24} {'rank':>5}   against the cosine")
    for name, (pairs, ranks) in results.items():
        p_low, p_high = wilson(sum(pairs), len(pairs))
        tops = [rank == 1 for rank in ranks]
        c_low, c_high = wilson(sum(tops), len(tops))
        line = (
            f"{name:17} {sum(pairs):3}/{len(pairs)} {sum(pairs) / len(pairs):5.1%} "
            f"[{p_low:.0%}-{p_high:.0%}]  {sum(tops):3}/{len(tops)} {sum(tops) / len(tops):5.1%} "
            f"[{c_low:.0%}-{c_high:.0%}] {statistics.fmean(ranks):5.2f}"
        )
        if name != "cosine":
            p_only, p_only_base = discordant(pairs, base_pairs)
            only, only_base = discordant(tops, [rank == 1 for rank in base_ranks])
            gains = [b - r for r, b in zip(ranks, base_ranks, strict=True)]
            means = sorted(
                statistics.fmean(rng.choices(gains, k=len(gains))) for _ in range(BOOTSTRAP)
            )
            low, high = means[int(0.025 * BOOTSTRAP)], means[int(0.975 * BOOTSTRAP) - 1]
            line += (
                f"   P {p_only} vs {p_only_base}, p = {mcnemar(p_only, p_only_base):.3f}; "
                f"top 1 {only} vs {only_base}, p = {mcnemar(only, only_base):.3f}; "
                f"rank {statistics.fmean(gains):+.2f} [{low:+.2f}, {high:+.2f}]"
            )
        print(line)


if __name__ == "__main__":
    main()
