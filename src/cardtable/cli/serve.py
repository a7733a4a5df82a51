"""`cardtable serve`: run the site on one process, SQLite by default, nothing else needed.

With `--database-url postgresql://...` and `--redis-url redis://...`, several processes (on
several machines) serve the same tables behind a load balancer."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from ..bus.base import DEFAULT_PREFIX

if TYPE_CHECKING:
    from ..server import Settings

log = logging.getLogger("cardtable.serve")


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("serve", help="serve the site and its API")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=Path(platformdirs.user_data_dir("cardtable")),
        help="where the SQLite database lives (default: the user's data folder)",
    )
    parser.add_argument(
        "--database-url", default=None, help="postgresql://... instead of SQLite in --data-dir"
    )
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
        "--join-rate", type=float, default=0.5, help="join attempts per second per address"
    )
    parser.add_argument("--join-burst", type=int, default=20, help="join attempts in a burst")
    parser.add_argument(
        "--message-rate",
        type=float,
        default=20.0,
        help="WebSocket messages per second per connection",
    )
    parser.add_argument("--log-level", default="info", help="debug, info, warning or error")
    parser.set_defaults(func=run)


def settings_from(args: argparse.Namespace) -> Settings:
    from ..server import Settings

    url = args.database_url
    if url is None:
        args.data_dir.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{(args.data_dir / 'cardtable.db').resolve()}"
    return Settings(
        database_url=url,
        bus_url=args.redis_url,
        bus_prefix=args.redis_prefix,
        sqlite_fsync=args.sqlite_fsync,
        bot_delay=args.bot_delay,
        join_rate=args.join_rate,
        join_burst=args.join_burst,
        message_rate=args.message_rate,
        message_burst=max(60, int(args.message_rate * 3)),
    )


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from ..server import create_app  # the server's imports are paid only when serving
    from ..web import mount

    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    settings = settings_from(args)
    app = create_app(settings)
    mount(app)
    where = settings.database_url.split("@")[-1]
    bus = (settings.bus_url or "in-process").split("@")[-1]
    log.info(
        "cardtable serving on http://%s:%d (data: %s, bus: %s)", args.host, args.port, where, bus
    )
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        access_log=False,
        ws_max_size=64 * 1024,
        ws="websockets-sansio",
        lifespan="on",
    )
    return 0
