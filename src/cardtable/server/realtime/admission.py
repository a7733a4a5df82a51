"""Caps on the WebSocket connections open at once: per member of a table (a person's tabs) and
per client address, counted in this process. A hello past either cap is refused with
`too-many-connections` and close `CLOSE_TOO_MANY`, before the connection is welcomed."""

from __future__ import annotations

from collections import Counter

from ...table.errors import ErrorCode, TableError
from ..config import Settings

#: The close code of a hello refused by a cap.
CLOSE_TOO_MANY = 4429


class Admission:
    def __init__(self, settings: Settings):
        self.per_member = settings.member_connections
        self.per_address = settings.address_connections
        #: Open connections by member (table code, member id) and by address.
        self.by_member: Counter[tuple[str, int]] = Counter()
        self.by_address: Counter[str] = Counter()

    def admit(self, code: str, member: int, address: str) -> None:
        """Count a new connection of `member` at table `code` from `address`, or refuse it;
        an admitted one is `release`d when it closes."""
        if self.by_member[code, member] >= self.per_member:
            raise TableError(
                ErrorCode.TOO_MANY_CONNECTIONS,
                f"you have {self.per_member} connections open at this table; close one",
            )
        if self.by_address[address] >= self.per_address:
            raise TableError(
                ErrorCode.TOO_MANY_CONNECTIONS,
                f"{self.per_address} connections are open from your address; close one",
            )
        self.by_member[code, member] += 1
        self.by_address[address] += 1

    def release(self, code: str, member: int, address: str) -> None:
        _drop(self.by_member, (code, member))
        _drop(self.by_address, address)


def _drop(counter: Counter, key) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]
