"""Checks on parsed values that name the field (or line) of the first problem."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import DeckError, Problem


def child(where: str, key: str | int) -> str:
    """The name of a field inside `where`: `black[3]` + "pick" is `black[3].pick`.

    A line (`line 12`) has no named fields, so problems inside it name the line.
    """
    if where.startswith("line "):
        return where
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


def expect_object(value: Any, where: str) -> dict:
    if not isinstance(value, dict):
        raise DeckError(where, "must be an object", Problem.NOT_OBJECT)
    return value


def expect_list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise DeckError(where, "must be a list", Problem.NOT_LIST)
    return value


def listed(data: dict, key: str) -> Iterator[tuple[str, Any]]:
    """Each item of the list `data[key]` with where it stands (`key[i]`); DeckError when
    `data[key]` is not a list."""
    return ((f"{key}[{i}]", item) for i, item in enumerate(expect_list(data.get(key), key)))


def expect_text(value: Any, where: str, name: str = "") -> str:
    """A string with something other than spaces in it; `name` opens the message."""
    if not isinstance(value, str) or not value.strip():
        raise DeckError(where, _named(name, "must be a non-empty string"), Problem.BLANK_TEXT)
    return value


def optional_flag(data: dict, key: str, where: str) -> bool | None:
    """`data[key]` if present: true or false; None when absent or null."""
    value = data.get(key)
    if value is not None and not isinstance(value, bool):
        raise DeckError(child(where, key), "must be true or false", Problem.NOT_BOOLEAN)
    return value


def optional_text(data: dict, key: str, where: str) -> str | None:
    """`data[key]` if present: a string (possibly empty); None when absent or null."""
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise DeckError(child(where, key), "must be a string", Problem.NOT_STRING)
    return value


def _named(name: str, message: str) -> str:
    return f"{name} {message}" if name else message
