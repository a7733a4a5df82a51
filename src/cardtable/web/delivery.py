"""Serving the static site from memory: the versioned index page, long-lived versioned files,
gzip when the client accepts it, and ETags for conditional requests.

Paths and how long a browser may keep what they answer:

- `/` and `/index.html`: the index page (index_page.py), `no-cache` (always revalidated; a
  matching `If-None-Match` gets 304), so a new version reaches every new page load. Before
  answering it the folder is looked at (one stat a file) and read again if a file changed,
  so an edited client shows on the next reload without restarting the server.
- `/v/<version>/<path>`: the file at `<path>`, `immutable` for a year when `<version>` is the
  tree's current one. A version of the right shape that is not current (a tab opened before
  the server restarted with new files) gets the current file at that path, revalidated like
  an unversioned one, never cached for long; anything else under `/v/` is 404.
- any other path: the file at that path, revalidated on each use (old links, tests).

Files are looked up by exact path in the tree read into memory (assets.py), so `..`, encoded
or not, names nothing and is 404. Only GET and HEAD are answered (405 otherwise).
"""

from __future__ import annotations

import re
from pathlib import Path

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from .assets import VERSION_LENGTH, Asset, make_asset, read_tree, tree_stamp, tree_version
from .index_page import versioned_index

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
INDEX = "index.html"

_VERSION_SHAPE = re.compile(rf"[0-9a-f]{{{VERSION_LENGTH}}}")


class StaticSite:
    """An ASGI app serving the static folder `folder` from memory."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.read()

    def read(self) -> None:
        """Read the folder into memory, and its version and index page."""
        self.stamp = tree_stamp(self.folder)
        tree = read_tree(self.folder)
        self.version = tree_version(tree)
        self.prefix = f"/v/{self.version}/"
        if INDEX in tree:
            sources = {
                name: asset.body.decode("utf-8", "replace")
                for name, asset in tree.items()
                if name.endswith((".js", ".mjs"))
            }
            page = tree[INDEX].body.decode("utf-8")
            rendered = versioned_index(page, sources, set(tree), self.prefix)
            tree[INDEX] = make_asset(INDEX, rendered.encode("utf-8"))
        self.tree = tree

    def find(self, path: str) -> tuple[Asset, str]:
        """The asset a request path names and its Cache-Control; 404 when it names none."""
        if path in ("/", "/" + INDEX):
            if tree_stamp(self.folder) != self.stamp:
                self.read()
            name, cache = INDEX, REVALIDATE
        elif path.startswith("/v/"):
            version, _, name = path[3:].partition("/")
            if not _VERSION_SHAPE.fullmatch(version):
                raise HTTPException(404)
            cache = IMMUTABLE if version == self.version else REVALIDATE
        else:
            name, cache = path[1:], REVALIDATE
        asset = self.tree.get(name)
        if asset is None:
            raise HTTPException(404)
        return asset, cache

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # a WebSocket to a path no route of the API has
            await send({"type": "websocket.close", "code": 1000})
            return
        if scope["method"] not in ("GET", "HEAD"):
            raise HTTPException(405, headers={"allow": "GET, HEAD"})
        asset, cache = self.find(_route_path(scope))
        await send_asset(scope, send, asset, cache)


async def send_asset(scope: Scope, send: Send, asset: Asset, cache: str) -> None:
    """Answer an HTTP request with `asset`: gzipped when the client accepts it, 304 when it
    holds the asset already (its If-None-Match names either encoding's ETag)."""
    request = Headers(scope=scope)
    gzipped = asset.gzipped is not None and accepts_gzip(request.get("accept-encoding", ""))
    body = asset.gzipped if gzipped and asset.gzipped is not None else asset.body
    headers = {"etag": asset.gzip_etag if gzipped else asset.etag, "cache-control": cache}
    if asset.gzipped is not None:
        headers["vary"] = "Accept-Encoding"
    if matches(request.get("if-none-match", ""), (asset.etag, asset.gzip_etag)):
        await _respond(send, 304, headers, b"")
        return
    headers["content-type"] = asset.media_type
    headers["content-length"] = str(len(body))
    if gzipped:
        headers["content-encoding"] = "gzip"
    await _respond(send, 200, headers, b"" if scope["method"] == "HEAD" else body)


class AssetResponse(Response):
    """A route's answer that is the same for every request (a list of games): encoded,
    compressed and tagged once, sent like a static file."""

    def __init__(self, name: str, body: bytes, cache: str = REVALIDATE):
        super().__init__()
        self.asset, self.cache = make_asset(name, body), cache

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send_asset(scope, send, self.asset, self.cache)


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header allows gzip: named (or `*`) with a q above 0."""
    weights: dict[str, float] = {}
    for item in accept_encoding.lower().split(","):
        coding, _, parameters = item.partition(";")
        weight = 1.0
        for parameter in parameters.split(";"):
            key, _, value = parameter.strip().partition("=")
            if key == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        weights.setdefault(coding.strip(), weight)
    return weights.get("gzip", weights.get("x-gzip", weights.get("*", 0.0))) > 0


def matches(if_none_match: str, etags: tuple[str, ...]) -> bool:
    """Whether an If-None-Match header names one of `etags` (weakly compared) or is `*`."""
    for tag in if_none_match.split(","):
        tag = tag.strip()
        if tag == "*" or tag.removeprefix("W/") in etags:
            return True
    return False


def _route_path(scope: Scope) -> str:
    """The request's path below the app's root path (behind a proxy that adds one)."""
    path: str = scope["path"]
    root = scope.get("root_path", "")
    return path[len(root) :] if root and path.startswith(root + "/") else path


async def _respond(send: Send, status: int, headers: dict[str, str], body: bytes) -> None:
    raw = [(name.encode("latin-1"), value.encode("latin-1")) for name, value in headers.items()]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})
