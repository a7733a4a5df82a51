"""`cardtable admin`: what a site's administrator does from the command line.

`cardtable admin token` prints a new admin token for the moderation API (`Authorization:
Bearer <token>`); the database keeps only its hash, so the token is shown once. The
CARDTABLE_ADMIN_TOKEN environment variable of `cardtable serve` is the other way to have one.
"""

from __future__ import annotations

import argparse
import asyncio

from .serve import add_database_arguments, database_url


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("admin", help="site administration: admin tokens")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    token = actions.add_parser(
        "token", help="print a new admin token (shown once; only its hash is stored)"
    )
    add_database_arguments(token)
    token.set_defaults(func=run_token)


def run_token(args: argparse.Namespace) -> int:
    print(asyncio.run(_issue(database_url(args))))
    return 0


async def _issue(url: str) -> str:
    from ..server.moderation.admins import issue_token
    from ..store import Store

    store = await Store.open(url)
    try:
        return await issue_token(store)
    finally:
        await store.close()
