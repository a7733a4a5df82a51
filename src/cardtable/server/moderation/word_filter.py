"""The word filter for names, chat and written cards: off unless the site lists words.

Matching is by whole word after folding case, accents and common look-alike characters
(`sh1t` matches `shit`), so a listed word cannot slip through with a digit or an accent. The
text is also searched without the look-alikes folded, so punctuation after a word (`darn!`)
does not hide it."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from ...engine.capabilities import WrittenCards
from ...table.errors import ErrorCode, TableError

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
                ErrorCode.WORD_FILTERED, f"the {what} contains a word this site does not allow"
            )

    def check_options(self, game: object, options: Any) -> None:
        """The filter over the cards a host's options write (games with `WrittenCards`)."""
        if self and isinstance(game, WrittenCards):
            for text in game.written_texts(options):
                self.check(text, "card")

    def check_play(self, game: object, action: dict[str, Any]) -> None:
        """The filter over what a game action writes on cards, before it is logged: the
        filter may change between restarts, the log must not."""
        if self and isinstance(game, WrittenCards):
            for text in game.written_in_play(action):
                self.check(text, "card")
