"""Reports and bans in the database: filing, listing and resolving reports; adding, listing
and lifting bans. Rows come back as plain dicts with their JSON columns decoded."""

from __future__ import annotations

import time
from typing import Any

import orjson
from sqlalchemy import insert, or_, select, update

from .schema import bans, reports
from .store import Store

REPORT_STATUSES = ("open", "dismissed", "actioned")


def _json(value: Any) -> str:
    return orjson.dumps(value).decode()


def _report(row) -> dict[str, Any]:
    return {
        "id": row.id,
        "code": row.table_code,
        "reporter": orjson.loads(row.reporter),
        "kind": row.target_kind,
        "target": orjson.loads(row.target),
        "reason": row.reason,
        "status": row.status,
        "created_at": row.created_at,
        "resolved_at": row.resolved_at,
        "resolution": None if row.resolution is None else orjson.loads(row.resolution),
    }


def _ban(row, now: float) -> dict[str, Any]:
    active = not row.lifted and (row.until is None or row.until > now)
    return {
        "id": row.id,
        "client": row.client_hash,
        "address": row.address,
        "reason": row.reason,
        "created_at": row.created_at,
        "until": row.until,
        "lifted": row.lifted,
        "active": active,
    }


async def add_report(
    store: Store, code: str, reporter: dict, kind: str, target: dict, reason: str
) -> int:
    """Store an open report; returns its id."""
    values = {
        "table_code": code,
        "reporter": _json(reporter),
        "target_kind": kind,
        "target": _json(target),
        "reason": reason,
        "status": "open",
        "created_at": time.time(),
    }
    async with store.engine.begin() as connection:
        result = await connection.execute(insert(reports).values(**values))
    return result.inserted_primary_key[0]


async def list_reports(store: Store, status: str | None, limit: int = 500) -> list[dict]:
    """Reports in `status` (None: every status), oldest first."""
    query = select(reports).order_by(reports.c.id).limit(limit)
    if status is not None:
        query = query.where(reports.c.status == status)
    return [_report(row) for row in await store.rows(query)]


async def get_report(store: Store, report_id: int) -> dict | None:
    query = select(reports).where(reports.c.id == report_id)
    row = await store.first(query)
    return None if row is None else _report(row)


async def resolve_report(store: Store, report_id: int, status: str, resolution: dict) -> bool:
    """Close an open report; False when it is not open (resolved meanwhile, or unknown)."""
    query = (
        update(reports)
        .where(reports.c.id == report_id, reports.c.status == "open")
        .values(status=status, resolved_at=time.time(), resolution=_json(resolution))
    )
    async with store.engine.begin() as connection:
        return (await connection.execute(query)).rowcount == 1


async def add_ban(
    store: Store,
    client_hash: str | None,
    address: str | None,
    reason: str,
    until: float | None,
    now: float,
) -> dict:
    """Store a ban made at `now` (`until` None: for good) and return it."""
    values = {
        "client_hash": client_hash,
        "address": address,
        "reason": reason,
        "created_at": now,
        "until": until,
        "lifted": False,
    }
    async with store.engine.begin() as connection:
        result = await connection.execute(insert(bans).values(**values))
        query = select(bans).where(bans.c.id == result.inserted_primary_key[0])
        row = (await connection.execute(query)).one()
    return _ban(row, now)


async def lift_ban(store: Store, ban_id: int, now: float) -> dict | None:
    """Lift a ban; returns it as it stands at `now`, or None when there is no such ban."""
    async with store.engine.begin() as connection:
        await connection.execute(update(bans).where(bans.c.id == ban_id).values(lifted=True))
        row = (await connection.execute(select(bans).where(bans.c.id == ban_id))).first()
    return None if row is None else _ban(row, now)


async def list_bans(store: Store, now: float, active_only: bool, limit: int = 1000) -> list[dict]:
    """Bans as they stand at `now`, newest first; `active_only`: those neither lifted nor
    expired."""
    query = select(bans).order_by(bans.c.id.desc()).limit(limit)
    if active_only:
        query = query.where(
            bans.c.lifted.is_(False), or_(bans.c.until.is_(None), bans.c.until > now)
        )
    return [_ban(row, now) for row in await store.rows(query)]
