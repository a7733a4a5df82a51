"""What a report points at, looked up at the reporter's table and kept as the admin will see it.

A reporter can only point at what they could see: a card in their own view of the game or in
the table's public history, a chat line, a member. The target is stored resolved (a card's
text, a chat line's words and author), so the report still says what was reported after the
table moves on. Hidden information stays hidden: a card id the reporter never saw is refused
exactly like one that does not exist.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from ...table.errors import ErrorCode, TableError
from ...table.history import PublicHistory
from ...table.seating import Member
from ...table.state import TableState

if TYPE_CHECKING:
    from ..live.registry import Registry

ReportKind = Literal["card", "custom-card", "chat", "player"]


def _bad(message: str) -> TableError:
    return TableError(ErrorCode.BAD_TARGET, message)


def _field(target: dict, name: str, types: tuple[type, ...]) -> Any:
    if set(target) != {name}:
        raise _bad(f"this kind of report names its target as {{{name!r}: ...}}")
    value = target[name]
    if isinstance(value, bool) or not isinstance(value, types):
        raise _bad(f"{name} has the wrong type")
    return value


def describe_member(member: Member) -> dict[str, Any]:
    """A member as the admin sees them: never their token, the client only as its hash."""
    return {
        "member": member.id,
        "name": member.name,
        "role": member.role,
        "client": member.client,
        "address": member.address,
    }


async def resolve(
    tables: Registry, state: TableState, reporter: Member, kind: str, target: dict
) -> dict[str, Any]:
    """The target of a report of `kind`, as stored; TableError `bad-target` when there is none
    the reporter could see."""
    if kind == "player":
        return _player(state, reporter, _field(target, "member", (int,)))
    if kind == "chat":
        return await _chat(tables, state, _field(target, "seq", (int,)))
    card = await _card(tables, state, reporter, _field(target, "card", (int, str)))
    if kind == "custom-card" and not card.get("userWritten"):
        raise _bad("that card was not written by a player; report it as a card")
    return {"card": card}


def _player(state: TableState, reporter: Member, member_id: int) -> dict[str, Any]:
    member = state.members.get(member_id)
    if member is None or member.bot is not None:
        raise _bad("no such person at this table")
    if member.id == reporter.id:
        raise _bad("you cannot report yourself")
    return describe_member(member)


async def _chat(tables: Registry, state: TableState, seq: int) -> dict[str, Any]:
    line = next((line for line in state.chat if line["seq"] == seq), None)
    if line is None and 1 < seq <= state.seq:
        history = await _history(tables, state)
        step = next((s for s in history.steps if s["seq"] == seq), None)
        events = [] if step is None else step["events"]
        line = next((e for e in events if e["type"] == "chat"), None)
    if line is None:
        raise _bad("no chat line with that seq at this table")
    author = describe_member(state.members[line["member"]])
    return {**author, "seq": seq, "name": line["name"], "text": line["text"]}


async def _card(
    tables: Registry, state: TableState, reporter: Member, card_id: int | str
) -> dict[str, Any]:
    if state.game_state is not None:
        view = state.game.view(state.game_state, state.seat_of(reporter.id))
        found = _find_card(view, card_id)
        if found is not None:
            return found
    history = await _history(tables, state)
    found = _find_card(history.start["game"], card_id)
    for step in list(history.steps):
        if found is not None:
            break
        game_ops = [op.get("value") for op in step["patch"] if op["path"].startswith("/game")]
        found = _find_card([game_ops, step["events"]], card_id)
    if found is None:
        raise _bad("no card with that id in your view or the table's history")
    return found


async def _history(tables: Registry, state: TableState) -> PublicHistory:
    history = await tables.history(state.code).get()
    assert history is not None  # the table was read from its log
    return history


def _find_card(value: Any, card_id: int | str) -> dict | None:
    """The first object in `value` (a view, a patch value, an event) whose `id` is `card_id`."""
    if isinstance(value, dict):
        found = value.get("id")
        if found == card_id and type(found) is type(card_id):
            return dict(value)
        children = value.values()
    elif isinstance(value, list):
        children = value
    else:
        return None
    for child in children:
        card = _find_card(child, card_id)
        if card is not None:
            return card
    return None
