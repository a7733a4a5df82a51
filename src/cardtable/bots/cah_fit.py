"""How well white cards fit a black card, for the CAH bot: the contexts a prompt offers its
slots, and one fit score per play, from any scorer of text similarity.

A scorer (the embedding model of cah_embedding.py, or the word overlap of cah_words.py) rates
texts against contexts. A Pick 1 card, a question, or a card whose blanks do not match its
pick (the haiku, K17) offers its whole text to every slot. A card with one blank per pick offers
each slot the words around that blank, added to the whole text so the prompt's subject counts
for every slot. Cards read in submission order (K9); a card beyond the pick (the guide's
Packing Heat third card, K15) is rated against the whole text. A play's fit is the mean of its
cards' fits, so an extra card is worth playing only if it fits better than the others.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
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
