"""The normal form every deck is read into: calls (black cards) and responses (white cards).

A call's text is a list of lines, each a list of parts in the Massive Decks model: a plain
string, a styled text `{"text": str, "style": "Em"|"Strong"}`, or a slot
`{"index"?: int, "transform"?: "UpperCase"|"Capitalize", "style"?: ...}` (a dict without
"text"). Slots without an index are numbered in order; a repeated index reuses one answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

RATINGS = ("family", "adult")
STYLES = ("Em", "Strong")
TRANSFORMS = ("UpperCase", "Capitalize")
_BLANK = re.compile(r"_+")

Part = str | dict[str, Any]


def is_slot(part: Part) -> bool:
    return isinstance(part, dict) and "text" not in part


def parse_blanks(text: str) -> tuple[tuple[Part, ...], ...]:
    """Plain text with `_` runs as blanks and newlines between lines, as parts."""
    lines = []
    for line in text.split("\n"):
        parts: list[Part] = []
        position = 0
        for blank in _BLANK.finditer(line):
            if blank.start() > position:
                parts.append(line[position : blank.start()])
            parts.append({})
            position = blank.end()
        if position < len(line):
            parts.append(line[position:])
        lines.append(tuple(parts))
    return tuple(lines)


def slot_count(parts) -> int:
    """Distinct answers a call asks for: indexed slots count once per index."""
    count, indices = 0, set()
    for line in parts:
        for part in line:
            if is_slot(part):
                if "index" in part:
                    indices.add(part["index"])
                else:
                    count += 1
    return count + len(indices)


def plain_text(parts) -> str:
    """The call as one string, `_` for each slot and newlines between lines."""
    return "\n".join(
        "".join("_" if is_slot(p) else p if isinstance(p, str) else p["text"] for p in line)
        for line in parts
    )


@dataclass(frozen=True, slots=True)
class Call:
    """A black card: its parts, how many answers it takes (`pick`) and extra cards to `draw`.

    `packs` names every pack of its deck that holds it (a card may be in several)."""

    parts: tuple[tuple[Part, ...], ...]
    pick: int
    draw: int = 0
    rating: str | None = None
    tags: tuple[str, ...] = ()
    packs: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return plain_text(self.parts)

    def to_json(self) -> dict:
        out: dict[str, Any] = {"pick": self.pick, "draw": self.draw}
        if all(all(isinstance(p, str) or p == {} for p in line) for line in self.parts):
            out = {"text": self.text, **out}
        else:
            out = {"parts": [list(line) for line in self.parts], **out}
        return _with_meta(out, self.rating, self.tags, self.packs)


@dataclass(frozen=True, slots=True)
class Response:
    """A white card, in the `packs` of its deck that hold it."""

    text: str
    rating: str | None = None
    tags: tuple[str, ...] = ()
    packs: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return _with_meta({"text": self.text}, self.rating, self.tags, self.packs)


def _with_meta(out: dict, rating, tags, packs) -> dict:
    if rating is not None:
        out["rating"] = rating
    if tags:
        out["tags"] = list(tags)
    if packs:
        out["packs"] = list(packs)
    return out


@dataclass(frozen=True)
class Deck:
    """A deck in normal form, with the metadata a library shows (licences differ per deck).

    `packs` lists its packs in order; `official_packs` those its source marks official."""

    id: str
    name: str
    calls: tuple[Call, ...]
    responses: tuple[Response, ...]
    language: str = "en"
    source: str = ""
    license: str = ""
    attribution: str = ""
    description: str = ""
    nsfw: bool | None = None
    tags: tuple[str, ...] = ()
    packs: tuple[str, ...] = field(default=())
    official_packs: tuple[str, ...] = ()

    def summary(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "calls": len(self.calls),
            "responses": len(self.responses),
            "language": self.language,
            "source": self.source,
            "license": self.license,
            "attribution": self.attribution,
            "nsfw": self.nsfw,
            "tags": list(self.tags),
            "packs": list(self.packs),
            "ratings": sorted({c.rating or "unrated" for c in (*self.calls, *self.responses)}),
        }

    def to_json(self) -> dict:
        """The deck in the `cardtable-deck` format (version 1)."""
        out = {
            "format": "cardtable-deck",
            "version": 1,
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "language": self.language,
            "source": self.source,
            "license": self.license,
            "tags": list(self.tags),
        }
        if self.attribution:
            out["attribution"] = self.attribution
        if self.nsfw is not None:
            out["nsfw"] = self.nsfw
        if self.packs:
            out["packs"] = list(self.packs)
        if self.official_packs:
            out["officialPacks"] = list(self.official_packs)
        out["calls"] = [c.to_json() for c in self.calls]
        out["responses"] = [r.to_json() for r in self.responses]
        return out
