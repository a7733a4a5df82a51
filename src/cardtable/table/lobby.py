"""The lobby reducer: one handler per lobby action, registered under the action's type.

`LOBBY_ACTIONS` maps each type of a `lobby` log entry to its handler, `handler(table, action,
now) -> events`; reducer.py looks the handler up for every such entry. Members send most of
these (join, leave, kick, settings, start, chat, ...); a few are the server's own steps, which
clients cannot send (`away`, `present`, `abandon`, `retire-cards`). A handler checks everything
before it changes anything: a refused action raises TableError or IllegalAction and leaves the
table as it was. Adding a lobby action is one handler here (and its message model,
server/realtime/messages.py, if members send it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import bots
from ..engine import Event, IllegalAction, everyone
from ..engine.capabilities import ModeratedCards, WrittenCards
from .errors import ErrorCode, TableError
from .names import MAX_CHAT, MAX_NAME, MAX_TABLE_NAME, clean_text, name_key
from .seating import Member, SeatStatus, member_secrets
from .series import Series
from .settings import CHAT_MODES, NUMBER_SETTINGS, changed
from .state import TableState

#: Longest card a player writes; the game's own limits apply too (CAH white cards: 120).
MAX_CARD_TEXT = 200
CLAIM_OUTCOMES = ("win", "abandon")

LobbyHandler = Callable[[TableState, dict, float], list[Event]]
#: The handler of each lobby action, by its type.
LOBBY_ACTIONS: dict[str, LobbyHandler] = {}


def lobby_action(kind: str) -> Callable[[LobbyHandler], LobbyHandler]:
    """Register the decorated function as the handler of lobby actions of type `kind`."""

    def register(handler: LobbyHandler) -> LobbyHandler:
        LOBBY_ACTIONS[kind] = handler
        return handler

    return register


# -- who acts, and on whom --------------------------------------------------------------------


def _actor(table: TableState, action: dict) -> Member:
    member = table.members.get(action.get("by"))
    if member is None or member.left:
        raise TableError(ErrorCode.NOT_A_MEMBER, "you are not at this table")
    return member


def _host_actor(table: TableState, action: dict) -> Member:
    member = _actor(table, action)
    if member.id != table.host:
        raise TableError(ErrorCode.NOT_HOST, "only the host may do that")
    return member


def _target(table: TableState, action: dict) -> Member:
    member = table.members.get(action.get("member"))
    if member is None or member.left:
        raise TableError(ErrorCode.UNKNOWN_MEMBER, "no such member at this table")
    return member


def _check_name_free(table: TableState, name: str) -> None:
    key = name_key(name)
    if any(name_key(m.name) == key for m in table.present()):
        raise TableError(ErrorCode.NAME_TAKEN, "someone at this table already has that name", 409)


def _check_room(table: TableState) -> None:
    if len(table.lobby_seats()) >= table.seat_range()[1]:
        raise TableError(ErrorCode.TABLE_FULL, "every seat at this table is taken", 409)


@lobby_action("join")
def join(table: TableState, action: dict, now: float) -> list[Event]:
    if any(action.get(key) in table.banned for key in ("token", "client", "address")):
        raise TableError(ErrorCode.BANNED, "the host has banned you from this table", 403)
    name = clean_text(action["name"], MAX_NAME, ErrorCode.BAD_NAME)
    _check_name_free(table, name)
    role = "spectator" if action.get("spectate") else "player"
    member = Member(len(table.members), name, role, **member_secrets(action))
    events: list[Event] = []
    if action.get("ask_team") is not None:  # watches until the partner accepts
        member.asks = _check_partner(table, action["ask_team"], role)
        member.role = role = "spectator"
        events = [everyone("team-asked", member=member.id, partner=member.asks)]
    elif action.get("team_with") is not None:  # logs from before partners were asked
        member.team = _check_partner(table, action["team_with"], role)
    elif role == "player":
        if table.status == "playing":
            events = _late_join(table, member, now)
        else:
            _check_room(table)
    table.members[member.id] = member
    if table.host is None and role == "player":
        table.host = member.id
    return [everyone("player-joined", member=member.id, name=name, role=role), *events]


def _check_partner(table: TableState, partner_id: int, role: str) -> int:
    if role != "player" or table.status == "playing":
        raise TableError(ErrorCode.BAD_TEAM, "partners join as players before the game starts")
    partner = table.members.get(partner_id)
    if partner is None or not partner.player or partner.bot or partner.team is not None:
        raise TableError(ErrorCode.BAD_TEAM, "team up with a human player who holds their own seat")
    capacity = table.game.seat_capacity(table.options)
    if 1 + sum(1 for m in table.players() if m.team == partner.id) >= capacity:
        raise TableError(
            ErrorCode.TEAM_FULL, f"a seat holds at most {capacity} people in this game", 409
        )
    return partner.id


@lobby_action("answer-team")
def answer_team(table: TableState, action: dict, now: float) -> list[Event]:
    """The player a spectator asked to share a seat with (or the host) accepts or
    declines; accepted, the spectator becomes that seat's partner."""
    actor = _actor(table, action)
    asker = _target(table, action)
    if asker.asks is None or asker.role != "spectator":
        raise TableError(ErrorCode.NO_TEAM_REQUEST, "that member asks to share no seat", 409)
    if actor.id not in (asker.asks, table.host):
        raise TableError(ErrorCode.NOT_ASKED, "only the player asked, or the host, may answer", 403)
    partner = asker.asks
    if not action.get("accept"):
        asker.asks = None
        return [everyone("team-declined", member=asker.id, partner=partner)]
    asker.team = _check_partner(table, partner, "player")
    asker.role, asker.asks = "player", None
    return [everyone("team-accepted", member=asker.id, partner=partner)]


