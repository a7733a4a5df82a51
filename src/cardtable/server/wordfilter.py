"""The word filter for names, chat and written cards: off unless the site lists words.

Matching is by whole word after folding case, accents and common look-alike characters
(`sh1t` matches `shit`), so a listed word cannot slip through with a digit or an accent. The
text is also searched without the look-alikes folded, so punctuation after a word (`darn!`)
does not hide it."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from .errors import TableError

_LOOK_ALIKES = str.maketrans(
    {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "!": "i"}
)


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _fold(text: str) -> str:
    return _plain(text).translate(_LOOK_ALIKES)


class WordFilter:
    """`words`: the listed words (blank lines and `#` comments ignored). Empty: filters nothing."""

    def __init__(self, words: Iterable[str] = ()):
        listed = (word.strip() for word in words)
        folded = sorted({_fold(word) for word in listed if word and not word.startswith("#")})
        self.words = tuple(folded)
        alternatives = "|".join(re.escape(word) for word in folded)
        self._pattern = re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)") if folded else None

    def __bool__(self) -> bool:
        return self._pattern is not None

    def find(self, text: str) -> str | None:
        """The first listed word in `text`, or None."""
        if self._pattern is None:
            return None
        plain = _plain(text)
        for candidate in (plain, plain.translate(_LOOK_ALIKES)):
            match = self._pattern.search(candidate)
            if match is not None:
                return match.group(0)
        return None

    def check(self, text: str, what: str) -> None:
        """TableError `word-filtered` when `text` (a name, chat or card) has a listed word."""
        if self.find(text) is not None:
            raise TableError(
                "word-filtered", f"the {what} contains a word this site does not allow"
            )
