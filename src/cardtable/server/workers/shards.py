"""Which worker process serves a table when `cardtable serve --workers N` runs several.

Each table belongs to one worker, chosen from its code. The dispatcher hands every connection
whose request names a table (`/ws/{code}`, `/api/tables/{code}...`) to that worker, so a table
is held in one process's memory only and its steps are applied once.
"""

from __future__ import annotations

import re
import zlib
from urllib.parse import unquote

from ..tokens import normalise_code

#: The table a request's first line names: `METHOD /ws/CODE` or `METHOD /api/tables/CODE...`.
_TABLE_TARGET = re.compile(rb"^[A-Z]+ /(?:ws|api/tables)/([^/?# ]+)")


def owner(code: str, workers: int) -> int:
    """The worker (0 to `workers` - 1) that serves the table with canonical code `code`."""
    return zlib.crc32(code.encode()) % workers


def table_named(request_head: bytes) -> str | None:
    """The canonical code of the table the first line of an HTTP request names, or None."""
    match = _TABLE_TARGET.match(request_head)
    if match is None:
        return None
    return normalise_code(unquote(match.group(1).decode("latin-1")))
