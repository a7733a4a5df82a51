"""What one connection sends, handled strictly in order, each message as soon as it can be.

A message is counted against the member's allowance as it arrives, then size-checked, parsed
and validated, then handled: a game action on a table that is free is applied and queued for
storing in the same call that received it (`LiveTable.act_now`), with no task between the
socket and the table; anything that must wait (a table action, a resync, a table busy with a
timer or a bot) is handled by a task. Either way the connection's later messages wait until
that message is done (its step stored, as when each was awaited in turn). Every refusal is
answered with an `error` carrying a stable code.

A message past the allowance is refused at once (it never waits), and refusing costs little:
the connection is answered at most as many `rate-limited` errors as it may send messages (a
burst, then the same rate), the others are dropped without a word, and a connection refused
more than a whole burst in a row is closed with `CLOSE_POLICY`.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

import orjson

from ...engine import IllegalAction
from ...store import Conflict, database_down
from ...table.errors import ErrorCode, TableError
from ..ratelimit import Bucket
from ..refusals import unavailable
from .connection import Connection
from .direct_socket import CLOSE_POLICY
from .fill_ins import fill_in
from .messages import (
    MAX_MESSAGE_BYTES,
    ClientMessage,
    Hello,
    Ping,
    Play,
    Resync,
    Table,
    ValidationError,
    play_fields,
)
from .outgoing import error_message

if TYPE_CHECKING:
    from ..live.table import LiveTable
    from ..site import Site

log = logging.getLogger(__name__)


_NOT_JSON = "a message is one JSON object"


def parse(raw: str | bytes | None):
    """A client message, checked; raises TableError (`too-large`, `bad-message`)."""
    return _validated(_decoded(raw))


def _decoded(raw: str | bytes | None) -> Any:
    """A client message's JSON, decoded; raises TableError (`too-large`, `bad-message`)."""
    if raw is None or len(raw) > MAX_MESSAGE_BYTES:
        raise TableError(ErrorCode.TOO_LARGE, f"messages are at most {MAX_MESSAGE_BYTES} bytes")
    try:
        return orjson.loads(raw)
    except (ValueError, TypeError):
        raise TableError(ErrorCode.BAD_MESSAGE, _NOT_JSON) from None


def _validated(data: Any):
    """A decoded client message as its model; raises TableError (`bad-message`)."""
    try:
        return ClientMessage.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise TableError(ErrorCode.BAD_MESSAGE, f"{where}: {first['msg']}"[:200]) from None
    except (ValueError, TypeError):
        raise TableError(ErrorCode.BAD_MESSAGE, _NOT_JSON) from None


