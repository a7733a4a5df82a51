"""The bodies of the HTTP requests that create and join tables, and their answer."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StrictBool, StrictInt

from ...table.names import MAX_NAME, MAX_TABLE_NAME
from ..realtime.messages import Message, Password

Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME * 4)]
ClientKey = Annotated[str, Field(min_length=8, max_length=128)]


class CreateTable(Message):
    game: Annotated[str, Field(min_length=1, max_length=64)]
    options: dict[str, Any] | Annotated[str, Field(max_length=64)] | None = Field(
        None, description="a preset name, or an object of option overrides with optional 'preset'"
    )
    name: Name = Field(description="the host's name")
    table_name: Annotated[str, Field(max_length=MAX_TABLE_NAME * 4)] | None = None
    password: Password | None = None
    public: StrictBool = Field(False, description="list it under public tables (opt-in)")
    client: ClientKey = Field(description="a random id the client keeps, for bans")


class JoinTable(Message):
    name: Name
    password: Password | None = None
    spectate: StrictBool = False
    team_with: StrictInt | None = Field(
        None,
        description="ask to share this player's seat (teams): you watch until they accept",
    )
    client: ClientKey


class Joined(Message):
    code: str
    member: int
    token: str = Field(description="secret: say hello with it on /ws/{code}")
    spectate: bool
