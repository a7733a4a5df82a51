"""A table's history from the public view: every step's public events and public document.

The history never shows an action itself (a CAH submission would give away its author), only
what everyone saw: the table, the game's public view, and the events meant for everyone.

A table's public history only grows, so it is built once: `PublicHistory` replays the log on
a copy of its own and keeps the steps it made, and each later read only replays the entries
stored since (server/live/histories.py keeps one per table held in memory).
"""

from __future__ import annotations

from collections.abc import Iterable

import orjson

from ..engine import Decks
from .patch import diff
from .reducer import replay_entry
from .state import LogEntry, TableState

#: Steps a page of history holds when the reader does not say, and at most.
PAGE_STEPS = 500
MAX_PAGE_STEPS = 1000


def _public(state: TableState) -> dict:
    game = None if state.game_state is None else state.game.view(state.game_state, None)
    return orjson.loads(orjson.dumps({"table": state.document(set()), "game": game}))


class PublicHistory:
    """The first public document, then one step per log entry with a patch to the previous.
    Not thread-safe: one `extend` at a time (`TableHistory` sees to it)."""

    def __init__(self, code: str, first: LogEntry, decks: Decks = None):
        self._state = TableState.create(code, first, decks)
        self.code = code
        self.start = _public(self._state)
        self._document = self.start
        self.steps: list[dict] = []

    @property
    def seq(self) -> int:
        """The last step replayed."""
        return self._state.seq

    def extend(self, entries: Iterable[LogEntry]) -> None:
        """Replay the entries after the last one replayed (others are skipped)."""
        state = self._state
        for entry in entries:
            if entry.seq <= state.seq:
                continue
            events = replay_entry(state, entry)
            after = _public(state)
            self.steps.append(
                {
                    "seq": entry.seq,
                    "kind": entry.kind,
                    "seat": entry.seat,
                    "wall_time": entry.wall_time,
                    "events": [e.to_json() for e in events if e.is_for(None)],
                    "patch": diff(self._document, after),
                }
            )
            self._document = after

    def page(self, after: int = 0, limit: int = PAGE_STEPS) -> dict:
        """The steps after seq `after`, at most `limit` of them; `next` is the `after` of the
        next page, or None when these are the last steps stored."""
        first = max(after - 1, 0)  # steps[i] is seq i + 2 (seq 1 is `start`)
        steps = self.steps[first : first + limit]
        more = first + limit < len(self.steps)
        state = self._state
        return {
            "code": self.code,
            "game": state.game_id,
            "status": state.status,
            "results": list(state.results),
            "start": self.start,
            "steps": steps,
            "next": steps[-1]["seq"] if more else None,
        }
