"""A table's state: the lobby (members, host, settings, bans) around one game, and what it
shows (its document, its summary for the store's listing).

A table changes only by the log's entries (reducer.py applies them, lobby.py holds the lobby's
actions), deterministically: replaying a table's log rebuilds it exactly, timers and away marks
included. Nothing here does I/O or reads a clock; the caller supplies each entry's game time.

Presence (issue 20: no table waits forever): the server logs `away` for a member whose every
connection has been gone for the table's grace period, and `present` when one comes back. A
seat whose people are all away is away: the game skips it where it can (`Game.skip_action`,
CAH), else its autopilot plays it (`robot_seats`, entries of kind `auto`). A seat that misses
`away_after` deadlines in a row is away too. The host role passes to the longest-seated human
player still here once its holder is away; the player left alone in a game whose other seats
have been away for `claim_after` seconds may claim it as a win or end it without a result.
A game no person has attended for the site's `abandon_after` (nobody connected, no step) is
ended by the server the same way (`abandon`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Protocol

from .. import bots, games
from ..decks import builtin
from ..decks.packs import in_play
from ..engine import Decks, Event, everyone
from .seating import Member, SeatStatus, member_secrets
from .series import Series
from .settings import AWAY_AFTER, CLAIM_AFTER, GRACE

#: Chat lines a table keeps (and shows in its document).
CHAT_KEPT = 50


class LogEntry(Protocol):
    """One step of a table's log, as the store keeps it (`cardtable.store.Entry`): its
    sequence number, kind (`lobby`, `game`, `auto`, `timeout`), the seat that acted, the action,
    and its game and wall times."""

    @property
    def seq(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def action(self) -> dict[str, Any]: ...
    @property
    def game_time(self) -> float: ...
    @property
    def wall_time(self) -> float: ...


@dataclass
class TableState:
    """Everything a table knows, rebuilt from its log."""

    code: str
    game_id: str
    name: str
    public: bool
    password: str | None
    options: dict[str, Any]
    created_wall: float
    away_after: int = AWAY_AFTER.default
    grace: int = GRACE.default
    claim_after: int = CLAIM_AFTER.default
    chat_mode: str = "on"
    #: Whether players may write cards into the table's custom cards in the lobby (host).
    player_cards: bool = False
    members: dict[int, Member] = field(default_factory=dict)
    host: int | None = None
    banned: set[str] = field(default_factory=set)
    status: str = "lobby"
    game_state: Any = None
    game_number: int = 0
    seats: list[SeatStatus] = field(default_factory=list)
    results: list[dict] = field(default_factory=list)
    #: The tournament the host set (series.py), or None.
    series: Series | None = None
    chat: deque = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    seq: int = 0
    clock: float = 0.0
    #: The wall time of the last entry applied: when the table last changed.
    last_wall: float = 0.0
    #: Whether the last entry applied may have changed the table's own fields of
    #: `document()` (those besides `game_fields()`, which a game's step changes).
    table_changed: bool = True
    #: The decks its games deal from, as whoever replays the log hands them over (the server:
    #: its library's, read by id before each entry naming one is applied); None: built-in.
    decks: Decks = None

    # -- building -----------------------------------------------------------------------------

    @classmethod
    def create(cls, code: str, first: LogEntry, decks: Decks = None) -> TableState:
        """The table that a log's first entry (a `create` action) describes, its games dealing
        from `decks`."""
        action = first.action
        game = games.get(action["game"])
        table = cls(
            code=code,
            game_id=game.id,
            name=action["name"],
            public=action["public"],
            password=action.get("password"),
            options=game.options(action["options"], decks),
            created_wall=action["created"],
            away_after=action.get("away_after", AWAY_AFTER.default),
            decks=decks,
        )
        table.members[0] = Member(
            0, action["host"]["name"], "player", **member_secrets(action["host"])
        )
        table.host = 0
        table.seq = first.seq
        table.clock = first.game_time
        table.last_wall = first.wall_time
        return table

    @property
    def game(self):
        return games.get(self.game_id)

    # -- queries ------------------------------------------------------------------------------

    def present(self) -> list[Member]:
        return [m for m in self.members.values() if not m.left]

    def players(self) -> list[Member]:
        return [m for m in self.members.values() if m.player]

    def lobby_seats(self) -> list[list[int]]:
        """The seats a game started now would have: each player, with its partners."""
        players = self.players()
        return [
            [m.id] + [p.id for p in players if p.team == m.id] for m in players if m.team is None
        ]

    def member_by_token(self, token_hash: str) -> Member | None:
        for member in self.members.values():
            if member.token == token_hash and not member.left:
                return member
        return None

    @property
    def other_rules(self) -> bool:
        """Whether the game last started was logged under rules other than the game's own now
        (`Game.rules`): it ended unplayed, without a state (lobby.py `start`), and the replay
        passes over its steps."""
        return self.status == "ended" and self.game_state is None

    def seat_of(self, member_id: int) -> int | None:
        """The game seat `member_id` plays, or None (spectator, lobby, or no game)."""
        if self.game_state is None:
            return None
        for seat, status in enumerate(self.seats):
            if member_id in status.members:
                return seat
        return None

    def seat_range(self) -> tuple[int, int]:
        return self.game.seat_range(self.options)

    def bot_seats(self) -> dict[int, str]:
        """Seats a bot holds, with the bot's name."""
        robots = {}
        for seat, status in enumerate(self.seats):
            bot = next((self.members[m].bot for m in status.members if self.members[m].bot), None)
            if bot:
                robots[seat] = bot
        return robots

    def _unattended(self) -> set[int]:
        """Seats everyone holding has left, and away seats in a game that plays them rather
        than skipping them (`Game.autopilot_away`): bots' seats included."""
        autopilot = self.game.autopilot_away
        return {
            seat
            for seat, status in enumerate(self.seats)
            if status.gone or (status.away and autopilot)
        }

    def autopilot_seats(self) -> set[int]:
        """People's seats the server plays for now (see `_unattended`)."""
        return self._unattended() - self.bot_seats().keys()

    def robot_seats(self) -> dict[int, str]:
        """Seats the server plays: bots, and autopilot seats (played by the game's autopilot
        bot, `bots.autopilot`); a bot's own seat keeps its bot."""
        pilot = bots.autopilot(self.game_id)
        return {**dict.fromkeys(self._unattended(), pilot), **self.bot_seats()}

    def away_seats(self) -> set[int]:
        return {seat for seat, status in enumerate(self.seats) if status.away}

    def rests(self, watched: bool) -> bool:
        """Whether the running game waits for people to come back rather than play on: no
        seat held by people is here (away or gone) and nobody watches (`watched`); or, in a
        game that skips away seats (CAH), fewer than two seats are here (people or bots),
        where skipping the others could only void round after round."""
        bots_held = self.bot_seats()
        here = [
            seat for seat, status in enumerate(self.seats) if seat in bots_held or not status.absent
        ]
        if not self.game.autopilot_away and len(here) < 2:
            return True
        return not watched and not (set(here) - bots_held.keys())

    def late_join_open(self) -> bool:
        """Whether a new player may take a seat now: a free seat before or between games, or a
        game that takes players mid-game (CAH, K24) with room left."""
        if self.status == "playing":
            if self.game.join_action(self.game_state) is None:
                return False
            return len(self.seats) < self.seat_range()[1]
        return len(self.lobby_seats()) < self.seat_range()[1]

    def claim(self) -> dict | None:
        """Who may claim the running game, and from when (game time): the members of the one
        seat of people still here when every other seat is held by people who are away or gone
        (none by a bot); `at` is `claim_after` seconds after the last of them went."""
        if self.status != "playing" or self.bot_seats():
            return None
        here = [seat for seat, status in enumerate(self.seats) if not status.absent]
        if len(here) != 1:
            return None
        others = [status for seat, status in enumerate(self.seats) if seat != here[0]]
        members = [m for m in self.seats[here[0]].members if not self.members[m].left]
        if not members or not others:
            return None
        since = max(status.absent_since or 0.0 for status in others)
        return {"members": members, "at": since + self.claim_after}

    def summary(self) -> dict[str, Any]:
        """The columns of the store's `tables` row."""
        host = self.members.get(self.host) if self.host is not None else None
        return {
            "code": self.code,
            "game_id": self.game_id,
            "name": self.name,
            "public": self.public,
            "locked": self.password is not None,
            "status": self.status,
            "host_name": host.name if host else "",
            "players": len(self.lobby_seats()),
            "max_players": self.seat_range()[1],
        }

    def game_fields(self) -> dict[str, Any]:
        """The fields of `document()` that the game's state decides: its next deadline in wall
        time, and whether a player may join now. No other field reads the game's state, so a
        step of the game that leaves the table itself as it was (`table_changed`) changes
        these at most."""
        deadline = None
        if self.game_state is not None and self.status == "playing":
            due = self.game.deadline(self.game_state)
            deadline = None if due is None else self.created_wall + due
        return {"deadline": deadline, "late_join": self.late_join_open()}

    def document(self, online: set[int]) -> dict[str, Any]:
        """The table as every member and spectator sees it (no secrets): the table's own
        fields, and the game's (`game_fields`)."""
        seat_of = {m: seat for seat, status in enumerate(self.seats) for m in status.members}
        autopilot = self.autopilot_seats() if self.status == "playing" else set()
        return {
            "code": self.code,
            "name": self.name,
            "game": self.game_id,
            "status": self.status,
            "public": self.public,
            "password": self.password is not None,
            "host": self.host,
            "options": self._options_json(),
            "away_after": self.away_after,
            "grace": self.grace,
            "claim_after": self.claim_after,
            "claim": self._claim_json(),
            "game_number": self.game_number,
            "members": [
                {
                    "id": m.id,
                    "name": m.name,
                    "role": m.role,
                    "bot": m.bot,
                    "team": m.team,
                    "asks": m.asks,
                    "seat": seat_of.get(m.id) if self.game_state is not None else None,
                    "online": m.bot is not None or m.id in online,
                    "away": m.away,
                }
                for m in self.present()
            ],
            "seats": [
                {
                    "members": s.members,
                    "names": self._names(s),
                    "away": s.away,
                    "gone": s.gone,
                    "autopilot": seat in autopilot,
                }
                for seat, s in enumerate(self.seats)
            ],
            "results": list(self.results),
            "chat": list(self.chat),
            "series": self._series_json(),
            "chat_mode": self.chat_mode,
            "decks": self._decks_json(),
            "player_cards": self.player_cards,
            **self.game_fields(),
        }

    def _names(self, seat: SeatStatus) -> list[str]:
        """The names of the seat's holders, those who left included: kept for standings."""
        return [self.members[m].name for m in seat.members]

    def seat_names(self) -> list[list[str]]:
        """Each seat's holders' names, for a finished game's result."""
        return [self._names(seat) for seat in self.seats]

    def _decks_json(self) -> list[dict]:
        source = builtin.decks() if self.decks is None else self.decks
        return in_play(source, self.options.get("decks", ()), self.options.get("packs", ()))

    def _claim_json(self) -> dict | None:
        claim = self.claim()
        if claim is None:
            return None
        return {"members": claim["members"], "at": self.created_wall + claim["at"]}

    def _series_json(self) -> dict | None:
        if self.series is None:
            return None
        gone = {m.id for m in self.members.values() if m.left}
        return self.series.document(self.created_wall, gone)

    def _options_json(self) -> dict:
        if getattr(self, "_options_cache", (None,))[0] is not self.options:
            self._options_cache = (self.options, _jsonable(self.options))
        return self._options_cache[1]

    # -- changes shared by the lobby's actions and the game's steps ----------------------

    def seat_back(self, seat: int) -> list[Event]:
        """The seat's people act again: it has missed nothing, and is no longer away."""
        status = self.seats[seat]
        status.missed = 0
        if not status.away:
            return []
        status.away = False
        status.absent_since = None if not status.gone else status.absent_since
        return [everyone("seat-back", seat=seat)]

    def seat_away(self, seat: int, reason: str, now: float) -> list[Event]:
        """Mark the seat away (`reason`: `missed`, `gone`, `skipped`) from game time `now`."""
        status = self.seats[seat]
        if status.away:
            return []
        status.away = True
        if status.absent_since is None:
            status.absent_since = now
        return [everyone("seat-away", seat=seat, reason=reason)]

    def check_end(self, now: float) -> list[Event]:
        """After a step of the game: if it ended by its own rules, record its result (and
        count it in the series)."""
        result = self.game.result(self.game_state)
        if result is None or self.status != "playing":
            return []
        self.status = "ended"
        finished_at = self.created_wall + now
        self.results.append(
            {
                "game_number": self.game_number,
                **result.to_json(),
                "finished_at": finished_at,
                "names": self.seat_names(),
            }
        )
        events = [everyone("table-game-over", game_number=self.game_number)]
        if self.series is not None:
            seats = [status.members for status in self.seats]
            events += self.series.game_ended(seats, self.results[-1], now)
        return events


def _jsonable(value):
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value
