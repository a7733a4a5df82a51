"""The one exception the rules raise: an action that the rules do not allow."""


class IllegalAction(Exception):
    """An action the rules reject. `code` is stable (clients and tests match on it)."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def to_json(self) -> dict:
        return {"code": self.code, "message": self.message}
