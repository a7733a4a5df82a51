"""A table's state and its reducer: the lobby (members, host, settings, bans) around one game.

`TableState.apply(entry)` is the only way a table changes, and it is deterministic: replaying a
table's log rebuilds it exactly, timers and away marks included. Nothing here does I/O or reads
a clock; the caller supplies each entry's game time. An entry the rules refuse raises
TableError or IllegalAction and changes nothing.

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
from typing import Any

from .. import bots, games
from ..decks import registry
from ..engine import Event, IllegalAction, everyone
from ..store import Entry
from .errors import TableError
from .names import MAX_CHAT, MAX_NAME, MAX_TABLE_NAME, clean_text, name_key
from .series import Series

CHAT_KEPT = 50
#: The host's `chat` setting: everyone, players only (spectators muted), or nobody.
CHAT_MODES = ("on", "players", "off")
DEFAULT_AWAY_AFTER = 2
#: Longest card a player writes; the game's own limits apply too (CAH white cards: 120).
MAX_CARD_TEXT = 200
AWAY_AFTER_RANGE = (1, 20)
#: Seconds a member's connections may all be gone before they are marked away.
DEFAULT_GRACE = 45
GRACE_RANGE = (10, 600)
#: Seconds every other seat must have been away before the one left may claim the game.
DEFAULT_CLAIM_AFTER = 120
CLAIM_AFTER_RANGE = (30, 3600)
CLAIM_OUTCOMES = ("win", "abandon")


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
    away_after: int = DEFAULT_AWAY_AFTER
    grace: int = DEFAULT_GRACE
    claim_after: int = DEFAULT_CLAIM_AFTER
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
    #: Whether the last entry applied changed `document()`.
    document_changed: bool = True

    # -- building -----------------------------------------------------------------------------

    @classmethod
    def create(cls, code: str, first: Entry) -> TableState:
        """The table that a log's first entry (a `create` action) describes."""
        action = first.action
        game = games.get(action["game"])
        table = cls(
            code=code,
            game_id=game.id,
            name=action["name"],
            public=action["public"],
            password=action.get("password"),
            options=game.options(action["options"]),
            created_wall=action["created"],
            away_after=action.get("away_after", DEFAULT_AWAY_AFTER),
        )
        table.members[0] = Member(0, action["host"]["name"], "player", **_secrets(action["host"]))
        table.host = 0
        table.seq = first.seq
        table.clock = first.game_time
        table.last_wall = first.wall_time
        return table

    @classmethod
    def replay(cls, code: str, entries: list[Entry]) -> TableState:
        table = cls.create(code, entries[0])
        for entry in entries[1:]:
            table.apply(entry)
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

    def document(self, online: set[int]) -> dict[str, Any]:
        """The table as every member and spectator sees it (no secrets)."""
        deadline = None
        if self.game_state is not None and self.status == "playing":
            due = self.game.deadline(self.game_state)
            deadline = None if due is None else self.created_wall + due
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
            "late_join": self.late_join_open(),
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
                    "away": s.away,
                    "gone": s.gone,
                    "autopilot": seat in autopilot,
                }
                for seat, s in enumerate(self.seats)
            ],
            "deadline": deadline,
            "results": list(self.results),
            "chat": list(self.chat),
            "series": self._series_json(),
            "chat_mode": self.chat_mode,
            "decks": registry.in_play(self.options.get("decks", ()), self.options.get("packs", ())),
            "player_cards": self.player_cards,
        }

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

    # -- the reducer --------------------------------------------------------------------------

    def apply(self, entry: Entry) -> list[Event]:
        """Apply the next entry of the log and return the events it caused."""
        if entry.seq != self.seq + 1:
            raise ValueError(f"table {self.code}: entry {entry.seq} after {self.seq}")
        now = max(self.clock, entry.game_time)
        before = self._document_inputs() if entry.kind in ("game", "auto") else None
        if entry.kind == "lobby":
            handler = LOBBY_ACTIONS.get(entry.action.get("type"))
            if handler is None:
                raise TableError("bad-action", "no such table action")
            events = handler(self, entry.action, now)
        elif entry.kind == "game":
            events = self._play(entry.seat, entry.action, now)
        elif entry.kind == "auto":
            events = self._play(entry.seat, entry.action, now, by_person=False)
        elif entry.kind == "timeout":
            events = self._timeout(entry.action, now)
        else:
            raise ValueError(f"unknown log entry kind {entry.kind!r}")
        self.seq = entry.seq
        self.clock = now
        self.last_wall = entry.wall_time
        self.document_changed = before is None or before != self._document_inputs()
        return events

    def _document_inputs(self) -> tuple:
        """What a game action may change in `document()`: most change none of it."""
        deadline = None
        if self.game_state is not None and self.status == "playing":
            deadline = self.game.deadline(self.game_state)
        return self.status, deadline, [(s.away, s.gone) for s in self.seats]

    def _play(self, seat: int | None, action: dict, now: float, by_person=True) -> list[Event]:
        """A seat's move; `by_person`: made by whoever holds it (not its autopilot), which
        shows they are here: the seat is no longer away."""
        if self.status != "playing":
            raise TableError("no-game", "no game is running at this table")
        events = self.game.apply(self.game_state, seat, action, now)
        if seat is not None and by_person:
            events += self._seat_back(seat)
        return events + self._check_end(now)

    def _seat_back(self, seat: int) -> list[Event]:
        status = self.seats[seat]
        status.missed = 0
        if not status.away:
            return []
        status.away = False
        status.absent_since = None if not status.gone else status.absent_since
        return [everyone("seat-back", seat=seat)]

    def _seat_away(self, seat: int, reason: str, now: float) -> list[Event]:
        status = self.seats[seat]
        if status.away:
            return []
        status.away = True
        if status.absent_since is None:
            status.absent_since = now
        return [everyone("seat-away", seat=seat, reason=reason)]

    def _timeout(self, action: dict, now: float) -> list[Event]:
        """The table's own steps for the game: a deadline that passed (`timeout`: the seats it
        found waiting missed it) or away seats no longer waited for (`skip`: nobody else
        missed anything)."""
        if self.status != "playing":
            raise TableError("no-game", "no game is running at this table")
        game = self.game
        trial = game.clone(self.game_state)
        late = game.late_seats(trial) if action.get("type") == "timeout" else frozenset()
        events = []
        for seat, step in action["actions"]:
            events += game.apply(trial, seat, step, now)
        self.game_state = trial
        for seat in late:
            status = self.seats[seat]
            status.missed += 1
            if status.missed >= self.away_after:
                events += self._seat_away(seat, "missed", now)
        return events + self._check_end(now)

    def _check_end(self, now: float) -> list[Event]:
        result = self.game.result(self.game_state)
        if result is None or self.status != "playing":
            return []
        self.status = "ended"
        finished_at = self.created_wall + now
        self.results.append(
            {"game_number": self.game_number, **result.to_json(), "finished_at": finished_at}
        )
        events = [everyone("table-game-over", game_number=self.game_number)]
        if self.series is not None:
            seats = [status.members for status in self.seats]
            events += self.series.game_ended(seats, self.results[-1], now)
        return events

    # -- lobby actions ------------------------------------------------------------------------

    def _actor(self, action: dict) -> Member:
        member = self.members.get(action.get("by"))
        if member is None or member.left:
            raise TableError("not-a-member", "you are not at this table")
        return member

    def _host_actor(self, action: dict) -> Member:
        member = self._actor(action)
        if member.id != self.host:
            raise TableError("not-host", "only the host may do that")
        return member

    def _target(self, action: dict) -> Member:
        member = self.members.get(action.get("member"))
        if member is None or member.left:
            raise TableError("unknown-member", "no such member at this table")
        return member

    def _check_name_free(self, name: str) -> None:
        key = name_key(name)
        if any(name_key(m.name) == key for m in self.present()):
            raise TableError("name-taken", "someone at this table already has that name", 409)

    def _check_room(self) -> None:
        if len(self.lobby_seats()) >= self.seat_range()[1]:
            raise TableError("table-full", "every seat at this table is taken", 409)

    def _join(self, action: dict, now: float) -> list[Event]:
        if any(action.get(key) in self.banned for key in ("token", "client", "address")):
            raise TableError("banned", "the host has banned you from this table", 403)
        name = clean_text(action["name"], MAX_NAME, "name")
        self._check_name_free(name)
        role = "spectator" if action.get("spectate") else "player"
        member = Member(len(self.members), name, role, **_secrets(action))
        events: list[Event] = []
        if action.get("ask_team") is not None:  # watches until the partner accepts
            member.asks = self._check_partner(action["ask_team"], role)
            member.role = role = "spectator"
            events = [everyone("team-asked", member=member.id, partner=member.asks)]
        elif action.get("team_with") is not None:  # logs from before partners were asked
            member.team = self._check_partner(action["team_with"], role)
        elif role == "player":
            if self.status == "playing":
                events = self._late_join(member, now)
            else:
                self._check_room()
        self.members[member.id] = member
        if self.host is None and role == "player":
            self.host = member.id
        return [everyone("player-joined", member=member.id, name=name, role=role), *events]

    def _check_partner(self, partner_id: int, role: str) -> int:
        if role != "player" or self.status == "playing":
            raise TableError("bad-team", "partners join as players before the game starts")
        partner = self.members.get(partner_id)
        if partner is None or not partner.player or partner.bot or partner.team is not None:
            raise TableError("bad-team", "team up with a human player who holds their own seat")
        capacity = self.game.seat_capacity(self.options)
        if 1 + sum(1 for m in self.players() if m.team == partner.id) >= capacity:
            raise TableError(
                "team-full", f"a seat holds at most {capacity} people in this game", 409
            )
        return partner.id

    def _answer_team(self, action: dict, now: float) -> list[Event]:
        """The player a spectator asked to share a seat with (or the host) accepts or
        declines; accepted, the spectator becomes that seat's partner."""
        actor = self._actor(action)
        asker = self._target(action)
        if asker.asks is None or asker.role != "spectator":
            raise TableError("no-team-request", "that member asks to share no seat", 409)
        if actor.id not in (asker.asks, self.host):
            raise TableError("not-asked", "only the player asked, or the host, may answer", 403)
        partner = asker.asks
        if not action.get("accept"):
            asker.asks = None
            return [everyone("team-declined", member=asker.id, partner=partner)]
        asker.team = self._check_partner(partner, "player")
        asker.role, asker.asks = "player", None
        return [everyone("team-accepted", member=asker.id, partner=partner)]

    def _late_join(self, member: Member, now: float) -> list[Event]:
        join = self.game.join_action(self.game_state)
        if join is None:
            raise TableError(
                "game-running", "this game does not take new players once started", 409
            )
        events = self.game.apply(self.game_state, None, join, now)
        self.seats.append(SeatStatus([member.id]))
        return events

    def _leave(self, action: dict, now: float) -> list[Event]:
        member = self._actor(action)
        return [everyone("player-left", member=member.id), *self._remove(member, now)]

    def _kick(self, action: dict, now: float) -> list[Event]:
        host = self._host_actor(action)
        target = self._target(action)
        if target.id == host.id:
            raise TableError("bad-target", "the host cannot kick themselves; leave instead")
        events = self._remove(target, now)
        if action.get("ban"):
            # `ban_address`: the server asked for the address too (logs before it did not).
            address = target.address if action.get("ban_address") else None
            self.banned.update(s for s in (target.token, target.client, address) if s)
        return [everyone("player-kicked", member=target.id, ban=bool(action.get("ban"))), *events]

    def _remove(self, member: Member, now: float) -> list[Event]:
        events: list[Event] = []
        seat = self.seat_of(member.id)
        if seat is not None and self.status == "playing":
            status = self.seats[seat]
            if all(self.members[m].left for m in status.members if m != member.id):
                leave = self.game.leave_action(self.game_state, seat)
                if leave is not None:
                    events += self.game.apply(self.game_state, None, leave, now)
                    events += self._check_end(now)
                status.gone = True
                if status.absent_since is None:
                    status.absent_since = now
        member.left = True
        for asker in self.members.values():
            if asker.asks == member.id:
                asker.asks = None
        partners = [m for m in self.players() if m.team == member.id]
        for partner in partners:
            partner.team = partners[0].id if partner is not partners[0] else None
        return events + self._pass_host()

    def _pass_host(self) -> list[Event]:
        """The host role passes to the longest-seated human player still here (not away)
        when its holder left or is away; it stays where it is when there is nobody to take
        it, and comes back to an earlier host only if passed back."""
        host = self.members.get(self.host) if self.host is not None else None
        if host is not None and not host.left and not host.away:
            return []
        here = [m for m in self.players() if m.bot is None and not m.away]
        if here:
            self.host = here[0].id
        elif host is None or host.left:
            self.host = None
        else:
            return []
        return [everyone("host-changed", member=self.host)]

    def _away(self, action: dict, now: float) -> list[Event]:
        """The server marks members away: every connection of theirs has been gone for the
        grace period (not a member's action: clients cannot send it). A seat whose people
        are all away is away; an away host hands the role on."""
        events: list[Event] = []
        for member in self._presence_targets(action, away=False):
            member.away = True
            events.append(everyone("member-away", member=member.id))
            seat = self.seat_of(member.id)
            if seat is not None and self.status == "playing":
                holders = [self.members[m] for m in self.seats[seat].members]
                if all(m.away or m.left for m in holders):
                    events += self._seat_away(seat, "gone", now)
        return events + self._pass_host()

    def _present(self, action: dict, now: float) -> list[Event]:
        """Members marked away are back (a connection of theirs opened): their seat takes
        over from its autopilot at once, and a table with no host here gets one."""
        events: list[Event] = []
        for member in self._presence_targets(action, away=True):
            member.away = False
            events.append(everyone("member-back", member=member.id))
            seat = self.seat_of(member.id)
            if seat is not None and self.status == "playing":
                events += self._seat_back(seat)
        return events + self._pass_host()

    def _presence_targets(self, action: dict, away: bool) -> list[Member]:
        ids = action.get("members")
        if not isinstance(ids, list):
            raise TableError("bad-action", "'members' lists member ids")
        targets = [
            m
            for i in ids
            if (m := self.members.get(i)) is not None and not m.left and not m.bot
            if m.away == away
        ]
        if not targets:
            raise TableError("no-change", "nobody's presence changes")
        return targets

    def _skip_waiting(self, action: dict, now: float) -> list[Event]:
        """The host stops waiting for the seats held by people that the game waits on now:
        they are marked away, so the game skips them or plays them on autopilot until their
        people act again."""
        self._host_actor(action)
        if self.status != "playing":
            raise TableError("no-game", "no game is running at this table")
        waiting = self.game.to_act(self.game_state) - self.robot_seats().keys()
        events = [e for seat in sorted(waiting) for e in self._seat_away(seat, "skipped", now)]
        if not events:
            raise TableError("nobody-to-skip", "the game is not waiting for anyone", 409)
        return events

    def _claim(self, action: dict, now: float) -> list[Event]:
        """The one player still here ends a game whose other seats have been away for
        `claim_after` seconds: as a win (they place first, everyone else second) or without
        a result."""
        member = self._actor(action)
        claim = self.claim()
        if claim is None or member.id not in claim["members"]:
            raise TableError("no-claim", "only a player left alone in a game may claim it", 403)
        if now < claim["at"]:
            wait = claim["at"] - now
            raise TableError("too-early", f"the game may be claimed in {wait:.0f} s", 409)
        outcome = action.get("outcome")
        if outcome not in CLAIM_OUTCOMES:
            raise TableError("bad-action", "a claim is a 'win' or 'abandon'")
        seat = self.seat_of(member.id)
        if outcome == "win":
            places = [1 if s == seat else 2 for s in range(len(self.seats))]
            self._end_by_table(now, "claimed", places, [seat])
        else:
            self._end_by_table(now, "abandoned", None, [])
        events = [
            everyone("game-claimed", member=member.id, outcome=outcome),
            everyone("table-game-over", game_number=self.game_number),
        ]
        if self.series is not None and outcome == "win":
            seats = [status.members for status in self.seats]
            events += self.series.game_ended(seats, self.results[-1], now)
        return events

    def _abandon(self, action: dict, now: float) -> list[Event]:
        """The server ends a game no person has attended for the site's `abandon_after`
        seconds (nobody connected, no step), without a result, as a claim's `abandon` does
        (not a member's action: clients cannot send it)."""
        if self.status != "playing":
            raise TableError("no-game", "no game is running at this table")
        self._end_by_table(now, "abandoned", None, [])
        return [
            everyone("game-abandoned"),
            everyone("table-game-over", game_number=self.game_number),
        ]

    def _end_by_table(
        self, now: float, reason: str, places: list[int] | None, winners: list[int]
    ) -> None:
        """End the running game for a reason of the table's, not the game's own rules."""
        self.status = "ended"
        ended = {"game_number": self.game_number, "finished_at": self.created_wall + now}
        self.results.append({**ended, "reason": reason, "places": places, "winners": winners})

    def _sit(self, action: dict, now: float) -> list[Event]:
        """A spectator takes a seat: before or between games while one is free, or in a
        game that takes players mid-game (CAH: from the next round, K24)."""
        member = self._actor(action)
        if member.role != "spectator":
            raise TableError("not-a-spectator", "you already play at this table", 409)
        if not self.late_join_open():
            raise TableError("no-seat", "no seat can be taken at this table now", 409)
        events = self._late_join(member, now) if self.status == "playing" else []
        member.role, member.asks = "player", None
        if self.host is None:
            self.host = member.id
        return [everyone("member-seated", member=member.id), *events]

    def _settings(self, action: dict, now: float) -> list[Event]:
        self._host_actor(action)
        if self.status == "playing" and _changed_settings(action) - {"chat"}:
            raise TableError("game-running", "only chat changes during a game", 409)
        chat_mode = action.get("chat") or self.chat_mode
        if chat_mode not in CHAT_MODES:
            raise TableError("bad-settings", f"chat is one of {', '.join(CHAT_MODES)}")
        options = self.options
        if action.get("options") is not None:
            try:
                options = self.game.host_options(action["options"])
            except ValueError as error:
                raise TableError("bad-options", str(error)) from None
        name = self.name
        if action.get("name") is not None:
            name = clean_text(action["name"], MAX_TABLE_NAME, "table-name")
        away_after = _in_range(action, "away_after", self.away_after, AWAY_AFTER_RANGE)
        grace = _in_range(action, "grace", self.grace, GRACE_RANGE)
        claim_after = _in_range(action, "claim_after", self.claim_after, CLAIM_AFTER_RANGE)
        series = Series.from_setting(action["series"]) if "series" in action else self.series
        self.options, self.name, self.away_after = options, name, away_after
        self.grace, self.claim_after = grace, claim_after
        self.series = series
        self.chat_mode = chat_mode
        if action.get("player_cards") is not None:
            self.player_cards = action["player_cards"]
        if action.get("public") is not None:
            self.public = action["public"]
        if "password" in action:
            self.password = action["password"]
        return [everyone("settings-changed")]

    def _start(self, action: dict, now: float) -> list[Event]:
        self._host_actor(action)
        if self.status == "playing":
            raise TableError("game-running", "a game is already running", 409)
        seats = self.lobby_seats()
        low, high = self.seat_range()
        if not low <= len(seats) <= high:
            raise TableError("seat-count", f"this game needs {low} to {high} players")
        options = self._rematch_options(seats) if self.status == "ended" else self.options
        try:
            if action.get("hidden"):  # cards moderators hid, as the server saw them (CAH)
                options = {**options, "hiddenCards": action["hidden"]}
            state = self.game.new(options, seats=len(seats), seed=action["seed"], now=now)
        except ValueError as error:
            raise TableError("bad-options", str(error)) from None
        if self.series is not None:
            names = {m.id: m.name for m in self.present()}
            self.series.game_starting(seats, names, now)
        self.game_state = state
        self.seats = [SeatStatus(members) for members in seats]
        self.status = "playing"
        self.game_number += 1
        return [everyone("game-started", game_number=self.game_number, seats=seats)]

    def _rematch_options(self, seats: list[list[int]]) -> dict:
        """The next game's options from how the last one ended (`Game.next_options`), its
        seats mapped to the new ones by who holds them."""
        result = self.game.result(self.game_state)
        if result is None:  # claimed or abandoned (`claim`): the game itself did not end
            return self.options
        new_seat = {member: seat for seat, members in enumerate(seats) for member in members}
        moves = {
            old: new_seat[member]
            for old, status in enumerate(self.seats)
            for member in status.members
            if member in new_seat
        }
        return self.game.next_options(self.options, result, moves)

    def _add_bot(self, action: dict, now: float) -> list[Event]:
        self._host_actor(action)
        if self.status == "playing":
            raise TableError("game-running", "bots join between games", 409)
        bot = action.get("bot", "random")
        if bot not in bots.names(self.game_id):
            raise TableError(
                "unknown-bot", f"bots for this game: {', '.join(bots.names(self.game_id))}"
            )
        self._check_room()
        number = 1
        while any(name_key(m.name) == f"bot {number}" for m in self.present()):
            number += 1
        member = Member(len(self.members), f"Bot {number}", "player", bot=bot)
        self.members[member.id] = member
        return [everyone("player-joined", member=member.id, name=member.name, role="player")]

    def _transfer_host(self, action: dict, now: float) -> list[Event]:
        self._host_actor(action)
        target = self._target(action)
        if not target.player or target.bot:
            raise TableError("bad-target", "the host must be a human player")
        self.host = target.id
        return [everyone("host-changed", member=target.id)]

    def _chat(self, action: dict, now: float) -> list[Event]:
        member = self._actor(action)
        if self.chat_mode == "off":
            raise TableError("chat-off", "the host turned chat off at this table", 403)
        if self.chat_mode == "players" and member.role == "spectator":
            raise TableError("muted", "the host muted spectators at this table", 403)
        text = clean_text(action["text"], MAX_CHAT, "chat", multiline=True)
        line = {"member": member.id, "name": member.name, "text": text, "seq": self.seq + 1}
        self.chat.append(line)
        return [everyone("chat", **line)]

    def _back(self, action: dict, now: float) -> list[Event]:
        member = self._actor(action)
        seat = self.seat_of(member.id)
        if seat is None or not self.seats[seat].away:
            raise TableError("not-away", "you are not marked away")
        return self._seat_back(seat)

    def _game_table_action(self, action: dict, now: float) -> list[Event]:
        self._host_actor(action)
        if self.status != "playing":
            raise TableError("no-game", "no game is running at this table")
        step = action["action"]
        if step.get("type") not in self.game.host_actions:
            raise IllegalAction("not-a-host-action", "the host cannot do that in this game")
        events = self.game.apply(self.game_state, None, step, now)
        return events + self._check_end(now)

    def _write_card(self, action: dict, now: float) -> list[Event]:
        """A player adds a card to the table's custom cards, in the lobby, when the host allows
        it. The card is user-written (the game marks it) and meets the game's own limits."""
        member = self._actor(action)
        if not member.player or member.bot:
            raise TableError("not-a-player", "only players write cards")
        if not self.player_cards:
            raise TableError("no-player-cards", "the host has not let players write cards", 403)
        if self.status == "playing":
            raise TableError("game-running", "cards are written between games", 409)
        option = {"white": "customWhiteCards", "black": "customBlackCards"}.get(action["color"])
        if option not in self.options:
            raise TableError("no-custom-cards", "this game has no custom cards")
        text = clean_text(action["text"], MAX_CARD_TEXT, "card")
        try:
            options = self.game.options({**self.options, option: [*self.options[option], text]})
        except ValueError as error:
            raise TableError("bad-card", str(error)) from None
        self.options = options
        color = action["color"]
        return [everyone("card-written", member=member.id, color=color, text=text)]

    def _retire_cards(self, action: dict, now: float) -> list[Event]:
        """The server retires cards moderators hid from the running game (not a member's
        action: clients cannot send it)."""
        if self.status != "playing":
            raise TableError("no-game", "no game is running at this table")
        step = {"type": "retire-cards", "cards": action["cards"]}
        return self.game.apply(self.game_state, None, step, now) + self._check_end(now)


