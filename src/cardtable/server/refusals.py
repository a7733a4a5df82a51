"""The refusals several parts of the server answer alike."""

from __future__ import annotations

from ..table.errors import ErrorCode, TableError

#: What a request refused because the database does not answer is told.
UNAVAILABLE_MESSAGE = "the database does not answer; try again in a moment"


def unavailable() -> TableError:
    """The database does not answer: nothing was stored; the same request may succeed in a
    moment (503)."""
    return TableError(ErrorCode.UNAVAILABLE, UNAVAILABLE_MESSAGE, 503)


def no_table() -> TableError:
    """The answer to an unknown code and to a code one may not look at: the same for both."""
    return TableError(
        ErrorCode.NOT_FOUND, "no table with that code, or it is not yours to see", 404
    )


def rate_limited() -> TableError:
    """Too many requests naming table codes from one address (`Limiters.lookups`)."""
    return TableError(
        ErrorCode.RATE_LIMITED, "too many requests naming table codes; wait a little", 429
    )
