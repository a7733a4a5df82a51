"""Arguments several subcommands share: option overrides, deck files and the bots for each
seat."""

from __future__ import annotations

import dataclasses
import json

from ..decks import Deck, builtin
from ..decks.content import library_id
from ..decks.importer import load_deck


def add_game_arguments(parser) -> None:
    """`--options`, `--directorships` and `--bots`, as `simulate` and `balance` take them."""
    parser.add_argument("--options", default=None, help="JSON object of option overrides")
    parser.add_argument(
        "--directorships",
        default=None,
        help="csh: comma-separated directorships, one per seat, fixed (default: drafted)",
    )


def game_options(base: dict, options_json: str | None, directorships: str | None) -> dict:
    """`base` updated with the `--options` JSON object and `--directorships`."""
    options = dict(base)
    if options_json:
        extra = json.loads(options_json)
        if not isinstance(extra, dict):
            raise ValueError("--options must be a JSON object")
        options.update(extra)
    if directorships:
        options["directorships"] = [d.strip() for d in directorships.split(",") if d.strip()]
    return options


def add_deck_argument(parser) -> None:
    """`--deck FILE`, as `simulate` and `replay --game` take it."""
    parser.add_argument(
        "--deck",
        action="append",
        default=[],
        metavar="FILE",
        help="deal from this deck file (any format `decks check` reads; repeat for more) "
        "instead of the preset's decks",
    )


def with_decks(options: dict, files: list[str]) -> tuple[dict, dict[str, Deck] | None]:
    """The options and the decks a game deals from, given `--deck` files: each file's deck
    under its content address (as the site's library would store it), the options' `decks`
    naming them unless `--options` named decks itself; no files: (options, None)."""
    if not files:
        return options, None
    given = [load_deck(file) for file in files]
    addressed = [dataclasses.replace(deck, id=library_id(deck)) for deck in given]
    decks = {**builtin.decks(), **{deck.id: deck for deck in addressed}}
    return {"decks": [deck.id for deck in addressed], **options}, decks


def bot_names(spec: str | list[str], players: int) -> list[str]:
    """One bot name per seat from a list or a comma-separated string; one name fills every seat."""
    names = [name.strip() for name in (spec.split(",") if isinstance(spec, str) else spec)]
    names = [name for name in names if name]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise ValueError(f"--bots names {len(names)} bots for {players} seats")
    return names
