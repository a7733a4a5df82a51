"""Creating a table and joining one: the checks that come before the first step (bans, quotas
and join limits, the game and its options, names), then that step, logged."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import orjson

from ... import games
from ...store import Entry
from ...table.errors import ErrorCode, TableError
from ...table.names import MAX_NAME, MAX_TABLE_NAME, clean_text
from ...table.state import TableState
from ..refusals import no_table
from ..tokens import hashed_password, new_code, new_token, password_matches, token_hash
from .bodies import CreateTable, Joined, JoinTable

if TYPE_CHECKING:
    from ..site import Site

#: Codes tried before a create gives up (each is random: a clash is rare).
CODE_ATTEMPTS = 20


async def create_table(site: Site, body: CreateTable, address: str) -> Joined:
    """Open a table with its host seated; the host's secret token is in the answer."""
    await site.moderation.bans.check(token_hash(body.client), address)
    site.quotas.create_table(address)
    try:
        game = games.get(body.game)
    except KeyError:
        raise TableError(
            ErrorCode.UNKNOWN_GAME, f"no game {body.game!r}; games: {', '.join(games.ids())}"
        ) from None
    words = site.moderation.word_filter
    await site.decks.offer(body.options)
    words.check_options(game, body.options)
    try:
        options = game.host_options(body.options, site.decks)
    except ValueError as error:
        raise TableError(ErrorCode.BAD_OPTIONS, str(error)) from None
    name = clean_text(body.name, MAX_NAME, ErrorCode.BAD_NAME)
    table_name = clean_text(
        body.table_name or f"{name}'s table", MAX_TABLE_NAME, ErrorCode.BAD_TABLE_NAME
    )
    words.check(name, "name")
    words.check(table_name, "table name")
    token = new_token()
    wall = site.settings.clock.time()
    action = {
        "type": "create",
        "game": game.id,
        "options": options,
        "name": table_name,
        "public": body.public,
        "password": await hashed_password(body.password),
        "created": wall,
        "host": {
            "name": name,
            "token": token_hash(token),
            "client": token_hash(body.client),
            "address": address,
        },
    }
    first = Entry(1, "lobby", None, orjson.loads(orjson.dumps(action)), 0.0, wall)
    for _ in range(CODE_ATTEMPTS):
        code = new_code()
        while not site.settings.owns(code):  # one of several workers: a code of its own
            code = new_code()
        state = TableState.create(code, first, site.decks)
        if await site.store.create_table(state.summary(), first):
            site.metrics.actions["lobby"] += 1
            site.tables.hold(state).start()
            return Joined(code=code, member=0, token=token, spectate=False)
    raise TableError(ErrorCode.UNAVAILABLE, "no free table code found; try again", 503)


async def join_table(site: Site, code: str, body: JoinTable, address: str) -> Joined:
    """Take a seat at table `code` (or watch); the member's secret token is in the answer."""
    client = token_hash(body.client)
    joins = site.limiters.joins
    if not (joins.take(address) and joins.take(client)):
        raise TableError(ErrorCode.RATE_LIMITED, "too many join attempts; wait a little", 429)
    await site.moderation.bans.check(client, address)
    site.moderation.word_filter.check(body.name, "name")
    live = await site.tables.get(code)
    if live is None:
        raise no_table()
    stored = live.state.password
    if stored is not None and not (
        body.password and await asyncio.to_thread(password_matches, body.password, stored)
    ):
        raise no_table()  # a wrong password tells no more than a wrong code
    token = new_token()
    action = {
        "type": "join",
        "name": body.name,
        "token": token_hash(token),
        "client": client,
        "address": address,
        "spectate": body.spectate,
        "ask_team": body.team_with,
    }
    await live.act("lobby", None, action)
    member = live.state.member_by_token(token_hash(token))
    spectate = member.role == "spectator"  # one asking to share a seat watches until then
    return Joined(code=live.code, member=member.id, token=token, spectate=spectate)
