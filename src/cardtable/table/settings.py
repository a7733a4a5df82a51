"""A table's settings as the host changes them: one descriptor per setting, from which the
`settings` lobby action's checks (lobby.py), its message model (server/realtime/messages.py)
and the browser's form (served by `GET /api/table-settings`, `describe()`) are all drawn, so a
bound, a label or a help text is written once.

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
    default, its bounds (inclusive), and its label and help for a host, in plain words."""

    name: str
    default: int
    low: int
    high: int
    label: str
    help: str

    def to_json(self) -> dict[str, Any]:
        """The setting as a form draws it."""
        return {
            "name": self.name,
            "kind": "int",
            "default": self.default,
            "min": self.low,
            "max": self.high,
            "label": self.label,
            "help": self.help,
        }

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
    "away_after",
    2,
    1,
    20,
    "Missed turns before a player is away",
    "A player who lets the clock run out this many times in a row is marked away, and the "
    "game goes on without waiting for them.",
)
GRACE = NumberSetting(
    "grace",
    45,
    10,
    600,
    "Mark a player away after (s)",
    "When all of a player's tabs are gone this long, they are marked away and the game plays "
    "on without waiting for them.",
)
CLAIM_AFTER = NumberSetting(
    "claim_after",
    120,
    30,
    3600,
    "Offer to claim a win after (s)",
    "When everyone else in a game has been away this long, the one still there may claim the "
    "win or end it.",
)
NUMBER_SETTINGS = (AWAY_AFTER, GRACE, CLAIM_AFTER)


def describe() -> list[dict[str, Any]]:
    """Every number setting as a form draws it, in the order it shows them."""
    return [setting.to_json() for setting in NUMBER_SETTINGS]


def changed(action: dict[str, Any]) -> set[str]:
    """The settings a `settings` action changes (a null password or series removes it)."""
    return {k for k, v in action.items() if v is not None or k in NULLABLE} - {"type", "by"}
