"""`GET /api/games`: every game with its seats, options, presets and bots."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from ... import bots, games

router = APIRouter()


@router.get("/api/games")
async def list_games() -> list[dict[str, Any]]:
    """Every game with its seats, options, presets and the bots its lobby offers."""
    return [{**games.get(g).describe(), "bots": list(bots.offered(g))} for g in games.ids()]
