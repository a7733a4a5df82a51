"""The deck library's HTTP API: list and show decks and their packs, upload one in any format
the importers read (the answer carries the import report), and the admin's deck moderation
(hide a card everywhere, remove a deck)."""

from __future__ import annotations

import asyncio
import weakref
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ...decks import DeckError
from ...decks.formats.csv_table import parse_columns
from ...decks.importer import FORMATS
from ...decks.packs import pack_list
from ...decks.report import Report
from ...decks.sandbox import Budget, import_isolated
from ...decks.sandbox import Request as ImportRequest
from ...store import Store
from ...store import deck_library as library
from ...table.errors import ErrorCode, TableError
from ..moderation import cards
from ..moderation.admins import require_admin
from .body_limit import RouteLimit
from .context import client_address, site_of
from .errors import ERRORS

#: Largest deck file `POST /api/decks` reads, in bytes.
UPLOAD_MAX_BYTES = 2 * 1024 * 1024
#: How `POST /api/decks` refuses a larger file (413 `too-large`): the limit and the ways round it.
UPLOAD_LIMIT = RouteLimit(
    UPLOAD_MAX_BYTES,
    f"deck files are at most {UPLOAD_MAX_BYTES // 2**20} MiB; upload the compact JSON Against "
    "Humanity file, or import it on the server with `cardtable decks import FILE`",
)
#: Uploads parsed at once by one server process; others wait their turn.
PARALLEL_IMPORTS = 2
#: What parsing one upload may use.
IMPORT_BUDGET = Budget()
_gates: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

router = APIRouter()
admin = APIRouter(prefix="/api/admin", dependencies=[Depends(require_admin)])

DeckId = Annotated[str, Path(min_length=1, max_length=64)]


class DeckSummary(BaseModel):
    id: str
    name: str
    language: str
    license: str
    attribution: str
    source: str
    tags: list[str]
    ratings: list[str]
    calls: int
    responses: int
    builtin: bool


class DeckCards(BaseModel):
    calls: list[dict[str, Any]]
    responses: list[dict[str, Any]]


class DeckDetail(DeckSummary):
    packs: list[str]
    cards: DeckCards


class Pack(BaseModel):
    name: str | None = Field(description="null for the cards in no pack")
    official: bool
    calls: int
    responses: int
    ratings: list[str]


class Note(BaseModel):
    code: str = Field(description="what is wrong: a code of decks/errors.py `Problem`")
    params: dict[str, str | int] = Field(description="the values its sentence names")
    where: str = Field(description="the line or field of the card")
    at: dict[str, str | int] | None = Field(
        description='`where` for a client to word: {"line": 12} or {"field": "calls[3].pick"}'
    )
    message: str = Field(description="the importer's own words, in English")


class ImportReport(BaseModel):
    encoding: str | None = Field(description="the text encoding found, null for SQLite")
    encodingNote: Note | None = Field(description="`not-utf8`: read as Windows-1252")
    repaired: list[Note]
    skipped: list[Note]
    repairs: int = Field(description="cards repaired (the list keeps the first 500)")
    skips: int = Field(description="cards skipped (the list keeps the first 500)")


class Uploaded(DeckSummary):
    created: bool = Field(description="false when the same cards were stored already")
    report: ImportReport


class HideCard(BaseModel):
    """A card's text, or a card of a running game by its table and id (as views show it)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    text: Annotated[str, Field(min_length=1, max_length=cards.MAX_HIDDEN_TEXT * 4)] | None = None
    code: Annotated[str, Field(min_length=1, max_length=16)] | None = None
    card: StrictInt | None = None


class Hidden(BaseModel):
    key: str
    text: str
    tables: list[str] = Field(description="codes of the running tables it was retired from")


def _gate() -> asyncio.Semaphore:
    """This event loop's semaphore on parallel imports."""
    loop = asyncio.get_running_loop()
    gate = _gates.get(loop)
    if gate is None:
        gate = _gates[loop] = asyncio.Semaphore(PARALLEL_IMPORTS)
    return gate


async def upload(
    store: Store, data: bytes, request: ImportRequest, budget: Budget = IMPORT_BUDGET
) -> tuple[dict[str, Any], bool, Report]:
    """Read a deck file (any importer format) in a child process, under CPU-time and memory
    limits (decks/sandbox.py), at most `PARALLEL_IMPORTS` at a time, so no file can slow the
    tables this process serves; then store it. Returns its summary, whether it is new and the
    import report (cards repaired or skipped). DeckError when the file is not a deck or
    breaks a limit; nothing is stored then."""
    async with _gate():
        imported = await import_isolated(data, request, budget)
    summary, created = await library.add_deck(store, imported.deck)
    if summary.pop("removed"):
        raise TableError(ErrorCode.DECK_REMOVED, "a moderator removed this deck", 409)
    return summary, created, imported.report


