"""The WebSocket wire format: pydantic models for every message a client sends (the lobby's
table actions among them), and the protocol's version.

Outgoing messages are plain dicts encoded with orjson (outgoing.py); their shapes are
documented with JSON Schemas in docs/protocol.md. Every model forbids unknown fields. The
`settings` action's number fields take their descriptions from the table's own settings
descriptors (table/settings.py).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, TypeAdapter
from pydantic import ValidationError as ValidationError

from ...table.names import MAX_CHAT, MAX_TABLE_NAME
from ...table.settings import AWAY_AFTER, CHAT_MODES, CLAIM_AFTER, GRACE, NumberSetting

PROTOCOL_VERSION = 5

#: Largest WebSocket message or HTTP body the server reads, in bytes.
MAX_MESSAGE_BYTES = 16 * 1024

ClientId = Annotated[str, Field(min_length=1, max_length=64)] | StrictInt
Token = Annotated[str, Field(min_length=1, max_length=128)]
Password = Annotated[str, Field(max_length=128)]
ActionBody = Annotated[dict[str, Any], Field(max_length=64)]


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _described(setting: NumberSetting) -> str:
    return f"{setting.help} ({setting.low} to {setting.high})"


# -- lobby (table) actions ------------------------------------------------------------------


class Start(Message):
    """Start the game, or a rematch once it ended (host)."""

    type: Literal["start"]


class SeriesOfGames(Message):
    """A tournament of this many games (2 to 20)."""

    games: StrictInt


class SeriesOfMinutes(Message):
    """A tournament over this many minutes (5 to 600) from its first game's start."""

    minutes: StrictInt


class Settings(Message):
    """Change the table between games, or its chat at any time (host). Omitted fields stay."""

    type: Literal["settings"]
    options: dict[str, Any] | str | None = None
    name: Annotated[str, Field(max_length=MAX_TABLE_NAME * 4)] | None = None
    public: StrictBool | None = None
    password: Password | None = Field(None, description="'' removes the password")
    away_after: StrictInt | None = Field(None, description=_described(AWAY_AFTER))
    grace: StrictInt | None = Field(None, description=_described(GRACE))
    claim_after: StrictInt | None = Field(None, description=_described(CLAIM_AFTER))
    series: SeriesOfGames | SeriesOfMinutes | None = Field(
        None, description="a tournament at this table; null ends it (docs/protocol.md)"
    )
    chat: Literal[CHAT_MODES] | None = Field(  # type: ignore[valid-type]
        None,
        description="who may chat: everyone, players only (spectators muted), nobody; "
        "the only setting that may change during a game",
    )
    player_cards: StrictBool | None = Field(
        None, description="whether players may write custom cards in the lobby (write-card)"
    )


class Kick(Message):
    type: Literal["kick"]
    member: StrictInt
    ban: StrictBool = False


class AddBot(Message):
    type: Literal["add-bot"]
    bot: Annotated[str, Field(max_length=64)] = "random"


class Leave(Message):
    type: Literal["leave"]


class TransferHost(Message):
    type: Literal["transfer-host"]
    member: StrictInt


class Chat(Message):
    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=MAX_CHAT * 4)]


class Back(Message):
    """Clear your seat's away mark."""

    type: Literal["back"]


class Sit(Message):
    """A spectator takes a seat (between games, or mid-game where the game allows it)."""

    type: Literal["sit"]


class SkipWaiting(Message):
    """Stop waiting for the seats the game waits on now: they are marked away (host)."""

    type: Literal["skip-waiting"]


class Claim(Message):
    """The one player left in a game whose other seats have been away long enough ends it:
    as a win, or without a result."""

    type: Literal["claim"]
    outcome: Literal["win", "abandon"]


class WriteCard(Message):
    """A player writes a card into the table's custom cards (lobby, when the host allows it)."""

    type: Literal["write-card"]
    color: Literal["white", "black"]
    text: Annotated[str, Field(min_length=1, max_length=800)]


class HostAction(Message):
    """A table action the game offers the host (e.g. ending the game)."""

    type: Literal["host-action"]
    action: ActionBody


class AnswerTeam(Message):
    """The player a spectator asked to share a seat with (or the host) accepts or declines."""

    type: Literal["answer-team"]
    member: StrictInt
    accept: StrictBool


TableAction = Annotated[
    Start
    | Settings
    | Kick
    | AddBot
    | Leave
    | TransferHost
    | Chat
    | Back
    | HostAction
    | WriteCard
    | Sit
    | SkipWaiting
    | Claim
    | AnswerTeam,
    Field(discriminator="type"),
]


# -- WebSocket messages ---------------------------------------------------------------------


class Hello(Message):
    type: Literal["hello"]
    token: Token
    protocol: StrictInt = PROTOCOL_VERSION


class Play(Message):
    """A game action for your seat."""

    type: Literal["play"]
    id: ClientId
    action: ActionBody


class Table(Message):
    """A lobby or table action."""

    type: Literal["table"]
    id: ClientId
    action: TableAction


class Resync(Message):
    type: Literal["resync"]


class Ping(Message):
    type: Literal["ping"]


ClientMessage = TypeAdapter(
    Annotated[Hello | Play | Table | Resync | Ping, Field(discriminator="type")]
)


_PLAY_KEYS = frozenset(("type", "id", "action"))


def play_fields(data: Any) -> tuple[str | int, dict[str, Any]] | None:
    """The id and action of a decoded message that is a valid `Play`, checked by hand as
    the model would; None for anything else (pydantic then validates it, or refuses it with
    its own words). Every game action is one: checked so, it costs a third of validating
    it with pydantic (4,500 instructions against 13,200, decoding aside; under 1% of the
    server's work per action)."""
    if type(data) is not dict or data.get("type") != "play" or data.keys() != _PLAY_KEYS:
        return None
    client_id, action = data["id"], data["action"]
    if type(client_id) is str:
        if not 0 < len(client_id) <= 64:
            return None
    elif type(client_id) is not int:
        return None
    if type(action) is not dict or len(action) > 64:
        return None
    return client_id, action
