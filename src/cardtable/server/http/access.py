"""Who may look at a table by its code, and the one answer everyone else gets.

A table with a password shows nothing to anyone without a member's token; an unlisted table
(`public` false, the default) shows whoever has its code, its invitation, what they would
join (the summary: game, status, whether a seat is free) and nothing more: its history and
chat are for its members. A code that names no table and a code one may not look at answer
exactly the same (refusals.py `no_table`), so nobody can tell which locked tables exist. Every
request that names a code spends from the asking address's `Limiters.lookups` bucket first, so
codes cannot be tried at speed. A member's token travels as `Authorization: Bearer TOKEN`.
"""

from __future__ import annotations

from fastapi import Request

from ...table.seating import Member
from ...table.state import TableState
from ..tokens import token_hash


def bearer(request: Request) -> str | None:
    """The member token the request carries (`Authorization: Bearer TOKEN`), if any."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def member_of(state: TableState, token: str | None) -> Member | None:
    """The member holding `token` at this table (not one who left), or None."""
    return None if token is None else state.member_by_token(token_hash(token))


def locked(state: TableState) -> bool:
    """Whether the table shows nothing at all to people who are not at it: it has a
    password. (An unlisted table's code is its invitation: see the module docstring.)"""
    return state.password is not None


def hidden(state: TableState) -> bool:
    """Whether the table's history and chat are for its members only."""
    return not state.public or locked(state)


def history_open(state: TableState) -> bool:
    """Whether anyone may read the table's history: a listed table without a password, when
    no game is under way (mid-game, only its members may)."""
    return not hidden(state) and state.status != "playing"