def _card(card) -> dict[str, Any]:
    shown: dict[str, Any] = {"text": card.text}
    if hasattr(card, "pick"):
        shown.update(pick=card.pick, draw=card.draw)
    return {**shown, "tags": list(card.tags), "rating": card.rating, "packs": list(card.packs)}


@router.get("/api/decks")
async def list_decks(request: Request) -> list[DeckSummary]:
    """Every deck a table can play with: card counts, tags, ratings, language, licence,
    attribution, source."""
    return [DeckSummary(**row) for row in await library.list_decks(site_of(request).store)]


@router.get("/api/decks/{deck_id}", responses=ERRORS)
async def show_deck(deck_id: DeckId, request: Request) -> DeckDetail:
    """One deck with all its cards."""
    found = await library.find_deck(site_of(request).store, deck_id)
    if found is None:
        raise TableError(ErrorCode.NOT_FOUND, "no such deck", 404)
    row, deck = found
    cards = DeckCards(
        calls=[_card(call) for call in deck.calls],
        responses=[_card(response) for response in deck.responses],
    )
    return DeckDetail(**row, packs=list(deck.packs), cards=cards)


@router.get("/api/decks/{deck_id}/packs", responses=ERRORS)
async def show_packs(deck_id: DeckId, request: Request) -> list[Pack]:
    """A deck's packs, for a pack picker: name, card counts, official or not, ratings."""
    found = await library.find_deck(site_of(request).store, deck_id)
    if found is None:
        raise TableError(ErrorCode.NOT_FOUND, "no such deck", 404)
    return [Pack(**pack) for pack in pack_list(found[1])]


@router.post(
    "/api/decks",
    status_code=201,
    responses={**ERRORS, 200: {"model": Uploaded, "description": "already stored"}},
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/octet-stream": {"schema": {"type": "string"}}},
        }
    },
)
async def upload_deck(
    request: Request,
    name: Annotated[str | None, Query(max_length=200, description="the file's name")] = None,
    format: Annotated[str | None, Query(description=f"one of {', '.join(FORMATS)}")] = None,
    kind: Annotated[str | None, Query(description="black or white: every card's kind")] = None,
    columns: Annotated[
        str | None,
        Query(max_length=500, description="CSV: FIELD=HEADER pairs, e.g. text=Karte,kind=Farbe"),
    ] = None,
) -> Uploaded:
    """Upload a deck file (the raw request body, at most 2 MiB; a larger one answers 413
    `too-large`, naming the alternatives) in any format `cardtable decks check` reads. Cards
    that cannot be used are repaired or skipped and listed in `report`; a file that is not a
    deck stores nothing, and the error names the line or field. The same cards uploaded again
    (under any name) answer 200 with the deck already stored. Uploads from one address are
    limited in number and total size an hour (`rate-limited`, 429)."""
    try:
        data = await request.body()  # app.BodyLimit answers 413 past UPLOAD_LIMIT
        site_of(request).quotas.upload_deck(client_address(request), len(data))
        wanted = ImportRequest(
            name, format, kind, parse_columns(columns) if columns else (), UPLOAD_MAX_BYTES
        )
        row, created, report = await upload(site_of(request).store, data, wanted)
    except DeckError as error:
        body = {**error.to_json(), "code": ErrorCode.BAD_DECK, "message": str(error)}
        return JSONResponse({"error": {**body, "problem": error.code}}, status_code=400)
    answer = Uploaded(**row, created=created, report=ImportReport(**report.to_json()))
    return JSONResponse(answer.model_dump(), status_code=201 if created else 200)


@admin.post("/cards/hide", responses={**ERRORS, 401: ERRORS[400]})
async def hide_card(body: HideCard, request: Request) -> Hidden:
    """Hide a card everywhere: new games leave it out; running games retire it (out of the
    decks at once, out of hands at their next draw)."""
    site = site_of(request)
    if body.text is not None and body.code is None and body.card is None:
        text = body.text
    elif body.text is None and body.code is not None and body.card is not None:
        text = await cards.card_text(site, body.code, body.card)
    else:
        raise TableError(ErrorCode.BAD_REQUEST, "give either text, or code and card")
    return Hidden(**await cards.hide_card(site, text))


@admin.delete("/decks/{deck_id}", responses={**ERRORS, 401: ERRORS[400]})
async def remove_deck(deck_id: DeckId, request: Request) -> DeckSummary:
    """Remove an uploaded deck: no longer listed nor offered; running tables keep it."""
    return DeckSummary(**await cards.remove_deck(site_of(request).store, deck_id))
