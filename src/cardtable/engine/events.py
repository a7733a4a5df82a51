"""Events a game emits when an action is applied, each with its audience."""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    """Something that happened. `to` is None for everyone, else the seats it is meant for.

    Spectators receive only events meant for everyone.
    """

    type: str
    data: dict
    to: frozenset[int] | None = None

    def is_for(self, seat: int | None) -> bool:
        """True when `seat` (None: a spectator) may receive this event."""
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict:
        return {"type": self.type, **self.data}


def everyone(type: str, **data) -> Event:
    return Event(type, data)


def only(seats, type: str, **data) -> Event:
    return Event(type, data, frozenset(seats))
