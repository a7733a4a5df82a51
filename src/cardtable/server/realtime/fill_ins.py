"""What the server fills into a lobby action a member sends, before the table applies it:
one step per action type that needs any (`FILL_INS`), the others go as they are.

A fill-in checks what only the server can (the word filter, the chat allowance, the decks the
library offers) and adds what only the server may decide (a start's seed, the version of the
rules it is played under and the hidden cards it leaves out, a password's hash, a ban's
address), so the logged action replays alike.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from ...table.errors import ErrorCode, TableError
from ..live.table import LiveTable
from ..moderation.retiring import hidden_at_start
from ..tokens import hashed_password

if TYPE_CHECKING:
    from ..site import Site

FillIn = Callable[["Site", LiveTable, dict], Awaitable[None]]
#: The fill-in of each lobby action type that has one.
FILL_INS: dict[str, FillIn] = {}


def fills(kind: str) -> Callable[[FillIn], FillIn]:
    """Register the decorated coroutine as the fill-in of lobby actions of type `kind`."""

    def register(fill: FillIn) -> FillIn:
        FILL_INS[kind] = fill
        return fill

    return register


async def fill_in(site: Site, live: LiveTable, member: int, action: dict) -> dict:
    """A lobby action from `member`, with what only the server may fill in."""
    action = {**action, "by": member}
    fill = FILL_INS.get(action["type"])
    if fill is not None:
        await fill(site, live, action)
    return action


@fills("chat")
async def _chat(site: Site, live: LiveTable, action: dict) -> None:
    site.moderation.word_filter.check(action["text"], "chat")
    if not site.limiters.chats.take(f"{live.code}/{action['by']}"):
        raise TableError(ErrorCode.RATE_LIMITED, "too many chat lines; wait a little", 429)


@fills("settings")
async def _settings(site: Site, live: LiveTable, action: dict) -> None:
    words = site.moderation.word_filter
    if action.get("name") is not None:
        words.check(action["name"], "table name")
    if action.get("options") is not None:
        await site.decks.offer(action["options"])
        words.check_options(live.state.game, action["options"])
    if "password" in action:
        action["password"] = await hashed_password(action["password"])


@fills("kick")
async def _kick(site: Site, live: LiveTable, action: dict) -> None:
    if action.get("ban"):
        action["ban_address"] = True


@fills("write-card")
async def _write_card(site: Site, live: LiveTable, action: dict) -> None:
    site.moderation.word_filter.check(action["text"], "card")


@fills("start")
async def _start(site: Site, live: LiveTable, action: dict) -> None:
    action["seed"] = secrets.randbits(62)
    action["rules"] = live.state.game.rules
    if hidden := await hidden_at_start(site.moderation.hidden_cards, live):
        action["hidden"] = hidden
