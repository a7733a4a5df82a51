"""A table's settings as the host changes them: one descriptor per setting, from which the
`settings` lobby action's checks (lobby.py) and its message model (server/realtime/messages.py)
are both drawn, so a bound or a description is written once.

Number settings are whole numbers within bounds; `chat` is one of `CHAT_MODES`; the others
(name, options, public, password, series, player cards) have checks of their own where they
are applied. During a game only `chat` may change (`changed`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import ErrorCode, TableError

#: The host's `chat` setting: everyone, players only (spectators muted), or nobody.
CHAT_MODES = ("on", "players", "off")
#: The settings that a null value changes (removes) rather than leaves as they are.
NULLABLE = ("password", "series")


@dataclass(frozen=True)
class NumberSetting:
    """A whole-number setting: its name in the `settings` action and the table document, its
    default, its bounds (inclusive) and what it means."""

    name: str
    default: int
    low: int
    high: int
    description: str

    def read(self, action: dict[str, Any], current: int) -> int:
        """The value `action` sets (`current` when it does not); TableError `bad-settings`
        when it is not a whole number within bounds."""
        value = action.get(self.name)
        if value is None:
            return current
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._refusal()
        if not self.low <= value <= self.high:
            raise self._refusal()
        return value

    def _refusal(self) -> TableError:
        bounds = f"between {self.low} and {self.high}"
        return TableError(ErrorCode.BAD_SETTINGS, f"{self.name} must be {bounds}")


AWAY_AFTER = NumberSetting(
    "away_after", 2, 1, 20, "deadlines a seat may miss in a row before it is marked away"
)
GRACE = NumberSetting(
    "grace", 45, 10, 600, "seconds a member may be without a connection before they are away"
)
CLAIM_AFTER = NumberSetting(
    "claim_after",
    120,
    30,
    3600,
    "seconds every other seat must be away before a game may be claimed",
)
NUMBER_SETTINGS = (AWAY_AFTER, GRACE, CLAIM_AFTER)


def changed(action: dict[str, Any]) -> set[str]:
    """The settings a `settings` action changes (a null password or series removes it)."""
    return {k for k, v in action.items() if v is not None or k in NULLABLE} - {"type", "by"}
