"""Views and actions as readable text, for replays: one `key: value` line per field, nested
fields indented, and cards written short, each with its id after `#`: a French card as its
rank and suit (`A♠#12`); a CAH white card as its quoted text, its rating left out; a CSH card
as its type, then its other fields as `key=value`; a face-down card as `▮`. A seat's `can`
(its affordances) is left out: it repeats `legal`.
"""

from __future__ import annotations

import json
from typing import Any

from ..engine.cards import RANK_NAMES, SUIT_SYMBOLS

#: A list whose items all fit on one line is written on one line up to this width.
LINE_WIDTH = 96
#: Keys of a view left out (see the module docstring).
LEFT_OUT = frozenset({"can"})


FRENCH_KEYS = frozenset({"id", "rank", "suit", "pack"})


def card_label(card: dict) -> str | None:
    """A card dict written short, or None when `card` is no card."""
    if isinstance(card.get("rank"), int) and "suit" in card and set(card) <= FRENCH_KEYS:
        ident = f"#{card['id']}" if "id" in card else ""
        rank, suit = card["rank"], card["suit"]
        if suit is None:
            return "Joker" + ident
        return RANK_NAMES.get(rank, str(rank)) + SUIT_SYMBOLS.get(suit, suit) + ident
    if not isinstance(card.get("id"), int):
        return None
    ident = f"#{card['id']}"
    if card.get("down") is True and len(card) == 2:
        return "▮" + ident
    if isinstance(card.get("text"), str):
        return json.dumps(card["text"], ensure_ascii=False) + ident
    if isinstance(card.get("card"), str):
        extra = "".join(f" {k}={v}" for k, v in card.items() if k not in ("id", "card"))
        return card["card"] + ident + extra
    return None


def scalar(value: Any) -> str | None:
    """`value` on one line when it is a scalar, a card, or a short list of them; else None."""
    if value is None or isinstance(value, bool | int | float | str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        label = card_label(value)
        if label is not None:
            return label
        return "{}" if not value else None
    if isinstance(value, list):
        parts = [scalar(item) for item in value]
        if any(part is None for part in parts):
            return None
        line = "[" + ", ".join(p for p in parts if p is not None) + "]"
        return line if len(line) <= LINE_WIDTH else None
    return None


def lines(value: Any, indent: str = "") -> list[str]:
    """`value` (a view or part of one) as indented text lines."""
    out: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key in LEFT_OUT:
                continue
            short = scalar(item)
            if short is not None:
                out.append(f"{indent}{key}: {short}")
            else:
                out.append(f"{indent}{key}:")
                out.extend(lines(item, indent + "  "))
    elif isinstance(value, list):
        for item in value:
            short = scalar(item)
            if short is not None:
                out.append(f"{indent}- {short}")
            else:
                out.append(f"{indent}-")
                out.extend(lines(item, indent + "  "))
    else:
        out.append(f"{indent}{scalar(value)}")
    return out


def action_text(action: dict) -> str:
    """An action (or an event's data) on one line, as compact JSON."""
    return json.dumps(action, ensure_ascii=False, separators=(", ", ": "))
