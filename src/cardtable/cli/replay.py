"""`cardtable replay`: a game step by step, as text, from one seat's view (`--seat K`), as a
spectator (the default) or omniscient (`--omniscient`).

Either a logged table (`cardtable replay CODE`, from the default data folder or
`--data-dir` / `--database-url`): its log is applied entry by entry by the table's own
reducer, lobby actions included (shown by type only), its games dealing from the library
decks its log names by id, read from the database (removed ones too); or a simulated game
(`--game ID --seed N --bots ...`), the one `cardtable simulate` plays from that seed. `--to N`
stops after step N; `--step` waits for Enter after each step.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .. import games
from ..engine import OMNISCIENT, Game
from ..sim.replay import Step, describe, simulated
from ._common import add_deck_argument, add_game_arguments, bot_names, game_options, with_decks
from .serve import add_database_arguments, database_url

if TYPE_CHECKING:
    from ..server.live.table_decks import TableDecks

MAX_STEPS = 100_000


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "replay", help="replay a logged table or a simulated game step by step"
    )
    parser.add_argument("code", nargs="?", help="the code of a logged table")
    add_database_arguments(parser)
    simulation = parser.add_argument_group("a simulated game instead of a logged table")
    simulation.add_argument("--game", help="game id, e.g. russian-bank")
    simulation.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    simulation.add_argument("--players", type=int, help="seats (default: the game's minimum)")
    simulation.add_argument("--preset", default="default", help="a preset of the game")
    add_game_arguments(simulation)
    add_deck_argument(simulation)
    simulation.add_argument("--bots", default="random", help="bot per seat, comma-separated")
    simulation.add_argument(
        "--max-steps", type=int, default=MAX_STEPS, help="give up on a game this long"
    )
    viewer = parser.add_mutually_exclusive_group()
    viewer.add_argument("--seat", type=int, help="show the game as this seat sees it")
    viewer.add_argument("--omniscient", action="store_true", help="show everything")
    parser.add_argument("--to", type=int, help="stop after this step")
    parser.add_argument("--step", action="store_true", help="wait for Enter after each step")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if (args.code is None) == (args.game is None):
        raise ValueError("name a table's code, or a game to simulate with --game")
    if args.code is not None:
        game, steps = logged(database_url(args), args.code)
    else:
        game = games.get(args.game)
        options = game_options({"preset": args.preset}, args.options, args.directorships)
        options, decks = with_decks(options, args.deck)
        resolved = game.options(options, decks)
        players = args.players or game.seat_range(resolved)[0]
        names = bot_names(args.bots, players)
        steps = simulated(game, resolved, players, args.seed, names, args.max_steps, decks)
    viewer = OMNISCIENT if args.omniscient else args.seat
    for step in steps:
        if args.seat is not None and step.state is not None:
            count = game.seat_count(step.state)
            if not 0 <= args.seat < count:
                raise ValueError(f"--seat {args.seat}: this game has seats 0 to {count - 1}")
        print("\n".join(describe(game, step, viewer)), flush=True)
        if args.to is not None and step.number >= args.to:
            break
        if args.step:
            _pause()
    return 0


def _pause() -> None:
    try:
        input("-- Enter for the next step --")
    except EOFError:
        print()


def logged(url: str, code: str) -> tuple[Game, Iterator[Step]]:
    """The game of logged table `code` and the steps of its log. ValueError: no such table."""
    from ..table import reducer
    from ..table.state import TableState

    entries, decks = asyncio.run(_read_log(url, code.strip().upper()))
    table = TableState.create(code, entries[0], decks)

    def steps() -> Iterator[Step]:
        yield Step(entries[0].seq, entries[0].game_time, entries[0].action, lobby=True)
        for entry in entries[1:]:
            events = reducer.apply(table, entry)
            yield Step(
                entry.seq,
                entry.game_time,
                entry.action,
                entry.seat,
                lobby=entry.kind == "lobby",
                events=tuple(events),
                state=table.game_state,
            )

    return table.game, steps()


async def _read_log(url: str, code: str) -> tuple[list, TableDecks]:
    """The log of table `code`, and the decks it names (read before the store closes)."""
    from ..server.live.table_decks import TableDecks
    from ..store import Store

    store = await Store.open(url)
    try:
        entries = await store.entries(code)
        if not entries:
            raise ValueError(f"no table {code!r} in this database")
        decks = TableDecks(store)
        await decks.read(entries)
        return entries, decks
    finally:
        await store.close()
