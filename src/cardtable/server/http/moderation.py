"""The moderation API: anyone at a table files reports; an admin reviews them (dismiss, ban
the person named, hide the card reported, remove its deck), bans and lifts bans, and reads the
moderation log. Every admin action is written to that log.

Admin answers never hold a token; a client identity appears only as its hash. Hiding a card
and removing a deck are moderation/cards.py's; a report only leads to them.
"""

from __future__ import annotations

import ipaddress
from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ...store import moderation
from ...table.errors import ErrorCode, TableError
from ...table.names import clean_text
from ..moderation import cards
from ..moderation.admins import moderation_history, record, require_admin
from ..moderation.report_targets import ReportKind, describe_member, resolve
from ..refusals import no_table, rate_limited
from ..tokens import token_hash
from .context import client_address, site_of
from .errors import ERRORS

if TYPE_CHECKING:
    from ..site import Site

MAX_REASON = 500
#: The longest ban with an end: ten years (longer is for good).
MAX_BAN_MINUTES = 10 * 365 * 24 * 60

router = APIRouter()
admin = APIRouter(prefix="/api/admin", dependencies=[Depends(require_admin)])

ADMIN_ERRORS = {**ERRORS, 401: ERRORS[400], 409: ERRORS[400]}
Id = Annotated[int, Path(ge=1, le=2**31 - 1)]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ReportBody(Body):
    code: Annotated[str, Field(min_length=1, max_length=16)]
    token: Annotated[str, Field(min_length=1, max_length=128)]
    kind: ReportKind
    target: Annotated[dict[str, Any], Field(max_length=4)] = Field(
        description='card/custom-card {"card": id}, chat {"seq": n}, player {"member": id}'
    )
    reason: Annotated[str, Field(min_length=1, max_length=MAX_REASON * 4)]


class Filed(BaseModel):
    id: int


class ReportAction(Body):
    action: Literal["dismiss", "ban", "hide-card", "remove-deck"]
    deck: Annotated[str, Field(min_length=1, max_length=64)] | None = Field(
        None, description="remove-deck: the id of the deck the reported card came from"
    )
    minutes: Annotated[float, Field(gt=0, le=MAX_BAN_MINUTES)] | None = Field(
        None, description="ban: how long; null bans for good"
    )
    reason: Annotated[str, Field(max_length=MAX_REASON * 4)] | None = Field(
        None, description="ban: why (default: the report's reason)"
    )


class BanBody(Body):
    report: StrictInt | None = Field(None, description="ban the person this report names")
    client: Annotated[str, Field(pattern="^[0-9a-f]{64}$")] | None = Field(
        None, description="a client identity's hash, as reports show it"
    )
    address: Annotated[str, Field(max_length=64)] | None = None
    reason: Annotated[str, Field(max_length=MAX_REASON * 4)] | None = None
    minutes: Annotated[float, Field(gt=0, le=MAX_BAN_MINUTES)] | None = Field(
        None, description="how long; null bans for good"
    )


def _reason(text: str | None, default: str = "") -> str:
    if text is None or not text.strip():
        return default
    return clean_text(text, MAX_REASON, ErrorCode.BAD_REASON, multiline=True)


# -- reports, from anyone at a table --------------------------------------------------------


@router.post("/api/reports", status_code=201, responses=ERRORS)
async def file_report(body: ReportBody, request: Request) -> Filed:
    """Report a card, a player-written card, a chat line or a player at your table."""
    site = site_of(request)
    address = client_address(request)
    if not site.limiters.lookups.take(address):
        raise rate_limited()
    secret = token_hash(body.token)
    state = await site.tables.read(body.code, secret)
    reporter = None if state is None else state.member_by_token(secret)
    if reporter is None:
        raise no_table()
    reason = clean_text(body.reason, MAX_REASON, ErrorCode.BAD_REASON, multiline=True)
    if not site.limiters.reports.take(secret) or not site.limiters.reports_by_address.take(address):
        raise TableError(ErrorCode.RATE_LIMITED, "too many reports; wait a little", 429)
    target = await resolve(site.tables, state, reporter, body.kind, body.target)
    report = await moderation.add_report(
        site.store, state.code, describe_member(reporter), body.kind, target, reason
    )
    return Filed(id=report)


# -- the admin's side -----------------------------------------------------------------------


@admin.get("/reports", responses=ADMIN_ERRORS)
async def list_reports(
    request: Request,
    status: Annotated[Literal["open", "dismissed", "actioned", "all"], Query()] = "open",
) -> list[dict[str, Any]]:
    """Reports, oldest first: the open ones unless `status` says otherwise."""
    return await moderation.list_reports(
        site_of(request).store, None if status == "all" else status
    )


@admin.post("/reports/{report_id}", responses=ADMIN_ERRORS)
async def act_on_report(report_id: Id, body: ReportAction, request: Request) -> dict[str, Any]:
    """Dismiss a report; ban the person it names (the author of a chat line, a player); hide
    the card it names everywhere; or remove the deck (`deck`) the card came from."""
    site = site_of(request)
    report = await _open_report(site, report_id)
    if body.action != "remove-deck" and body.deck is not None:
        raise TableError(ErrorCode.BAD_ACTION, "only remove-deck names a deck")
    if body.action == "dismiss":
        await _close_report(site, report, "dismissed", {"action": "dismiss"})
    elif body.action == "ban":
        await _ban_reported(site, report, body.reason, body.minutes)
    else:
        await _act_on_card(site, report, body.action, body.deck)
    return await moderation.get_report(site.store, report_id)