class Inbox:
    """`site`: the services it reaches (metrics, the word filter, fill-ins' checks)."""

    def __init__(self, site: Site, live: LiveTable, connection: Connection):
        self.site, self.live, self.connection = site, live, connection
        #: Messages received while an earlier one was still being handled.
        self._waiting: deque[str | bytes | None] = deque()
        self._busy = False
        self._tasks: set[asyncio.Task] = set()
        allowance = connection.bucket
        #: The `rate-limited` errors the connection may still be answered.
        self._refusals = Bucket(allowance.rate, allowance.burst)
        #: Messages refused in a row for the allowance.
        self._over = 0

    def receive(self, raw: str | bytes | None) -> None:
        """Handle `raw` now, or after the messages before it; refuse it at once past the
        member's allowance."""
        if not self.connection.open:
            return
        self.site.metrics.messages_in += 1
        if not self.connection.bucket.take():
            self._over_allowance(raw)
            return
        self._over = 0
        if self._busy:
            self._waiting.append(raw)
        else:
            self._handle(raw)

    def _over_allowance(self, raw: str | bytes | None) -> None:
        """Refuse `raw`, sent past the allowance: with an error while `_refusals` allows,
        else without a word; close the connection after more than a burst in a row."""
        self._over += 1
        if self._over > self.connection.bucket.burst:
            self.connection.close_now(CLOSE_POLICY)
        elif self._refusals.take():
            error = TableError(ErrorCode.RATE_LIMITED, "too many messages; slow down")
            self._refuse(error, _client_id(raw))
        else:
            self.site.metrics.rejected[ErrorCode.RATE_LIMITED] += 1

    def _handle(self, raw: str | bytes | None) -> None:
        client_id = None
        try:
            data = _decoded(raw)
            play = play_fields(data)  # a game action, checked without pydantic
            if play is not None:
                client_id = play[0]
                self._play(*play)
                return
            message = _validated(data)
            client_id = getattr(message, "id", None)
            self._dispatch(message)
        except (TableError, IllegalAction) as error:
            self._refuse(error, client_id)

    def _dispatch(self, message: Hello | Play | Table | Resync | Ping) -> None:
        self._HANDLERS[type(message)](self, message)

    def _ping(self, message: Ping) -> None:
        self.connection.send(orjson.dumps({"type": "pong", "seq": self.live.state.seq}))

    def _resync(self, message: Resync) -> None:
        self._later(self.live.resync(self.connection), None)

    def _hello(self, message: Hello) -> None:
        raise TableError(ErrorCode.HELLO_AGAIN, "this connection already said hello")

    def _play_message(self, message: Play) -> None:
        self._play(message.id, message.action)

    def _play(self, client_id: str | int, action: dict) -> None:
        live, connection = self.live, self.connection
        seat = live.state.seat_of(connection.member)
        if seat is None or live.state.members[connection.member].left:
            raise TableError(ErrorCode.NOT_A_PLAYER, "you hold no seat in this game")
        self.site.moderation.word_filter.check_play(live.state.game, action)
        act = ("game", seat, action, connection, client_id)
        outcome = live.act_now(*act)
        if outcome is None:  # the table is busy: wait for it
            self._later(live.act(*act), client_id)
        else:
            self._busy = True
            outcome.add_done_callback(partial(self._stored, act))

    def _table(self, message: Table) -> None:
        self._later(self._table_action(message), message.id)

    #: How each kind of message is handled (after it was counted, checked and parsed).
    _HANDLERS: ClassVar[dict[type, Callable[[Inbox, Any], None]]] = {
        Ping: _ping,
        Resync: _resync,
        Hello: _hello,
        Play: _play_message,
        Table: _table,
    }

    async def _table_action(self, message) -> None:
        live, member = self.live, self.connection.member
        action = await fill_in(
            self.site, live, member, message.action.model_dump(exclude_unset=True)
        )
        await live.act("lobby", None, action, self.connection, message.id)

    def _stored(self, act: tuple, outcome: asyncio.Future) -> None:
        """A step applied at once is stored, or failed (see `LiveTable.act_now`)."""
        error = outcome.exception()
        if isinstance(error, Conflict):  # another process took the step: try again, waiting
            self._later(self.live.act(*act), act[-1])
            return
        if error is not None:
            self._refuse(error, act[-1])
        self._next()

    def _later(self, work: Awaitable, client_id: Any) -> None:
        """Handle a message in a task; the messages after it wait until it is done."""
        self._busy = True
        task = asyncio.get_running_loop().create_task(self._finish(work, client_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _finish(self, work: Awaitable, client_id: Any) -> None:
        try:
            await work
        except (TableError, IllegalAction) as error:
            self._refuse(error, client_id)
        except Exception as error:
            why = database_down(error)
            if why is None:
                log.exception("table %s: a message failed", self.live.code)
                self.connection.close(1011)
            else:
                log.warning("table %s: a message refused (the database: %s)", self.live.code, why)
                self._refuse(unavailable(), client_id)
        finally:
            self._next()

    def _next(self) -> None:
        """The message being handled is done: handle those that waited, in order."""
        self._busy = False
        while self._waiting and not self._busy:
            self._handle(self._waiting.popleft())

    def _refuse(self, error: TableError | IllegalAction, client_id: Any) -> None:
        self.site.metrics.rejected[error.code] += 1
        message = error_message(error.code, error.message, self.live.state.seq, client_id)
        self.connection.send(message)


def _client_id(raw: str | bytes | None) -> Any:
    """The `id` of the message `raw`, when it is a valid message that has one."""
    try:
        return getattr(parse(raw), "id", None)
    except TableError:
        return None
