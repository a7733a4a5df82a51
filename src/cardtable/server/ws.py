"""The WebSocket endpoint `/ws/{code}`: hello with a token, then actions in, updates out.

Every message a client sends is size-checked, rate-limited and validated before it reaches
the table; every refusal is answered with an `error` carrying a stable code.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ..engine import IllegalAction
from .connection import Connection
from .errors import TableError
from .hub import Hub
from .live import LiveTable
from .protocol import (
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    Hello,
    Ping,
    Play,
    Resync,
    ValidationError,
    parse_client_message,
)
from .tokens import token_hash

router = APIRouter()

CLOSE_UNAUTHORIZED = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_BANNED = 4403


def error_message(code: str, message: str, seq: int | None = None, client_id: Any = None) -> bytes:
    return orjson.dumps(
        {"type": "error", "id": client_id, "code": code, "message": message, "seq": seq}
    )


def _decode(message: dict) -> str | bytes | None:
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return message.get("text") if message.get("text") is not None else message.get("bytes")


def _parse(raw: str | bytes | None):
    if raw is None or len(raw) > MAX_MESSAGE_BYTES:
        raise TableError("too-large", f"messages are at most {MAX_MESSAGE_BYTES} bytes")
    try:
        return parse_client_message(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise TableError("bad-message", f"{where}: {first['msg']}"[:200]) from None
    except (ValueError, TypeError):
        raise TableError("bad-message", "a message is one JSON object") from None


async def _hello(websocket: WebSocket, hub: Hub, code: str) -> tuple[LiveTable, int] | None:
    """Wait for a valid hello; answer and close on anything else."""
    try:
        async with asyncio.timeout(hub.settings.hello_timeout):
            raw = _decode(await websocket.receive())
        hello = _parse(raw)
        if not isinstance(hello, Hello):
            raise TableError("hello-first", "say hello with your token first")
        if hello.protocol != PROTOCOL_VERSION:
            raise TableError("protocol", f"this server speaks protocol {PROTOCOL_VERSION}")
    except TimeoutError:
        await websocket.close(1008)
        return None
    except TableError as error:
        await websocket.send_bytes(error_message(error.code, error.message))
        await websocket.close(1008)
        return None
    live = await hub.get(code)
    if live is None:
        await websocket.send_text(error_message("not-found", "no table with that code").decode())
        await websocket.close(CLOSE_NOT_FOUND)
        return None
    member = live.state.member_by_token(token_hash(hello.token))
    if member is None:
        await websocket.send_text(
            error_message("unauthorized", "this token is not at this table").decode()
        )
        await websocket.close(CLOSE_UNAUTHORIZED)
        return None
    address = websocket.client.host if websocket.client else None
    if await hub.bans.banned(member.client, address):
        await websocket.send_text(error_message("banned", "you are banned from this site").decode())
        await websocket.close(CLOSE_BANNED)
        return None
    return live, member.id


@router.websocket("/ws/{code}")
async def table_socket(websocket: WebSocket, code: str) -> None:
    hub: Hub = websocket.app.state.hub
    await websocket.accept()
    with contextlib.suppress(WebSocketDisconnect):
        found = await _hello(websocket, hub, code)
        if found is None:
            return
        live, member = found
        settings = hub.settings
        connection = Connection(
            websocket, member, settings.message_rate, settings.message_burst, _count_out(hub)
        )
        writer = asyncio.create_task(connection.write())
        try:
            await live.connect(connection)
            await _serve(websocket, hub, live, connection)
        finally:
            await live.disconnect(connection)
            connection.close(1000)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)


def _count_out(hub: Hub):
    def sent() -> None:
        hub.metrics.messages_out += 1

    return sent


async def _serve(websocket: WebSocket, hub: Hub, live: LiveTable, connection: Connection) -> None:
    while connection.open:
        raw = _decode(await websocket.receive())
        hub.metrics.messages_in += 1
        client_id = None
        try:
            message = _parse(raw)
            client_id = getattr(message, "id", None)
            if not connection.bucket.take():
                raise TableError("rate-limited", "too many messages; slow down")
            await _dispatch(hub, live, connection, message)
        except (TableError, IllegalAction) as error:
            hub.metrics.rejected[error.code] += 1
            connection.send(error_message(error.code, error.message, live.state.seq, client_id))


async def _dispatch(hub: Hub, live: LiveTable, connection: Connection, message) -> None:
    if isinstance(message, Ping):
        connection.send(orjson.dumps({"type": "pong", "seq": live.state.seq}))
    elif isinstance(message, Resync):
        await live.resync(connection)
    elif isinstance(message, Hello):
        raise TableError("hello-again", "this connection already said hello")
    elif isinstance(message, Play):
        seat = live.state.seat_of(connection.member)
        if seat is None or live.state.members[connection.member].left:
            raise TableError("not-a-player", "you hold no seat in this game")
        hub.check_play(message.action)
        await live.act("game", seat, message.action, connection, message.id)
    else:
        action = await hub.table_action(
            live, connection.member, message.action.model_dump(exclude_unset=True)
        )
        await live.act("lobby", None, action, connection, message.id)
