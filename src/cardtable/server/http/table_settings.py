"""`GET /api/table-settings`: the table's own number settings as a form draws them."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from ...table import settings

router = APIRouter()


@router.get("/api/table-settings")
async def table_settings() -> list[dict[str, Any]]:
    """Each number setting of a table (name, kind, bounds, default, label, help), in the order
    a form shows them; the `settings` table action checks exactly these."""
    return settings.describe()
