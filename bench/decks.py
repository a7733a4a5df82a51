"""Deck import figures (issue 22): the time and memory to import a 2 MB JSON Against
Humanity-like compact file we generate, in this process and in the isolated child the server
uses. Prints figures; asserts nothing.

    uv run python bench/decks.py
"""

from __future__ import annotations

import asyncio
import json
import resource
import time
import tracemalloc

from cardtable.decks.importer import import_deck
from cardtable.decks.sandbox import Request, import_isolated


def jah_like(target_bytes: int = 2_000_000) -> bytes:
    """A compact JAH file of invented cards, about `target_bytes` long, cards in several packs."""
    white, black, n = [], [], 0
    while len(white) * 80 + len(black) * 120 < target_bytes:  # text, quotes and indices
        white.append(f"Invented answer number {n} with *style*.")
        if n % 4 == 0:
            black.append({"text": f"Invented question {n}: _ and then _?", "pick": 2})
        n += 1
    packs = [
        {
            "name": f"Pack {p}",
            "official": p < 10,
            "white": list(range(p, len(white), 7)),
            "black": list(range(p, len(black), 5)),
        }
        for p in range(40)
    ]
    return json.dumps({"white": white, "black": black, "packs": packs}).encode()


def main() -> None:
    data = jah_like()
    tracemalloc.start()
    started, cpu = time.perf_counter(), time.process_time()
    imported = import_deck(data, "bench.json", max_bytes=len(data))
    wall, used = time.perf_counter() - started, time.process_time() - cpu
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    deck = imported.deck
    print(
        f"file: {len(data):,} bytes, {len(deck.calls):,} calls, {len(deck.responses):,} responses"
    )
    print(f"in process: {wall:.2f} s wall, {used:.2f} s CPU, peak {peak / 2**20:.1f} MiB traced")
    started = time.perf_counter()
    isolated = asyncio.run(import_isolated(data, Request("bench.json", max_bytes=len(data))))
    wall = time.perf_counter() - started
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        f"isolated child: {wall:.2f} s wall (start-up included), "
        f"{isolated.report.cpu_seconds:.2f} s CPU importing, max RSS {child:.0f} MiB"
    )


if __name__ == "__main__":
    main()
