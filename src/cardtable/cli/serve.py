"""`cardtable serve`: run the site on one process, SQLite by default, nothing else needed.

`--workers N` serves the port with N processes on this machine, each table served by one of
them (server/dispatcher.py). With `--database-url postgresql://...` and
`--redis-url redis://...`, several servers (on several machines) serve the same tables behind a
load balancer."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import os
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from ..bus.base import DEFAULT_PREFIX

if TYPE_CHECKING:
    from ..server import Settings

log = logging.getLogger("cardtable.serve")

#: Allocations between young-generation collections, then young collections per older one.
#: Each step allocates thousands of short-lived view dicts that never form cycles; at the
#: default threshold (700) the collector ran every few steps and took a third of the server's
#: CPU time under load (measured with bench/load.py).
GC_THRESHOLDS = (50_000, 20, 100)

#: A word-filter file used when `--word-filter` is not given.
WORD_FILTER_ENV = "CARDTABLE_WORD_FILTER_FILE"


def add_database_arguments(parser) -> None:
    """`--data-dir` and `--database-url`: the database a subcommand works on."""
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=Path(platformdirs.user_data_dir("cardtable")),
        help="where the SQLite database lives (default: the user's data folder)",
    )
    parser.add_argument(
        "--database-url", default=None, help="postgresql://... instead of SQLite in --data-dir"
    )


def database_url(args: argparse.Namespace) -> str:
    """The database URL `add_database_arguments` asked for (creating the data folder)."""
    if args.database_url is not None:
        return args.database_url
    args.data_dir.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(args.data_dir / 'cardtable.db').resolve()}"


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("serve", help="serve the site and its API")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    add_database_arguments(parser)
    parser.add_argument(
        "--redis-url",
        default=None,
        help="redis://host:port/db: share tables with the other processes on this Redis "
        "(needs a shared --database-url)",
    )
    parser.add_argument(
        "--redis-prefix",
        default=DEFAULT_PREFIX,
        help=f"start of each table's Redis channel (default {DEFAULT_PREFIX!r})",
    )
    parser.add_argument(
        "--sqlite-fsync",
        action="store_true",
        help="SQLite: wait for the disk on every commit (survives power loss, not only a kill)",
    )
    parser.add_argument("--bot-delay", type=float, default=1.0, help="seconds a bot waits to move")
    parser.add_argument(
        "--evict-after",
        type=float,
        default=300.0,
        help="seconds a table with nobody connected and nothing to wait for stays in memory; "
        "its next use loads it from the database (default 300)",
    )
    parser.add_argument(
        "--abandon-after",
        type=float,
        default=3600.0,
        help="seconds a game may go with nobody connected and no move before it is ended "
        "without a result; start-up resumes only younger games (default 3600)",
    )
    parser.add_argument(
        "--join-rate", type=float, default=0.5, help="join attempts per second per address"
    )
    parser.add_argument("--join-burst", type=int, default=20, help="join attempts in a burst")
    parser.add_argument(
        "--create-rate",
        type=float,
        default=10 / 60,
        help="tables created per second per address (default 10 a minute)",
    )
    parser.add_argument("--create-burst", type=int, default=20, help="tables created in a burst")
    parser.add_argument(
        "--address-connections",
        type=int,
        default=64,
        help="open WebSocket connections per client address (people behind one address share it)",
    )
    parser.add_argument(
        "--head-timeout",
        type=float,
        default=10.0,
        help="seconds a connection has to send its request line and headers (default 10)",
    )
    parser.add_argument(
        "--address-partial-requests",
        type=int,
        default=32,
        help="connections per client address that may be slow to send their request line and "
        "headers (still at it after a second) at once; more are closed (default 32)",
    )
    parser.add_argument(
        "--message-rate",
        type=float,
        default=20.0,
        help="WebSocket messages per second per member (all their connections together)",
    )
    parser.add_argument(
        "--word-filter",
        type=Path,
        default=os.environ.get(WORD_FILTER_ENV) or None,
        metavar="FILE",
        help="refuse names, chat and written cards with a word listed in FILE (one a line, "
        f"# comments; default ${WORD_FILTER_ENV}, else no filter)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="processes serving the port, each table served by one of them (default 1)",
    )
    # How the dispatcher starts each worker: its number and its control socket.
    parser.add_argument("--worker-index", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--control-fd", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--log-level", default="info", help="debug, info, warning or error")
    parser.set_defaults(func=run)


def settings_from(args: argparse.Namespace) -> Settings:
    from ..server import Settings
    from ..server.moderation.admins import ADMIN_TOKEN_ENV

    words: tuple[str, ...] = ()
    if args.word_filter is not None:
        words = tuple(Path(args.word_filter).read_text(encoding="utf-8").splitlines())
    if args.workers < 1:
        raise ValueError("--workers must be at least 1")
    if args.workers > 1 and not sys.platform.startswith("linux"):
        raise ValueError("--workers runs on Linux only (it hands sockets between processes)")
    if args.workers > 1 and args.redis_url:
        raise ValueError("--workers and --redis-url are two ways to share tables: choose one")
    if args.head_timeout <= 0 or args.address_partial_requests < 1:
        raise ValueError("--head-timeout and --address-partial-requests must be positive")
    if args.evict_after <= 0 or args.abandon_after <= 0:
        raise ValueError("--evict-after and --abandon-after must be positive")
    return Settings(
        workers=args.workers,
        worker=args.worker_index or 0,
        database_url=database_url(args),
        bus_url=args.redis_url,
        bus_prefix=args.redis_prefix,
        sqlite_fsync=args.sqlite_fsync,
        bot_delay=args.bot_delay,
        evict_after=args.evict_after,
        abandon_after=args.abandon_after,
        join_rate=args.join_rate,
        join_burst=args.join_burst,
        create_rate=args.create_rate,
        create_burst=args.create_burst,
        address_connections=args.address_connections,
        head_timeout=args.head_timeout,
        address_partial_requests=args.address_partial_requests,
        message_rate=args.message_rate,
        message_burst=max(60, int(args.message_rate * 3)),
        admin_token=os.environ.get(ADMIN_TOKEN_ENV) or None,
        filtered_words=words,
    )


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    settings = settings_from(args)
    if args.control_fd is None:  # the process started (not a worker) says where it serves
        where = settings.database_url.split("@")[-1]
        shared = (
            f"workers: {args.workers}"
            if args.workers > 1
            else "bus: " + (settings.bus_url or "in-process").split("@")[-1]
        )
        log.info(
            "cardtable serving on http://%s:%d (data: %s, %s)", args.host, args.port, where, shared
        )
        open_files = raise_open_files_limit()  # its workers inherit the limit
        if open_files is not None:
            log.info("open files allowed: %d", open_files)
    if args.workers > 1 and args.control_fd is None:
        return _dispatch(args, settings)
    import uvicorn

    from ..server import create_app  # the server's imports are paid only when serving
    from ..server.http.request_heads import PartialRequests
    from ..server.realtime.direct_socket import TableSocketProtocol
    from ..server.workers.worker import CloseAfterResponse, HandedServer
    from ..web import mount

    app = create_app(settings)
    mount(app)
    gc.freeze()  # what is loaded by now lives as long as the process: never scan it again
    gc.set_threshold(*GC_THRESHOLDS)
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        access_log=False,
        ws_max_size=64 * 1024,
        ws=TableSocketProtocol,
        http=PartialRequests(settings).protocol,
        lifespan="on",
    )
    if args.control_fd is None:
        server = uvicorn.Server(config)
    else:  # a worker: the dispatcher hands it its connections
        app.add_middleware(CloseAfterResponse)
        server = HandedServer(config, socket.socket(fileno=args.control_fd))
    server.run()
    return 0 if server.started else 3


def raise_open_files_limit() -> int | None:
    """Raise this process's limit on open files to the most the system allows it, so that a
    flood of connections meets the server's caps before that limit. Returns the limit, or None
    where there is none to read (Windows)."""
    try:
        import resource
    except ImportError:
        return None
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):  # macOS refuses an unlimited soft limit
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def _dispatch(args: argparse.Namespace, settings: Settings) -> int:
    """Serve the port with `args.workers` processes: this one hands them the connections."""
    from ..server.workers.dispatcher import Dispatcher
    from ..store import Store

    async def prepare() -> None:  # the schema is made once, before the workers open it
        store = await Store.open(settings.database_url, settings.sqlite_fsync)
        await store.close()

    def command(index: int, control_fd: int) -> list[str]:
        worker = ["--worker-index", str(index), "--control-fd", str(control_fd)]
        return [sys.executable, sys.argv[0], *sys.argv[1:], *worker]

    asyncio.run(prepare())
    asyncio.run(Dispatcher(args.host, args.port, command, settings).run())
    return 0