def _late_join(table: TableState, member: Member, now: float) -> list[Event]:
    join = table.game.join_action(table.game_state)
    if join is None:
        raise TableError(
            ErrorCode.GAME_RUNNING, "this game does not take new players once started", 409
        )
    events = table.game.apply(table.game_state, None, join, now)
    table.seats.append(SeatStatus([member.id]))
    return events


@lobby_action("leave")
def leave(table: TableState, action: dict, now: float) -> list[Event]:
    member = _actor(table, action)
    return [everyone("player-left", member=member.id), *_remove(table, member, now)]


@lobby_action("kick")
def kick(table: TableState, action: dict, now: float) -> list[Event]:
    host = _host_actor(table, action)
    target = _target(table, action)
    if target.id == host.id:
        raise TableError(ErrorCode.BAD_TARGET, "the host cannot kick themselves; leave instead")
    events = _remove(table, target, now)
    if action.get("ban"):
        # `ban_address`: the server asked for the address too (logs before it did not).
        address = target.address if action.get("ban_address") else None
        table.banned.update(s for s in (target.token, target.client, address) if s)
    return [everyone("player-kicked", member=target.id, ban=bool(action.get("ban"))), *events]


def _remove(table: TableState, member: Member, now: float) -> list[Event]:
    events: list[Event] = []
    seat = table.seat_of(member.id)
    if seat is not None and table.status == "playing":
        status = table.seats[seat]
        if all(table.members[m].left for m in status.members if m != member.id):
            leave = table.game.leave_action(table.game_state, seat)
            if leave is not None:
                events += table.game.apply(table.game_state, None, leave, now)
                events += table.check_end(now)
            status.gone = True
            if status.absent_since is None:
                status.absent_since = now
    member.left = True
    for asker in table.members.values():
        if asker.asks == member.id:
            asker.asks = None
    partners = [m for m in table.players() if m.team == member.id]
    for partner in partners:
        partner.team = partners[0].id if partner is not partners[0] else None
    return events + _pass_host(table)


def _pass_host(table: TableState) -> list[Event]:
    """The host role passes to the longest-seated human player still here (not away)
    when its holder left or is away; it stays where it is when there is nobody to take
    it, and comes back to an earlier host only if passed back."""
    host = table.members.get(table.host) if table.host is not None else None
    if host is not None and not host.left and not host.away:
        return []
    here = [m for m in table.players() if m.bot is None and not m.away]
    if here:
        table.host = here[0].id
    elif host is None or host.left:
        table.host = None
    else:
        return []
    return [everyone("host-changed", member=table.host)]


@lobby_action("away")
def away(table: TableState, action: dict, now: float) -> list[Event]:
    """The server marks members away: every connection of theirs has been gone for the
    grace period (not a member's action: clients cannot send it). A seat whose people
    are all away is away; an away host hands the role on."""
    events: list[Event] = []
    for member in _presence_targets(table, action, away=False):
        member.away = True
        events.append(everyone("member-away", member=member.id))
        seat = table.seat_of(member.id)
        if seat is not None and table.status == "playing":
            holders = [table.members[m] for m in table.seats[seat].members]
            if all(m.away or m.left for m in holders):
                events += table.seat_away(seat, "gone", now)
    return events + _pass_host(table)


