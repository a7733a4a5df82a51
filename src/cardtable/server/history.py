"""A table's history from the public view: every step's public events and public document.

The history never shows an action itself (a CAH submission would give away its author), only
what everyone saw: the table, the game's public view, and the events meant for everyone.
"""

from __future__ import annotations

import orjson

from ..store import Entry
from .patch import diff
from .table import TableState


def _public(state: TableState) -> dict:
    game = None if state.game_state is None else state.game.view(state.game_state, None)
    return orjson.loads(orjson.dumps({"table": state.document(set()), "game": game}))


def public_history(code: str, entries: list[Entry]) -> dict:
    """The first public document, then one step per log entry with a patch to the previous."""
    state = TableState.create(code, entries[0])
    start = _public(state)
    document, steps = start, []
    for entry in entries[1:]:
        events = state.apply(entry)
        after = _public(state)
        steps.append(
            {
                "seq": entry.seq,
                "kind": entry.kind,
                "seat": entry.seat,
                "wall_time": entry.wall_time,
                "events": [e.to_json() for e in events if e.is_for(None)],
                "patch": diff(document, after),
            }
        )
        document = after
    return {
        "code": code,
        "game": state.game_id,
        "status": state.status,
        "results": state.results,
        "start": start,
        "steps": steps,
    }
