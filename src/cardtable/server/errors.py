"""The one error the server answers with: a stable code clients match on, and a message."""

from __future__ import annotations

#: The code and message of a request refused because the database does not answer.
UNAVAILABLE = ("unavailable", "the database does not answer; try again in a moment")


class TableError(Exception):
    """A request the table refuses. `code` is stable and listed in docs/protocol.md."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status

    def to_json(self) -> dict:
        return {"code": self.code, "message": self.message}


def unavailable() -> TableError:
    """The database does not answer: nothing was stored; the same request may succeed in a
    moment (503)."""
    return TableError(*UNAVAILABLE, 503)
