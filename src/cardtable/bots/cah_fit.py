"""How well white cards fit a black card, for the CAH bot: the contexts a prompt offers its
slots, and one fit score per play, from any scorer of text similarity.

A scorer (the embedding model of cah_embedding.py, or the word overlap of cah_words.py) rates
texts against contexts. A Pick 1 card, a question, or a card whose blanks do not match its
pick (the haiku, K17) offers its whole text to every slot. A card with one blank per pick offers
each slot the words around that blank, added to the whole text so the prompt's subject counts
for every slot. Cards read in submission order (K9); a card beyond the pick (the guide's
Packing Heat third card, K15) is rated against the whole text. A play's fit is the mean of its
cards' fits, so an extra card is worth playing only if it fits better than the others.

Raw similarity favours generic answers, close to every prompt. `SpecificScorer` makes a
scorer's similarity specific to the prompt: a text's fit to a context is how far its
similarity to that context stands above its similarities to many reference prompts (the
built-in black cards), in their standard deviations. On the judged rounds of bench/cah_blind/
it agreed with the judge more often than the model's raw cosine, though by less than that
small set tells apart from chance (bench/cah_fit_dev.py); the ranked round
bench/cah_blind/ranked-2028/ compares both.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import cache
from typing import Protocol

_BLANK = re.compile(r"_+")


class Scorer(Protocol):
    """Rates how well each text fits each context: higher is better, comparable within one
    call only."""

    name: str

    def similarities(self, contexts: Sequence[str], texts: Sequence[str]) -> list[list[float]]:
        """One row per context, one column per text."""
        ...


def slot_contexts(prompt: str, pick: int) -> list[str]:
    """The text each of `pick` slots is read against, then the whole prompt (for cards beyond
    the pick)."""
    parts = [part.strip() for part in _BLANK.split(prompt)]
    whole = _joined(parts)
    if pick < 2 or len(parts) - 1 != pick:
        return [whole] * (pick + 1)
    return [_joined([parts[slot], parts[slot + 1], whole]) for slot in range(pick)] + [whole]


def _joined(parts: Sequence[str]) -> str:
    return " ".join(part for part in parts if part)


class FitTable:
    """The fit of every play made of the given texts to one black card, from one scorer call."""

    def __init__(self, scorer: Scorer, prompt: str, pick: int, texts: Sequence[str]):
        self.pick = pick
        unique = list(dict.fromkeys(texts))
        self._column = {text: index for index, text in enumerate(unique)}
        self._rows = scorer.similarities(slot_contexts(prompt, pick), unique) if unique else []

    def card(self, slot: int, text: str) -> float:
        """How well `text` fits slot `slot` (0-based; beyond the pick: the whole prompt)."""
        return self._rows[min(slot, self.pick)][self._column[text]]

    def play(self, texts: Sequence[str]) -> float:
        """The mean fit of a play's cards, read in order."""
        if not texts:
            return 0.0
        return sum(self.card(slot, text) for slot, text in enumerate(texts)) / len(texts)


REFERENCE_SIZE = 256  # the most reference prompts a `SpecificScorer` compares with
MIN_SPREAD = 1e-6  # a text as similar to every reference: its spread, so as not to divide by 0
STATISTICS_SIZE = 4096  # texts whose statistics a `SpecificScorer` keeps


@cache
def builtin_prompts() -> tuple[str, ...]:
    """The black cards of the built-in decks as a fit reads a whole prompt (`slot_contexts`),
    the first `REFERENCE_SIZE` distinct texts: a built-in card's context is one of them."""
    from ..decks import builtin  # read when a scorer first needs them

    calls = (call for deck in builtin.decks().values() for call in deck.calls)
    texts = dict.fromkeys(slot_contexts(call.text, 1)[0] for call in calls)
    return tuple(texts)[:REFERENCE_SIZE]


class SpecificScorer:
    """A `Scorer`: how far `base`'s similarity of a text to a context stands above the text's
    similarities to `references` (prompts), in their standard deviations (a z-score). A
    text close to every prompt gains nothing from it. A text's mean and spread over the
    references are computed once and kept (`STATISTICS_SIZE` texts, the oldest out first)."""

    def __init__(self, base: Scorer, references: Sequence[str]):
        self.name = f"{base.name}-specific"
        self._base = base
        self._references = list(references)
        self._statistics: dict[str, tuple[float, float]] = {}

    def similarities(self, contexts: Sequence[str], texts: Sequence[str]) -> list[list[float]]:
        unique = dict.fromkeys(texts)
        found = {text: self._statistics[text] for text in unique if text in self._statistics}
        missing = [text for text in unique if text not in found]
        if missing:
            rows = self._base.similarities(self._references, missing)
            for text, column in zip(missing, zip(*rows, strict=True), strict=True):
                if len(self._statistics) >= STATISTICS_SIZE:
                    del self._statistics[next(iter(self._statistics))]
                self._statistics[text] = found[text] = _spread(column)
        spreads = [found[text] for text in texts]
        return [
            [
                (value - mean) / max(spread, MIN_SPREAD)
                for value, (mean, spread) in zip(row, spreads, strict=True)
            ]
            for row in self._base.similarities(contexts, texts)
        ]


def _spread(values: Sequence[float]) -> tuple[float, float]:
    """The mean of `values` and their standard deviation (of the values themselves)."""
    mean = math.fsum(values) / len(values)
    return mean, math.sqrt(math.fsum((value - mean) ** 2 for value in values) / len(values))