@lobby_action("present")
def present(table: TableState, action: dict, now: float) -> list[Event]:
    """Members marked away are back (a connection of theirs opened): their seat takes
    over from its autopilot at once, and a table with no host here gets one."""
    events: list[Event] = []
    for member in _presence_targets(table, action, away=True):
        member.away = False
        events.append(everyone("member-back", member=member.id))
        seat = table.seat_of(member.id)
        if seat is not None and table.status == "playing":
            events += table.seat_back(seat)
    return events + _pass_host(table)


def _presence_targets(table: TableState, action: dict, away: bool) -> list[Member]:
    ids = action.get("members")
    if not isinstance(ids, list):
        raise TableError(ErrorCode.BAD_ACTION, "'members' lists member ids")
    targets = [
        m
        for i in ids
        if (m := table.members.get(i)) is not None and not m.left and not m.bot
        if m.away == away
    ]
    if not targets:
        raise TableError(ErrorCode.NO_CHANGE, "nobody's presence changes")
    return targets


@lobby_action("skip-waiting")
def skip_waiting(table: TableState, action: dict, now: float) -> list[Event]:
    """The host stops waiting for the seats held by people that the game waits on now:
    they are marked away, so the game skips them or plays them on autopilot until their
    people act again."""
    _host_actor(table, action)
    if table.status != "playing":
        raise TableError(ErrorCode.NO_GAME, "no game is running at this table")
    waiting = table.game.to_act(table.game_state) - table.robot_seats().keys()
    events = [e for seat in sorted(waiting) for e in table.seat_away(seat, "skipped", now)]
    if not events:
        raise TableError(ErrorCode.NOBODY_TO_SKIP, "the game is not waiting for anyone", 409)
    return events


@lobby_action("claim")
def claim(table: TableState, action: dict, now: float) -> list[Event]:
    """The one player still here ends a game whose other seats have been away for
    `claim_after` seconds: as a win (they place first, everyone else second) or without
    a result."""
    member = _actor(table, action)
    claim = table.claim()
    if claim is None or member.id not in claim["members"]:
        raise TableError(ErrorCode.NO_CLAIM, "only a player left alone in a game may claim it", 403)
    if now < claim["at"]:
        wait = claim["at"] - now
        raise TableError(ErrorCode.TOO_EARLY, f"the game may be claimed in {wait:.0f} s", 409)
    outcome = action.get("outcome")
    if outcome not in CLAIM_OUTCOMES:
        raise TableError(ErrorCode.BAD_ACTION, "a claim is a 'win' or 'abandon'")
    seat = table.seat_of(member.id)
    if outcome == "win":
        places = [1 if s == seat else 2 for s in range(len(table.seats))]
        _end_by_table(table, now, "claimed", places, [seat])
    else:
        _end_by_table(table, now, "abandoned", None, [])
    events = [
        everyone("game-claimed", member=member.id, outcome=outcome),
        everyone("table-game-over", game_number=table.game_number),
    ]
    if table.series is not None and outcome == "win":
        seats = [status.members for status in table.seats]
        events += table.series.game_ended(seats, table.results[-1], now)
    return events


@lobby_action("abandon")
def abandon(table: TableState, action: dict, now: float) -> list[Event]:
    """The server ends a game no person has attended for the site's `abandon_after`
    seconds (nobody connected, no step), without a result, as a claim's `abandon` does
    (not a member's action: clients cannot send it)."""
    if table.status != "playing":
        raise TableError(ErrorCode.NO_GAME, "no game is running at this table")
    _end_by_table(table, now, "abandoned", None, [])
    return [
        everyone("game-abandoned"),
        everyone("table-game-over", game_number=table.game_number),
    ]


def _end_by_table(
    table, now: float, reason: str, places: list[int] | None, winners: list[int]
) -> None:
    """End the running game for a reason of the table's, not the game's own rules."""
    table.status = "ended"
    ended = {
        "game_number": table.game_number,
        "finished_at": table.created_wall + now,
        "names": table.seat_names(),
    }
    table.results.append({**ended, "reason": reason, "places": places, "winners": winners})


