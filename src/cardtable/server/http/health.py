"""`GET /api/health` and `GET /metrics`: whether the database answers, and the process's
figures in the Prometheus text format (workers/status.py draws both)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel

from ..refusals import unavailable
from ..workers import status
from .context import site_of
from .errors import ERRORS

router = APIRouter()


class Health(BaseModel):
    status: str
    database: str
    tables: int
    connections: int


@router.get("/api/health", responses=ERRORS)
async def health(request: Request) -> Health:
    """Whether the database answers; the tables held in memory and the open connections."""
    document = status.health([await status.process_status(site_of(request), counts=False)])
    if document is None:
        raise unavailable()
    return Health(**document)


@router.get("/metrics", response_class=PlainTextResponse, responses=ERRORS)
async def metrics(request: Request) -> PlainTextResponse:
    """Prometheus text format: tables, connections, actions, latencies."""
    text = status.metrics_text([await status.process_status(site_of(request))])
    if text is None:
        raise unavailable()
    return PlainTextResponse(text, media_type=status.PROMETHEUS_TEXT)
