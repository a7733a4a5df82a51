"""The WebSocket endpoint `/ws/{code}`: hello with a token, then actions in, updates out.

After the hello, every message goes to the connection's inbox (inbox.py): straight from the
socket where the server offers it (direct_socket.py), else as ASGI receives them. A hello
that needs the database while it does not answer (to load the table, or to read it back from
its log after a step failed to store) is answered `unavailable` and closed with
`CLOSE_UNAVAILABLE`: the client tries again shortly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ...store import DATABASE_ERRORS, database_down
from ...table.errors import ErrorCode, TableError
from ...table.seating import Member
from ..http.context import site_of
from ..live.table import LiveTable
from ..refusals import rate_limited, unavailable
from ..site import Site
from ..tokens import token_hash
from .admission import CLOSE_TOO_MANY
from .connection import CLOSE_BANNED, Connection
from .direct_socket import RECEIVE_DIRECTLY
from .inbox import Inbox, parse
from .messages import PROTOCOL_VERSION, Hello
from .outgoing import error_message

log = logging.getLogger(__name__)

router = APIRouter()

#: An unknown table and a token not at the table close alike, telling no codes apart.
CLOSE_UNAUTHORIZED = 4401
#: A hello the server cannot answer now, its database not answering ("try again later").
CLOSE_UNAVAILABLE = 1013
#: The close code of a refused hello, by error code; any other closes with 1008.
_CLOSES = {
    ErrorCode.UNAUTHORIZED: CLOSE_UNAUTHORIZED,
    ErrorCode.BANNED: CLOSE_BANNED,
    ErrorCode.TOO_MANY_CONNECTIONS: CLOSE_TOO_MANY,
    ErrorCode.UNAVAILABLE: CLOSE_UNAVAILABLE,
}


def _decode(message: dict) -> str | bytes | None:
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return message.get("text") if message.get("text") is not None else message.get("bytes")


async def _refuse(websocket: WebSocket, error: TableError) -> None:
    """Answer a hello with `error` and close as `_CLOSES` says."""
    await websocket.send_text(error_message(error.code, error.message).decode())
    await websocket.close(_CLOSES.get(error.code, 1008))


async def _hello(
    websocket: WebSocket, site: Site, code: str, address: str
) -> tuple[LiveTable, int] | None:
    """Wait for a valid hello; answer and close on anything else. An unknown table and a
    token not at the table answer the same; each such failure spends from the address's
    `Limiters.lookups` bucket, and an address whose bucket is empty is refused before any lookup.
    A connection welcomed is counted by `Site.admission` (past its caps it is refused)."""
    try:
        async with asyncio.timeout(site.settings.hello_timeout):
            raw = _decode(await websocket.receive())
        hello = parse(raw)
        if not isinstance(hello, Hello):
            raise TableError(ErrorCode.HELLO_FIRST, "say hello with your token first")
        if hello.protocol != PROTOCOL_VERSION:
            raise TableError(ErrorCode.PROTOCOL, f"this server speaks protocol {PROTOCOL_VERSION}")
        if not site.limiters.lookups.allows(address):
            raise rate_limited()
        live, member, banned = await _look_up(site, code, token_hash(hello.token), address)
        if live is not None and member is not None and not banned:
            site.admission.admit(live.code, member.id, address)
    except TimeoutError:
        await websocket.close(1008)
        return None
    except TableError as error:
        await _refuse(websocket, error)
        return None
    if live is None or member is None:
        site.limiters.lookups.take(address)
        await _refuse(
            websocket,
            TableError(ErrorCode.UNAUTHORIZED, "no table with that code holds this token"),
        )
        return None
    if banned:
        await _refuse(websocket, TableError(ErrorCode.BANNED, "you are banned from this site"))
        return None
    return live, member.id


async def _look_up(
    site: Site, code: str, token: str, address: str
) -> tuple[LiveTable | None, Member | None, bool]:
    """The table `code` (`misdirected` if another worker serves it), its member holding the
    token hash `token`, and whether they or `address` are banned. TableError `unavailable`
    when the database, needed to load the table or the bans, does not answer."""
    try:
        live = await site.tables.get(code)
        member = None if live is None else live.state.member_by_token(token)
        banned = member is not None and await site.moderation.bans.banned(member.client, address)
    except DATABASE_ERRORS as error:
        why = database_down(error)
        if why is None:
            raise
        log.warning("table %r: hello refused (the database: %s)", code, why)
        raise unavailable() from error
    return live, member, banned


@router.websocket("/ws/{code}")
async def table_socket(websocket: WebSocket, code: str) -> None:
    site = site_of(websocket)
    await websocket.accept()
    address = websocket.client.host if websocket.client else "unknown"
    with contextlib.suppress(WebSocketDisconnect):
        found = await _hello(websocket, site, code, address)
        if found is None:
            return
        live, member = found
        connection = Connection(
            websocket,
            member,
            site.limiters.messages.bucket(f"{live.code}/{member}"),
            site.settings.send_queue_bytes,
            _count_out(site),
        )
        writer = asyncio.create_task(connection.write())
        try:
            await live.connect(connection)
        except TableError as error:  # `unavailable`: the table waits to be read back
            connection.send(error_message(error.code, error.message))
            connection.close(_CLOSES.get(error.code, 1008))
        else:
            await _serve(websocket, Inbox(site, live, connection), connection)
        finally:
            site.admission.release(live.code, member, address)
            await live.disconnect(connection)
            connection.close(1000)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)


def _count_out(site: Site):
    def sent() -> None:
        site.metrics.messages_out += 1

    return sent


async def _serve(websocket: WebSocket, inbox: Inbox, connection: Connection) -> None:
    """Hand the inbox every message until the client goes. Where the server hands them over
    directly, `receive` is left only the disconnect to report."""
    receive_directly = websocket.scope.get("extensions", {}).get(RECEIVE_DIRECTLY)
    if receive_directly is not None:
        receive_directly(inbox.receive)
    while connection.open:
        inbox.receive(_decode(await websocket.receive()))