@lobby_action("sit")
def sit(table: TableState, action: dict, now: float) -> list[Event]:
    """A spectator takes a seat: before or between games while one is free, or in a
    game that takes players mid-game (CAH: from the next round, K24)."""
    member = _actor(table, action)
    if member.role != "spectator":
        raise TableError(ErrorCode.NOT_A_SPECTATOR, "you already play at this table", 409)
    if not table.late_join_open():
        raise TableError(ErrorCode.NO_SEAT, "no seat can be taken at this table now", 409)
    events = _late_join(table, member, now) if table.status == "playing" else []
    member.role, member.asks = "player", None
    if table.host is None:
        table.host = member.id
    return [everyone("member-seated", member=member.id), *events]


@lobby_action("settings")
def settings(table: TableState, action: dict, now: float) -> list[Event]:
    _host_actor(table, action)
    if table.status == "playing" and changed(action) - {"chat"}:
        raise TableError(ErrorCode.GAME_RUNNING, "only chat changes during a game", 409)
    chat_mode = action.get("chat") or table.chat_mode
    if chat_mode not in CHAT_MODES:
        raise TableError(ErrorCode.BAD_SETTINGS, f"chat is one of {', '.join(CHAT_MODES)}")
    options = table.options
    if action.get("options") is not None:
        try:
            options = table.game.host_options(action["options"], table.decks)
        except ValueError as error:
            raise TableError(ErrorCode.BAD_OPTIONS, str(error)) from None
    name = table.name
    if action.get("name") is not None:
        name = clean_text(action["name"], MAX_TABLE_NAME, ErrorCode.BAD_TABLE_NAME)
    numbers = {s.name: s.read(action, getattr(table, s.name)) for s in NUMBER_SETTINGS}
    series = Series.from_setting(action["series"]) if "series" in action else table.series
    table.options, table.name = options, name
    for setting_name, value in numbers.items():
        setattr(table, setting_name, value)
    table.series = series
    table.chat_mode = chat_mode
    if action.get("player_cards") is not None:
        table.player_cards = action["player_cards"]
    if action.get("public") is not None:
        table.public = action["public"]
    if "password" in action:
        table.password = action["password"]
    return [everyone("settings-changed")]


@lobby_action("start")
def start(table: TableState, action: dict, now: float) -> list[Event]:
    _host_actor(table, action)
    if table.status == "playing":
        raise TableError(ErrorCode.GAME_RUNNING, "a game is already running", 409)
    seats = table.lobby_seats()
    low, high = table.seat_range()
    if not low <= len(seats) <= high:
        raise TableError(ErrorCode.SEAT_COUNT, f"this game needs {low} to {high} players")
    state = None
    if action.get("rules", table.game.rules) == table.game.rules:
        state = _new_game(table, seats, action, now)
    if table.series is not None:
        names = {m.id: m.name for m in table.present()}
        table.series.game_starting(seats, names, now)
    table.game_state = state
    table.seats = [SeatStatus(members) for members in seats]
    table.status = "playing"
    table.game_number += 1
    events = [everyone("game-started", game_number=table.game_number, seats=seats)]
    if state is None:
        # Logged under other rules (`Game.rules`), the game would replay wrong: it ends here,
        # without a result, and the replay passes over its steps (reducer.replay).
        _end_by_table(table, now, "rules-changed", None, [])
        events.append(everyone("table-game-over", game_number=table.game_number))
    return events


def _new_game(table: TableState, seats: list[list[int]], action: dict, now: float) -> Any:
    """The game state a start deals: the rematch's options after a game, the cards moderators
    hid left out."""
    options = _rematch_options(table, seats) if table.status == "ended" else table.options
    try:
        hidden = action.get("hidden")  # cards moderators hid, as the server saw them
        if hidden and isinstance(table.game, ModeratedCards):
            options = table.game.without_cards(options, hidden)
        return table.game.new(
            options, seats=len(seats), seed=action["seed"], now=now, decks=table.decks
        )
    except ValueError as error:
        raise TableError(ErrorCode.BAD_OPTIONS, str(error)) from None


def _rematch_options(table: TableState, seats: list[list[int]]) -> dict:
    """The next game's options from how the last one ended (`Game.next_options`), its
    seats mapped to the new ones by who holds them."""
    if table.other_rules:  # ended unplayed: no result to take the next options from
        return table.options
    result = table.game.result(table.game_state)
    if result is None:  # claimed or abandoned (`claim`): the game itself did not end
        return table.options
    new_seat = {member: seat for seat, members in enumerate(seats) for member in members}
    moves = {
        old: new_seat[member]
        for old, status in enumerate(table.seats)
        for member in status.members
        if member in new_seat
    }
    return table.game.next_options(table.options, result, moves)


