"""Deck files for the deck library's tests, in three formats, each with its own card texts."""

from __future__ import annotations

import csv
import io
import json


def native(prefix: str = "Native", calls: int = 4, responses: int = 16) -> bytes:
    """A `cardtable-deck` JSON file."""
    deck = {
        "format": "cardtable-deck",
        "version": 1,
        "id": f"{prefix.lower()}-test",
        "name": f"{prefix} test deck",
        "language": "en",
        "license": "CC0-1.0",
        "source": "the tests",
        "tags": ["test"],
        "calls": [{"text": f"{prefix} call {n}: _."} for n in range(calls)],
        "responses": [
            {"text": f"{prefix} answer {n}.", "rating": "family"} for n in range(responses)
        ],
    }
    return json.dumps(deck).encode()


def csv_table(
    prefix: str = "Csv", calls: int = 4, responses: int = 16, extra: list[str] = ()
) -> bytes:
    """A CSV file with a header (type, text, tags); `extra`: more white cards."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["type", "text", "tags"])
    writer.writerows(["black", f"{prefix} call {n}: _.", "CS"] for n in range(calls))
    writer.writerows(["white", f"{prefix} answer {n}.", "CS"] for n in range(responses))
    writer.writerows(["white", text, "CS"] for text in extra)
    return out.getvalue().encode()


def jah(prefix: str = "Jah", calls: int = 4, responses: int = 16) -> bytes:
    """A JSON Against Humanity file (full format: a list of packs)."""
    pack = {
        "name": f"{prefix} pack",
        "official": False,
        "white": [{"text": f"{prefix} answer {n}.", "pack": 0} for n in range(responses)],
        "black": [{"text": f"{prefix} call {n}: _.", "pick": 1, "pack": 0} for n in range(calls)],
    }
    return json.dumps([pack]).encode()


def jah_packs(prefix: str = "Multi", packs: int = 3, calls: int = 6, responses: int = 24) -> bytes:
    """A compact JSON Against Humanity file whose packs share cards: pack p holds every card
    whose number is p or more (so the first pack holds them all), the first pack official;
    with a licence and an attribution at the top."""
    return json.dumps(
        {
            "license": "CC BY-NC-SA 4.0",
            "author": f"{prefix} authors",
            "white": [f"{prefix} answer {n}." for n in range(responses)],
            "black": [{"text": f"{prefix} call {n}: _.", "pick": 1} for n in range(calls)],
            "packs": [
                {
                    "name": f"{prefix} pack {p}",
                    "official": p == 0,
                    "white": list(range(p, responses)),
                    "black": list(range(p, calls)),
                }
                for p in range(packs)
            ],
        }
    ).encode()
