"""Markdown-ish card markup as the card model's styles.

JSON Against Humanity and DigiPen cards mark emphasis in their text: `**bold**` becomes a
`Strong` part, `*italic*` an `Em` part; `` `code` `` has no style in the model, so its
backticks are dropped and its text kept; a backslash at the end of a line (a Markdown hard
break) is a line break. `_` runs stay blanks (slots), inside styled text too. Responses are
plain text, so for them the marks are only removed.
"""

from __future__ import annotations

import re

from .model import Part, parse_blanks

_MARK = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*|\*(?=[^\s*])(.+?)(?<=[^\s*])\*|`([^`\n]+)`")
_HARD_BREAK = re.compile(r"\\[ \t]*\n")


def has_markup(text: str) -> bool:
    return "*" in text or "`" in text or "\\\n" in text


def styled_lines(text: str) -> tuple[tuple[Part, ...], ...]:
    """A call's text with `_` blanks and markup as lines of parts."""
    lines = []
    for line in _HARD_BREAK.sub("\n", text).split("\n"):
        parts: list[Part] = []
        position = 0
        for mark in _MARK.finditer(line):
            parts.extend(_plain(line[position : mark.start()]))
            strong, em, code = mark.groups()
            if code is not None:
                parts.extend(_plain(code))
            else:
                parts.extend(_styled(strong if strong is not None else em, strong and "Strong"))
            position = mark.end()
        parts.extend(_plain(line[position:]))
        lines.append(tuple(_joined(parts)))
    return tuple(lines)


def plain(text: str) -> str:
    """A response's text with the marks removed."""
    return _MARK.sub(lambda m: next(g for g in m.groups() if g is not None), _unbreak(text))


def _unbreak(text: str) -> str:
    return _HARD_BREAK.sub("\n", text)


def _plain(text: str) -> list[Part]:
    return list(parse_blanks(text)[0]) if text else []


def _styled(text: str, strong: str | None) -> list[Part]:
    style = strong or "Em"
    return [
        {**part, "style": style} if isinstance(part, dict) else {"text": part, "style": style}
        for part in parse_blanks(text)[0]
    ]


def _joined(parts: list[Part]) -> list[Part]:
    """Adjacent plain strings as one."""
    out: list[Part] = []
    for part in parts:
        if isinstance(part, str) and out and isinstance(out[-1], str):
            out[-1] += part
        else:
            out.append(part)
    return out
