"""`cardtable serve --workers N`: one port, N worker processes, each table served by one.

The dispatcher (the process that was started) listens on the port and starts the workers,
each running the whole site (worker.py) on the shared database. For each connection it reads
the request's head (its line and headers, up to `HEAD_BYTES`) as it arrives, then hands the
socket to a worker over its control socket, with the bytes it read: a request naming a table
(`/ws/{code}`, `/api/tables/{code}...`) to the worker that owns it (shards.py), any other to
the workers in turn. Workers answer HTTP with `Connection: close`, so every request is routed
this way. A head not complete within `Settings.head_timeout` seconds is cut off, and one
address has at most `Settings.address_partial_requests` slow heads at once (http/request_heads.py).

`GET /metrics` and `GET /api/health` are answered here, from every worker's status. A worker
that exits is started again (it resumes its tables from the log); SIGTERM or SIGINT stop the
workers, then the dispatcher.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import signal
import socket
import subprocess
from collections import deque
from dataclasses import dataclass, field

import orjson

from ...table.errors import ErrorCode
from ..config import Settings
from ..http.request_heads import PartialRequests, PendingHead
from ..refusals import UNAVAILABLE_MESSAGE
from . import status
from .shards import owner, table_named
from .worker import CONNECTION, HEAD_BYTES, READY, STATUS

log = logging.getLogger(__name__)

#: Seconds a worker has to report its status; to stop, before it is killed; between restarts.
STATUS_TIMEOUT = 5.0
STOP_TIMEOUT = 10.0
RESTART_DELAY = 1.0
#: Seconds between checks that the workers still run; seconds accepting pauses after it
#: failed (out of file descriptors).
WATCH_EVERY = 0.2
ACCEPT_PAUSE = 0.1

#: The requests the dispatcher answers itself: (method, path) from the first line.
_ANSWERED = {(b"GET", b"/metrics"), (b"GET", b"/api/health")}


@dataclass(eq=False)
class _Worker:
    index: int
    process: subprocess.Popen | None = None
    control: socket.socket | None = None
    ready: bool = False
    #: Connections waiting to be handed over while its control socket is full, each with the
    #: bytes read from it.
    waiting: deque[tuple[socket.socket, bytes]] = field(default_factory=deque)
    #: One status request at a time, and the future its answer settles.
    asking: asyncio.Lock = field(default_factory=asyncio.Lock)
    answer: asyncio.Future | None = None


class Dispatcher:
    """`command(index, control_fd)` is the command line that starts worker `index`; `settings`
    say how many workers, and how long a head may take to arrive."""

    def __init__(self, host: str, port: int, command, settings: Settings):
        self.host, self.port = host, port
        self.command = command
        self.workers = [_Worker(i) for i in range(settings.workers)]
        self.partial = PartialRequests(settings)
        self._turns = itertools.cycle(range(settings.workers))
        self._stopping = asyncio.Event()
        self._tasks: set[asyncio.Task] = set()

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        listener = socket.create_server((self.host, self.port), backlog=2048)
        listener.setblocking(False)
        for worker in self.workers:
            self._start(worker)
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, self.stop)
        loop.add_reader(listener.fileno(), self._accept, listener)
        try:
            await self._watch()
        finally:
            loop.remove_reader(listener.fileno())
            listener.close()
            await self._stop_workers()

    def stop(self) -> None:
        """Stop the workers, then `run`."""
        self._stopping.set()

    # -- workers ------------------------------------------------------------------------------

    def _start(self, worker: _Worker) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        with theirs:
            worker.process = subprocess.Popen(
                self.command(worker.index, theirs.fileno()), pass_fds=[theirs.fileno()]
            )
        ours.setblocking(False)
        worker.control, worker.ready = ours, False
        asyncio.get_running_loop().add_reader(ours.fileno(), self._from_worker, worker)

    def _from_worker(self, worker: _Worker) -> None:
        while worker.control is not None:
            try:
                message = worker.control.recv(1 << 20)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                message = b""
            if not message:  # it exited: `_watch` starts it again
                self._lost(worker)
                return
            if message == READY:
                worker.ready = True
                log.debug("worker %d ready", worker.index)
            elif message[:1] == STATUS and worker.answer and not worker.answer.done():
                worker.answer.set_result(orjson.loads(message[1:]))

    def _lost(self, worker: _Worker) -> None:
        if worker.control is not None:
            asyncio.get_running_loop().remove_reader(worker.control.fileno())
            worker.control.close()
        worker.control, worker.ready = None, False
        while worker.waiting:
            worker.waiting.popleft()[0].close()
        if worker.answer is not None and not worker.answer.done():
            worker.answer.set_exception(ConnectionError(f"worker {worker.index} is gone"))

    async def _watch(self) -> None:
        """Until asked to stop: start again every worker that exited."""
        restart_at: dict[int, float] = {}
        loop = asyncio.get_running_loop()
        while not self._stopping.is_set():
            for worker in self.workers:
                if worker.process.poll() is None:
                    continue
                if worker.index not in restart_at:
                    code = worker.process.returncode
                    log.warning("worker %d exited (%s); starting it again", worker.index, code)
                    self._lost(worker)
                    restart_at[worker.index] = loop.time() + RESTART_DELAY
                elif loop.time() >= restart_at[worker.index]:
                    del restart_at[worker.index]
                    self._start(worker)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), WATCH_EVERY)

    async def _stop_workers(self) -> None:
        running = [w.process for w in self.workers if w.process and w.process.poll() is None]
        for process in running:
            process.send_signal(signal.SIGTERM)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + STOP_TIMEOUT
        while any(p.poll() is None for p in running) and loop.time() < deadline:
            await asyncio.sleep(0.05)
        for process in running:
            if process.poll() is None:
                process.kill()
                process.wait()
        for worker in self.workers:
            self._lost(worker)

    # -- routing ------------------------------------------------------------------------------

    def _accept(self, listener: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                connection, peer = listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as error:  # out of file descriptors, say: pause a moment
                log.warning("accepting a connection failed: %s", error)
                loop.remove_reader(listener.fileno())
                loop.call_later(ACCEPT_PAUSE, self._resume_accepting, listener)
                return
            address = peer[0] if isinstance(peer, tuple) else None
            if not self.partial.admits(address):
                connection.close()
                continue
            connection.setblocking(False)
            arriving = _Arriving(connection)
            arriving.pending = self.partial.begin(address, self._cut_off, arriving)
            loop.add_reader(arriving.fileno, self._read, arriving)

    def _resume_accepting(self, listener: socket.socket) -> None:
        if listener.fileno() != -1 and not self._stopping.is_set():
            asyncio.get_running_loop().add_reader(listener.fileno(), self._accept, listener)

    def _read(self, arriving: _Arriving) -> None:
        """Take what arrived of the head; once it is whole (or `HEAD_BYTES` long), route it."""
        received = arriving.received
        try:
            data = arriving.connection.recv(HEAD_BYTES - len(received))
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:  # the client went away
            self._forget(arriving)
            arriving.connection.close()
            return
        searched = max(0, len(received) - 2)  # where an empty line may end that did not before
        received.extend(data)
        if len(received) < HEAD_BYTES and not _ends_head(received, searched):
            return
        self._forget(arriving)
        self._route(arriving.connection, bytes(received))

    def _cut_off(self, arriving: _Arriving) -> None:
        """A client late with its head, or one slow head too many from its address."""
        self._forget(arriving)
        arriving.connection.close()

    def _forget(self, arriving: _Arriving) -> None:
        """Stop reading `arriving` and counting its head as partial."""
        self.partial.end(arriving.pending)
        asyncio.get_running_loop().remove_reader(arriving.fileno)

    def _route(self, connection: socket.socket, head: bytes) -> None:
        end = head.find(b"\n")
        first = head[: end if end >= 0 else len(head)]
        method, _, rest = first.partition(b" ")
        path = rest.split(b" ", 1)[0].split(b"?", 1)[0]
        if (method, path) in _ANSWERED:
            self._spawn(self._answer(connection, path))
            return
        code = table_named(first)
        index = next(self._turns) if code is None else owner(code, len(self.workers))
        self._hand(self.workers[index], connection, head)

    def _hand(self, worker: _Worker, connection: socket.socket, head: bytes) -> None:
        if worker.control is None:  # it is being started again: the client may retry
            connection.close()
            return
        worker.waiting.append((connection, head))
        if len(worker.waiting) == 1:  # else its control socket is full: `_flush` is armed
            self._flush(worker)

    def _flush(self, worker: _Worker) -> None:
        """Hand over the connections waiting for the worker, in order, until its control
        socket is full; then again once it drains."""
        loop = asyncio.get_running_loop()
        while worker.waiting and worker.control is not None:
            connection, head = worker.waiting[0]
            try:
                socket.send_fds(worker.control, [CONNECTION + head], [connection.fileno()])
            except (BlockingIOError, InterruptedError):
                loop.add_writer(worker.control.fileno(), self._flush, worker)
                return
            except OSError:
                pass  # the worker is gone: the client may retry
            worker.waiting.popleft()[0].close()
        if worker.control is not None:
            loop.remove_writer(worker.control.fileno())

    # -- what the dispatcher answers ----------------------------------------------------------

    async def _answer(self, connection: socket.socket, path: bytes) -> None:
        """Answer `GET /metrics` or `GET /api/health` with what every worker reports."""
        loop = asyncio.get_running_loop()
        try:
            statuses = await self._statuses()
            if path == b"/metrics":
                text = status.metrics_text(statuses)
                body = None if text is None else text.encode()
                kind = status.PROMETHEUS_TEXT.encode()
            else:
                document = status.health(statuses)
                body = None if document is None else orjson.dumps(document)
                kind = b"application/json"
            code = b"200 OK"
            if body is None:
                error = {"code": ErrorCode.UNAVAILABLE, "message": UNAVAILABLE_MESSAGE}
                body = orjson.dumps({"error": error})
                code, kind = b"503 Service Unavailable", b"application/json"
            await loop.sock_sendall(
                connection,
                b"HTTP/1.1 %s\r\ncontent-type: %s\r\ncontent-length: %d\r\n"
                b"connection: close\r\n\r\n%s" % (code, kind, len(body), body),
            )
        except OSError:
            pass
        finally:
            connection.close()

    async def _statuses(self) -> list[dict]:
        """Every worker's status; `ok` False for a worker down or silent."""
        return list(await asyncio.gather(*(self._status(w) for w in self.workers)))

    async def _status(self, worker: _Worker) -> dict:
        async with worker.asking:
            if worker.control is None or not worker.ready:
                return {"ok": False}
            worker.answer = asyncio.get_running_loop().create_future()
            try:
                worker.control.send(STATUS)
                return await asyncio.wait_for(worker.answer, STATUS_TIMEOUT)
            except (OSError, TimeoutError):
                return {"ok": False}
            finally:
                worker.answer = None

    def _spawn(self, work) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _ends_head(received: bytearray, start: int) -> bool:
    """Whether `received` holds, from `start`, the empty line that ends a request's head."""
    return received.find(b"\n\r\n", start) >= 0 or received.find(b"\n\n", start) >= 0


class _Arriving:
    """A connection accepted, its head not all read yet: what was `received` of it, and the
    head's account in `Dispatcher.partial`."""

    __slots__ = ("connection", "fileno", "pending", "received")

    def __init__(self, connection: socket.socket):
        self.connection = connection
        self.fileno = connection.fileno()
        self.received = bytearray()
        self.pending: PendingHead | None = None
