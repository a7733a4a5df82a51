"""The error every deck reader raises: what is wrong and where (a line or a field)."""


class DeckError(ValueError):
    """A deck file that cannot be read. `where` names the line or field, e.g. "line 12"."""

    def __init__(self, where: str, message: str, code: str = "bad-deck"):
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message
        self.code = code

    def to_json(self) -> dict:
        return {"code": self.code, "where": self.where, "message": self.message}
