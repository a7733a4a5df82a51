"""The one error the server answers with: a stable code clients match on, and a message."""

from __future__ import annotations


class TableError(Exception):
    """A request the table refuses. `code` is stable and listed in docs/protocol.md."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status

    def to_json(self) -> dict:
        return {"code": self.code, "message": self.message}
