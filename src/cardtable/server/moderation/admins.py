"""Who may moderate, and the record of what they did.

An admin proves it with `Authorization: Bearer <token>`: a token made by `cardtable admin
token` (only its hash is stored) or the one in the CARDTABLE_ADMIN_TOKEN environment variable.
Every moderation action is written to the moderation log."""

from __future__ import annotations

import hmac
import time
from typing import Annotated, Any

import orjson
from fastapi import Header, Request
from sqlalchemy import insert, select

from ...store import Store
from ...store.schema import admin_tokens, moderation_log
from ...table.errors import ErrorCode, TableError
from ..tokens import new_token, token_hash

ADMIN_TOKEN_ENV = "CARDTABLE_ADMIN_TOKEN"


async def issue_token(store: Store) -> str:
    """A new admin token; only its hash is kept."""
    token = new_token()
    async with store.engine.begin() as connection:
        await connection.execute(
            insert(admin_tokens).values(token_hash=token_hash(token), created_at=time.time())
        )
    return token


async def is_admin(store: Store, token: str, env_token: str | None) -> bool:
    if env_token and hmac.compare_digest(token.encode(), env_token.encode()):
        return True
    query = select(admin_tokens.c.token_hash).where(admin_tokens.c.token_hash == token_hash(token))
    return await store.first(query) is not None


async def require_admin(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> None:
    """FastAPI dependency: 401 `not-admin` unless the request carries an admin token."""
    scheme, _, token = (authorization or "").partition(" ")
    site = request.app.state.site
    if (
        scheme.lower() != "bearer"
        or not token
        or not await is_admin(site.store, token.strip(), site.settings.admin_token)
    ):
        raise TableError(ErrorCode.NOT_ADMIN, "this needs an admin token", 401)


async def record(store: Store, action: str, target: dict[str, Any], detail: dict[str, Any]) -> None:
    """Append one moderation action to the log."""
    row = {
        "at": time.time(),
        "action": action,
        "target": orjson.dumps(target).decode(),
        "detail": orjson.dumps(detail).decode(),
    }
    async with store.engine.begin() as connection:
        await connection.execute(insert(moderation_log).values(**row))


async def moderation_history(store: Store, limit: int = 200) -> list[dict[str, Any]]:
    """The newest moderation actions first."""
    query = select(moderation_log).order_by(moderation_log.c.id.desc()).limit(limit)
    return [
        {**row._mapping, "target": orjson.loads(row.target), "detail": orjson.loads(row.detail)}
        for row in await store.rows(query)
    ]
