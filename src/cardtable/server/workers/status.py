"""What `/api/health` and `/metrics` say: each server process reports its status as plain
data, and the site's answer is drawn from one process's status, or from every worker's when
`cardtable serve --workers` runs several (the dispatcher gathers them)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from ...store import database_down
from ..metrics import Metrics

if TYPE_CHECKING:
    from ..site import Site

log = logging.getLogger(__name__)

#: The content type of `/metrics`. `/api/health` and `/metrics` answer `unavailable` (503)
#: when a process's database does not answer.
PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8"


async def process_status(site: Site, counts: bool = True) -> dict[str, Any]:
    """This process's status: whether its database answers, the tables it holds and its
    figures (`ok` False, and nothing else, when the database does not answer). `counts`: with
    the database's tables by status, which only `/metrics` shows."""
    try:
        await site.store.ping()
        table_counts = await site.store.table_counts() if counts else None
    except Exception as error:
        why = database_down(error)
        if why is None:
            log.exception("the database could not be asked")
        else:
            log.warning("the database does not answer: %s", why)
        return {"ok": False}
    return {
        "ok": True,
        "database": site.store.engine.dialect.name,
        "tables": len(site.tables.held),
        "table_counts": table_counts,
        "metrics": site.metrics.snapshot(),
    }


def health(statuses: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The health document of a site whose processes report `statuses`; None if one is down."""
    if not all(status["ok"] for status in statuses):
        return None
    return {
        "status": "ok",
        "database": statuses[0]["database"],
        "tables": sum(status["tables"] for status in statuses),
        "connections": sum(status["metrics"]["connections"] for status in statuses),
    }


def metrics_text(statuses: list[dict[str, Any]]) -> str | None:
    """The Prometheus text of a site whose processes report `statuses`; None if one is down.
    The database's table counts are the site's; every other figure is the processes' sum."""
    if not all(status["ok"] for status in statuses):
        return None
    total = Metrics.summed([status["metrics"] for status in statuses])
    return total.render(statuses[0]["table_counts"], sum(s["tables"] for s in statuses))
