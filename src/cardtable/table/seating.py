"""Who is at a table and where they sit: members (players, bots, spectators) and game seats."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Member:
    """Someone at the table: a player (human or bot) or a spectator. `id` is the join order."""

    id: int
    name: str
    role: str
    token: str | None = None
    client: str | None = None
    #: The address they joined from (for site bans; never in any document).
    address: str | None = None
    bot: str | None = None
    left: bool = False
    #: The member whose seat this one shares (team games), else None.
    team: int | None = None
    #: The member whose seat this spectator asked to share, until that player (or the host)
    #: answers (`answer-team`).
    asks: int | None = None
    #: Every connection of theirs has been gone for the grace period (the server says so).
    away: bool = False

    @property
    def player(self) -> bool:
        return self.role == "player" and not self.left


@dataclass
class SeatStatus:
    """A game seat: who holds it, how many deadlines in a row it has missed, and since when
    (game time) it has been away or gone, if it is."""

    members: list[int]
    missed: int = 0
    away: bool = False
    gone: bool = False
    absent_since: float | None = None

    @property
    def absent(self) -> bool:
        return self.away or self.gone


def member_secrets(action: dict) -> dict:
    """What a `create` (its `host`) or `join` action says about who joined, for `Member`:
    their token's hash, client identity and address (never in any document)."""
    return {
        "token": action.get("token"),
        "client": action.get("client"),
        "address": action.get("address"),
    }