@lobby_action("add-bot")
def add_bot(table: TableState, action: dict, now: float) -> list[Event]:
    _host_actor(table, action)
    if table.status == "playing":
        raise TableError(ErrorCode.GAME_RUNNING, "bots join between games", 409)
    bot = action.get("bot", "random")
    if bot not in bots.names(table.game_id):
        raise TableError(
            ErrorCode.UNKNOWN_BOT, f"bots for this game: {', '.join(bots.names(table.game_id))}"
        )
    _check_room(table)
    number = 1
    while any(name_key(m.name) == f"bot {number}" for m in table.present()):
        number += 1
    member = Member(len(table.members), f"Bot {number}", "player", bot=bot)
    table.members[member.id] = member
    return [everyone("player-joined", member=member.id, name=member.name, role="player")]


@lobby_action("transfer-host")
def transfer_host(table: TableState, action: dict, now: float) -> list[Event]:
    _host_actor(table, action)
    target = _target(table, action)
    if not target.player or target.bot:
        raise TableError(ErrorCode.BAD_TARGET, "the host must be a human player")
    table.host = target.id
    return [everyone("host-changed", member=target.id)]


@lobby_action("chat")
def chat(table: TableState, action: dict, now: float) -> list[Event]:
    member = _actor(table, action)
    if table.chat_mode == "off":
        raise TableError(ErrorCode.CHAT_OFF, "the host turned chat off at this table", 403)
    if table.chat_mode == "players" and member.role == "spectator":
        raise TableError(ErrorCode.MUTED, "the host muted spectators at this table", 403)
    text = clean_text(action["text"], MAX_CHAT, ErrorCode.BAD_CHAT, multiline=True)
    line = {"member": member.id, "name": member.name, "text": text, "seq": table.seq + 1}
    table.chat.append(line)
    return [everyone("chat", **line)]


@lobby_action("back")
def back(table: TableState, action: dict, now: float) -> list[Event]:
    member = _actor(table, action)
    seat = table.seat_of(member.id)
    if seat is None or not table.seats[seat].away:
        raise TableError(ErrorCode.NOT_AWAY, "you are not marked away")
    return table.seat_back(seat)


@lobby_action("host-action")
def host_action(table: TableState, action: dict, now: float) -> list[Event]:
    _host_actor(table, action)
    if table.status != "playing":
        raise TableError(ErrorCode.NO_GAME, "no game is running at this table")
    step = action["action"]
    if step.get("type") not in table.game.host_actions:
        raise IllegalAction(ErrorCode.NOT_A_HOST_ACTION, "the host cannot do that in this game")
    events = table.game.apply(table.game_state, None, step, now)
    return events + table.check_end(now)


@lobby_action("write-card")
def write_card(table: TableState, action: dict, now: float) -> list[Event]:
    """A player adds a card to the table's custom cards, in the lobby, when the host allows
    it. The card is user-written (the game marks it) and meets the game's own limits."""
    member = _actor(table, action)
    if not member.player or member.bot:
        raise TableError(ErrorCode.NOT_A_PLAYER, "only players write cards")
    if not table.player_cards:
        raise TableError(ErrorCode.NO_PLAYER_CARDS, "the host has not let players write cards", 403)
    if table.status == "playing":
        raise TableError(ErrorCode.GAME_RUNNING, "cards are written between games", 409)
    game = table.game
    if not isinstance(game, WrittenCards):
        raise TableError(ErrorCode.NO_CUSTOM_CARDS, "this game has no custom cards")
    text = clean_text(action["text"], MAX_CARD_TEXT, ErrorCode.BAD_CARD)
    try:
        options = game.with_written_card(table.options, action["color"], text, table.decks)
    except ValueError as error:
        raise TableError(ErrorCode.BAD_CARD, str(error)) from None
    if options is None:
        raise TableError(ErrorCode.NO_CUSTOM_CARDS, "this game has no custom cards")
    table.options = options
    color = action["color"]
    return [everyone("card-written", member=member.id, color=color, text=text)]


@lobby_action("retire-cards")
def retire_cards(table: TableState, action: dict, now: float) -> list[Event]:
    """The server retires cards moderators hid from the running game (not a member's
    action: clients cannot send it)."""
    if table.status != "playing":
        raise TableError(ErrorCode.NO_GAME, "no game is running at this table")
    game = table.game
    if not isinstance(game, ModeratedCards):
        raise TableError(ErrorCode.BAD_ACTION, "this game retires no cards")
    step = game.retire_action(action["cards"])
    return game.apply(table.game_state, None, step, now) + table.check_end(now)
