"""What a route reads from its request: the site serving it, and the client's address."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import HTTPConnection

if TYPE_CHECKING:
    from ..site import Site


def site_of(request: HTTPConnection) -> Site:
    return request.app.state.site


def client_address(request: HTTPConnection) -> str:
    return request.client.host if request.client else "unknown"
