"""The CAH bot's model-free scorer: the content words a prompt and an answer share.

Used when the embedding model (the `cah-model` extra) is not installed. Words are lowercased,
stripped of a few common English endings, and the function words of `STOP_WORDS` are left
out; the score is the cosine of the two word sets (shared words over the geometric mean of
their sizes), 0 when they share none. It knows nothing of meaning: "soup" and "broth" share
nothing. The bot breaks its ties at random.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

_WORD = re.compile(r"[a-z][a-z']*")
_ENDINGS = ("'s", "ing", "ed", "es", "ly", "s")
MIN_STEM = 3

_STOP_WORD_LIST = """a about after all also am an and any are as at be because been before being
    but by can could did do does doing for from get got had has have he her here him his how i if in
    into is it its just like me more most my no not now of off on one only or our out over
    really she so some than that the their them then there these they this those to too up
    us very was we were what when where which who why will with would you your"""
STOP_WORDS = frozenset(_STOP_WORD_LIST.split())


@lru_cache(maxsize=4096)
def content_words(text: str) -> frozenset[str]:
    """The stems of the words of `text` that carry meaning."""
    stems = set()
    for word in _WORD.findall(text.lower()):
        if word in STOP_WORDS:
            continue
        for ending in _ENDINGS:
            if word.endswith(ending) and len(word) - len(ending) >= MIN_STEM:
                word = word[: -len(ending)]
                break
        stems.add(word)
    return frozenset(stems)


def overlap(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / (len(a) * len(b)) ** 0.5


class WordOverlapScorer:
    """A `cah_fit.Scorer` by shared content words."""

    name = "word-overlap"

    def similarities(self, contexts: Sequence[str], texts: Sequence[str]) -> list[list[float]]:
        columns = [content_words(text) for text in texts]
        return [[overlap(content_words(c), column) for column in columns] for c in contexts]
