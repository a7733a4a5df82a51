"""`cardtable decks`: list the built-in decks, show, check and convert deck files, and import
a deck file into a site's deck library. `check` prints the import report: the encoding, and
every card repaired or skipped with its line or field."""

from __future__ import annotations

import argparse
import asyncio
from collections import Counter
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..decks import Deck, DeckError, builtin
from ..decks.formats.csv_table import parse_columns
from ..decks.importer import FORMATS, Imported, import_deck, save_deck
from .serve import add_database_arguments, database_url

SAMPLE = 5


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("decks", help="list, show, check and convert decks")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    actions.add_parser("list", help="the built-in decks").set_defaults(func=run_list)

    show = actions.add_parser("show", help="a deck's details and some of its cards")
    show.add_argument("deck", metavar="ID_OR_FILE", help="a built-in deck id or a deck file")
    show.add_argument("--all", action="store_true", help="print every card")
    show.set_defaults(func=run_show)

    check = actions.add_parser("check", help="read a deck file and report what is in it")
    check.add_argument("file", help="a deck file")
    check.set_defaults(func=run_check)

    convert = actions.add_parser("convert", help="write a deck file as cardtable-deck JSON")
    convert.add_argument("file", help="a deck file")
    convert.add_argument("-o", "--output", required=True, help="the JSON file to write")
    convert.set_defaults(func=run_convert)

    store = actions.add_parser("import", help="store a deck file in the site's deck library")
    store.add_argument("file", help="a deck file")
    add_database_arguments(store)
    store.set_defaults(func=run_import)

    for action in (show, check, convert, store):
        action.add_argument("--format", choices=FORMATS, help="skip format detection")
        action.add_argument("--kind", choices=["black", "white"], help="every card's kind")
        action.add_argument(
            "--columns",
            type=parse_columns,
            default=(),
            metavar="FIELD=HEADER,...",
            help="CSV: which header holds which field (kind, text, pick, draw, rating, tags, "
            "pack), e.g. text=Karte,kind=Farbe",
        )


def _import(args: argparse.Namespace, path: str) -> Imported:
    return import_deck(path, fmt=args.format, kind=args.kind, columns=args.columns)


def run_list(args: argparse.Namespace) -> int:
    table = Table(title="built-in decks")
    for column in ("id", "name", "calls", "responses", "tags", "ratings", "licence"):
        numeric = column in ("calls", "responses")
        table.add_column(column, justify="right" if numeric else "left", no_wrap=column == "id")
    for deck in builtin.decks().values():
        summary = deck.summary()
        table.add_row(
            deck.id,
            Text(deck.name),
            str(summary["calls"]),
            str(summary["responses"]),
            Text(", ".join(deck.tags)),
            ", ".join(summary["ratings"]),
            Text(deck.license),
        )
    Console().print(table)
    return 0


def run_show(args: argparse.Namespace) -> int:
    if args.deck in builtin.ids():
        deck = builtin.get(args.deck)
    elif Path(args.deck).exists():
        deck = _import(args, args.deck).deck
    else:
        known = ", ".join(builtin.ids())
        raise DeckError("", f"{args.deck!r} is neither a built-in deck ({known}) nor a file")
    console = Console()
    console.print(_details(deck))
    console.print(_cards(deck, None if args.all else SAMPLE))
    hidden = len(deck.calls) + len(deck.responses) - 2 * SAMPLE
    if not args.all and hidden > 0:
        console.print(f"(a sample: --all prints all {len(deck.calls) + len(deck.responses)} cards)")
    return 0


def run_check(args: argparse.Namespace) -> int:
    imported = _import(args, args.file)
    deck = imported.deck
    packs = f", {len(deck.packs)} packs" if deck.packs else ""
    print(
        f"ok: {args.file} is {imported.format}: {_calls(deck)}, "
        f"{len(deck.responses)} responses{packs}"
    )
    for line in _credits(deck) + imported.report.lines():
        print(f"  {line}")
    report = imported.report
    print(f"  {report.repairs} repaired, {report.skips} skipped")
    return 0


def _credits(deck: Deck) -> list[str]:
    return [
        f"{label}: {value}"
        for label, value in (("licence", deck.license), ("attribution", deck.attribution))
        if value
    ]


def run_convert(args: argparse.Namespace) -> int:
    imported = _import(args, args.file)
    deck = imported.deck
    save_deck(deck, args.output)
    print(
        f"wrote {args.output} from {imported.format}: {_calls(deck)}, "
        f"{len(deck.responses)} responses"
    )
    return 0


def run_import(args: argparse.Namespace) -> int:
    imported = _import(args, args.file)
    fmt, deck = imported.format, imported.deck
    summary, created = asyncio.run(_store(database_url(args), deck))
    if summary["removed"]:
        print(f"{args.file}: a moderator removed this deck ({summary['id']})")
        return 1
    verb = "stored" if created else "already stored"
    print(f"{verb}: {summary['id']} from {fmt}: {_calls(deck)}, {len(deck.responses)} responses")
    return 0


async def _store(url: str, deck: Deck) -> tuple[dict, bool]:
    from ..store import Store
    from ..store.deck_library import add_deck, install_builtin

    store = await Store.open(url)
    try:
        await install_builtin(store)
        return await add_deck(store, deck)
    finally:
        await store.close()


def _calls(deck: Deck) -> str:
    picks = Counter(call.pick for call in deck.calls)
    draws = sum(1 for call in deck.calls if call.draw)
    shares = [f"pick {pick}: {count}" for pick, count in sorted(picks.items())]
    if draws:
        shares.append(f"draw: {draws}")
    return f"{len(deck.calls)} calls" + (f" ({', '.join(shares)})" if shares else "")


def _details(deck: Deck) -> Table:
    summary = deck.summary()
    table = Table(title=Text(deck.name), show_header=False)
    table.add_column("field", style="bold")
    table.add_column("value")
    rows = {
        "id": deck.id,
        "description": deck.description,
        "source": deck.source,
        "language": deck.language,
        "licence": deck.license,
        "attribution": deck.attribution,
        "nsfw": "" if deck.nsfw is None else "yes" if deck.nsfw else "no",
        "tags": ", ".join(deck.tags),
        "packs": ", ".join(deck.packs),
        "calls": _calls(deck),
        "responses": str(len(deck.responses)),
        "ratings": ", ".join(summary["ratings"]),
    }
    for field, value in rows.items():
        if value:
            table.add_row(field, Text(value))
    return table


def _cards(deck: Deck, limit: int | None) -> Table:
    table = Table(title="cards")
    for column in ("card", "pick", "text", "rating", "tags", "packs"):
        table.add_column(column)
    for call in deck.calls[:limit]:
        pick = f"{call.pick}" + (f" draw {call.draw}" if call.draw else "")
        table.add_row("call", pick, *_meta_cells(call.text, call))
    for response in deck.responses[:limit]:
        table.add_row("response", "", *_meta_cells(response.text, response))
    return table


def _meta_cells(text: str, card) -> list[Text]:
    return [
        Text(text),
        Text(card.rating or ""),
        Text(", ".join(card.tags)),
        Text(", ".join(card.packs)),
    ]
