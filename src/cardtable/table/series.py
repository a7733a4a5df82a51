"""A tournament at one table: a series of games among the same people, and its standings
(seed 003 "Tournament Mode"; ruling K21: a layer over the games, off by default).

The table reducer holds one `Series` (or None) and calls it where a game of the table starts
and where one ends; everything the series decides comes from those logged steps and their
game times, so replaying the log rebuilds the standings, the winner and the end exactly.

The rules (also in docs/protocol.md):
- The host sets `{"games": N}` (2 to 20) or `{"minutes": M}` (5 to 600) between games; setting
  a series (again) starts a fresh one, null ends it.
- The people ranked are those seated in the series' first game (bots included). Whoever joins
  later plays on but is not ranked; whoever leaves keeps their standing.
- Each game gives a win to every member of each seat in first place (a shared first place is a
  win for each, but a draw, every seat first, is won by nobody) and adds the seat's score, if
  the game keeps one, to its members' points.
- Standings rank by wins, then points; members equal on both share the place, and when that
  place is the first they share the series win (`winners`), as a game's tied totals are
  shared (K23).
- A game series is over once N games finished. A time series is over when a game finishes
  after the span (counted from the first game's start) ran out: the game in progress when time
  runs out is played to its end, and a game started after the span is the last one.
- Once over, the table announces `series-won` and starts no further game until the host sets a
  new series (or none).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import Event, everyone
from .errors import ErrorCode, TableError

GAMES_RANGE = (2, 20)
MINUTES_RANGE = (5, 600)


@dataclass
class Standing:
    member: int
    name: str
    wins: int = 0
    points: float = 0

    def rank_key(self) -> tuple:
        return (-self.wins, -self.points)


@dataclass
class Series:
    games: int | None
    minutes: int | None
    #: Game time of the first game's start; None until the series' first game starts.
    started: float | None = None
    played: int = 0
    #: The members ranked (those seated in the first game), by member id.
    standings: dict[int, Standing] = field(default_factory=dict)
    winners: list[int] = field(default_factory=list)
    over: bool = False

    @classmethod
    def from_setting(cls, value: Any) -> Series | None:
        """The series a `settings` action's `series` value asks for; TableError if invalid."""
        if value is None:
            return None
        if not isinstance(value, dict) or len(value) != 1:
            raise TableError(
                ErrorCode.BAD_SETTINGS, 'series is {"games": N} or {"minutes": M} or null'
            )
        [(kind, amount)] = value.items()
        low, high = {"games": GAMES_RANGE, "minutes": MINUTES_RANGE}.get(kind, (1, 0))
        if isinstance(amount, bool) or not isinstance(amount, int) or not low <= amount <= high:
            raise TableError(
                ErrorCode.BAD_SETTINGS, 'series is {"games": 2..20} or {"minutes": 5..600} or null'
            )
        return cls(
            games=amount if kind == "games" else None, minutes=amount if kind == "minutes" else None
        )

    def game_starting(self, seats: list[list[int]], names: dict[int, str], now: float) -> None:
        """A game of this table is about to start with `seats`; refuses once the series is over.
        Called before the table changes anything, so a refusal leaves it as it was."""
        if self.over:
            raise TableError(
                ErrorCode.SERIES_OVER,
                "this series is over: set a new series (or none) to play on",
                409,
            )
        if self.started is None:
            self.started = now
            self.standings = {m: Standing(m, names[m]) for seat in seats for m in seat}

    def game_ended(self, seats: list[list[int]], result: dict, now: float) -> list[Event]:
        """Count a finished game (`result` as the table records it); announce the winner at
        the end of the series."""
        self.played += 1
        scores = result.get("scores")
        for seat, members in enumerate(seats):
            for member in members:
                standing = self.standings.get(member)
                if standing is None:
                    continue  # joined after the series began: plays, not ranked
                if result["places"][seat] == 1 and not result.get("draw"):
                    standing.wins += 1
                if scores is not None:
                    standing.points += scores[seat]
        if not self._finished(now):
            return []
        self.over = True
        ranked = self.ranked()
        if ranked:
            top = ranked[0].rank_key()
            self.winners = [s.member for s in ranked if s.rank_key() == top]
        return [
            everyone(
                "series-won",
                winners=list(self.winners),
                names=[self.standings[m].name for m in self.winners],
                played=self.played,
            )
        ]

    def _finished(self, now: float) -> bool:
        if self.games is not None:
            return self.played >= self.games
        return now >= self.started + self.minutes * 60

    def ranked(self) -> list[Standing]:
        """Standings best first; members equal on wins and points in join order."""
        return sorted(self.standings.values(), key=lambda s: (*s.rank_key(), s.member))

    def document(self, created_wall: float, gone: set[int]) -> dict[str, Any]:
        """The series as the table document shows it; times are Unix times."""
        started_at = None if self.started is None else created_wall + self.started
        ends_at = None
        if started_at is not None and self.minutes is not None:
            ends_at = started_at + self.minutes * 60
        return {
            "games": self.games,
            "minutes": self.minutes,
            "started_at": started_at,
            "ends_at": ends_at,
            "played": self.played,
            "standings": [
                {
                    "member": s.member,
                    "name": s.name,
                    "wins": s.wins,
                    "points": s.points,
                    "left": s.member in gone,
                }
                for s in self.ranked()
            ],
            "winner": self.winners[0] if self.winners else None,
            "winners": list(self.winners),
            "over": self.over,
        }
