"""`GET /api/games`: every game with its seats, options, presets and bots."""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import APIRouter

from ... import bots, games
from ...web.delivery import AssetResponse

router = APIRouter()


@router.get("/api/games", response_model=list[dict[str, Any]])
async def list_games() -> AssetResponse:
    """Every game with its seats, options, presets and the bots its lobby offers (gzipped when
    accepted, with an ETag: the same bytes for every request)."""
    described = [{**games.get(g).describe(), "bots": list(bots.offered(g))} for g in games.ids()]
    return AssetResponse("games.json", orjson.dumps(described))