@admin.get("/bans", responses=ADMIN_ERRORS)
async def list_bans(
    request: Request, status: Annotated[Literal["active", "all"], Query()] = "active"
) -> list[dict[str, Any]]:
    """Bans, newest first: those in force unless `status=all`."""
    site = site_of(request)
    now = site.settings.clock.time()
    return await moderation.list_bans(site.store, now, active_only=status == "active")


@admin.post("/bans", status_code=201, responses=ADMIN_ERRORS)
async def add_ban(body: BanBody, request: Request) -> dict[str, Any]:
    """Ban the person a report names, or a client (by hash) and/or an address."""
    site = site_of(request)
    if body.report is not None:
        if body.client is not None or body.address is not None:
            raise TableError(
                ErrorCode.BAD_BAN, "ban either a report's person or a client and address"
            )
        report = await _open_report(site, body.report)
        return await _ban_reported(site, report, body.reason, body.minutes)
    if body.client is None and body.address is None:
        raise TableError(ErrorCode.BAD_BAN, "name a report, a client hash or an address")
    address = None if body.address is None else _address(body.address)
    ban = await _ban(site, body.client, address, _reason(body.reason), body.minutes)
    await record(site.store, "ban", {"ban": ban["id"]}, _ban_detail(ban))
    return ban


@admin.delete("/bans/{ban_id}", responses=ADMIN_ERRORS)
async def lift_ban(ban_id: Id, request: Request) -> dict[str, Any]:
    """Lift a ban at once."""
    site = site_of(request)
    ban = await moderation.lift_ban(site.store, ban_id, site.settings.clock.time())
    if ban is None:
        raise TableError(ErrorCode.NOT_FOUND, "no ban with that id", 404)
    await site.moderation.bans.reload()
    await record(site.store, "lift-ban", {"ban": ban_id}, _ban_detail(ban))
    return ban


@admin.get("/log", responses=ADMIN_ERRORS)
async def moderation_log(request: Request) -> list[dict[str, Any]]:
    """Every moderation action, newest first."""
    return await moderation_history(site_of(request).store)


# -- helpers --------------------------------------------------------------------------------


async def _open_report(site: Site, report_id: int) -> dict[str, Any]:
    report = await moderation.get_report(site.store, report_id)
    if report is None:
        raise TableError(ErrorCode.NOT_FOUND, "no report with that id", 404)
    if report["status"] != "open":
        raise TableError(
            ErrorCode.REPORT_CLOSED, f"this report was already {report['status']}", 409
        )
    return report


async def _close_report(
    site: Site, report: dict, status: str, resolution: dict, logged: bool = False
) -> None:
    """Close a report; `logged`: the action it led to wrote its own moderation log entry."""
    if not await moderation.resolve_report(site.store, report["id"], status, resolution):
        raise TableError(ErrorCode.REPORT_CLOSED, "this report was resolved meanwhile", 409)
    if not logged:
        await record(site.store, resolution["action"], {"report": report["id"]}, resolution)


async def _act_on_card(site: Site, report: dict, action: str, deck: str | None) -> None:
    """Hide the reported card everywhere, or remove the deck it came from (the deck library
    logs either); the report is closed as actioned and says what was done."""
    if report["kind"] not in ("card", "custom-card"):
        raise TableError(ErrorCode.BAD_ACTION, "this report names no card")
    if action == "hide-card":
        hidden = await cards.hide_card(site, report["target"]["card"].get("text") or "")
        resolution = {"action": action, "report": report["id"], **hidden}
    elif deck is None or report["kind"] != "card":
        raise TableError(
            ErrorCode.BAD_ACTION, "remove-deck needs `deck`, for a report of a deck's card"
        )
    else:
        removed = await cards.remove_deck(site.store, deck)
        resolution = {"action": action, "report": report["id"], "deck": removed["id"]}
    await _close_report(site, report, "actioned", resolution, logged=True)


async def _ban_reported(
    site: Site, report: dict, reason: str | None, minutes: float | None
) -> dict[str, Any]:
    """Ban the person a chat or player report names, and close the report as actioned."""
    target = report["target"]
    if report["kind"] not in ("chat", "player") or not (target["client"] or target["address"]):
        raise TableError(ErrorCode.BAD_ACTION, "this report names no person to ban")
    ban = await _ban(
        site, target["client"], target["address"], _reason(reason, report["reason"]), minutes
    )
    resolution = {"action": "ban", "ban": ban["id"], **_ban_detail(ban)}
    await _close_report(site, report, "actioned", resolution)
    return ban


async def _ban(
    site: Site, client: str | None, address: str | None, reason: str, minutes: float | None
) -> dict[str, Any]:
    """Store a ban, apply it to this process at once and disconnect whoever it holds."""
    now = site.settings.clock.time()
    until = None if minutes is None else now + minutes * 60
    ban = await moderation.add_ban(site.store, client, address, reason, until, now)
    await site.moderation.bans.reload()
    await site.moderation.disconnect_banned(site.tables.held.values())
    return ban


def _ban_detail(ban: dict[str, Any]) -> dict[str, Any]:
    return {key: ban[key] for key in ("client", "address", "reason", "until")}


def _address(text: str) -> str:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        raise TableError(ErrorCode.BAD_BAN, f"{text!r} is not an IP address") from None