LOBBY_ACTIONS = {
    "join": TableState._join,
    "leave": TableState._leave,
    "kick": TableState._kick,
    "settings": TableState._settings,
    "start": TableState._start,
    "add-bot": TableState._add_bot,
    "transfer-host": TableState._transfer_host,
    "chat": TableState._chat,
    "back": TableState._back,
    "host-action": TableState._game_table_action,
    "write-card": TableState._write_card,
    "retire-cards": TableState._retire_cards,
    "away": TableState._away,
    "present": TableState._present,
    "skip-waiting": TableState._skip_waiting,
    "claim": TableState._claim,
    "abandon": TableState._abandon,
    "sit": TableState._sit,
    "answer-team": TableState._answer_team,
}


def _in_range(action: dict, name: str, current: int, bounds: tuple[int, int]) -> int:
    """A number setting from a `settings` action (or `current` when it is not set), within
    `bounds`; TableError otherwise."""
    value = action.get(name)
    if value is None:
        return current
    if isinstance(value, bool) or not isinstance(value, int) or not bounds[0] <= value <= bounds[1]:
        raise TableError("bad-settings", f"{name} must be between {bounds[0]} and {bounds[1]}")
    return value


def _changed_settings(action: dict) -> set[str]:
    """The settings a `settings` action changes (a null password or series removes it)."""
    nullable = ("password", "series")
    return {k for k, v in action.items() if v is not None or k in nullable} - {"type", "by"}


def _secrets(action: dict) -> dict:
    return {
        "token": action.get("token"),
        "client": action.get("client"),
        "address": action.get("address"),
    }


def _jsonable(value):
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value
