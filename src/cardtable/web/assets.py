"""The static folder read into memory once: each file's bytes, media type, ETag and (for text)
its gzip-compressed bytes, and one version for the whole tree.

The folder is small (hundreds of kB), so holding it and its compressed copies costs little and
spares every request a disk read and a compression. `tree_stamp` tells cheaply (one stat a
file) whether the folder changed since it was read.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import mimetypes
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

#: Media types of the text files we serve, compressed when the client accepts it.
TEXT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".md": "text/markdown; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
}

#: Hex digits of the tree's version (a prefix of a SHA-256).
VERSION_LENGTH = 12


@dataclass(frozen=True)
class Asset:
    """One file as served: `gzipped` is None when the file is not text (images and fonts come
    compressed). Its ETags are strong, one for each encoding."""

    body: bytes = field(repr=False)
    media_type: str
    etag: str
    gzipped: bytes | None = field(default=None, repr=False)

    @property
    def gzip_etag(self) -> str:
        return self.etag[:-1] + '-gz"'


@functools.lru_cache(maxsize=4096)
def make_asset(name: str, body: bytes) -> Asset:
    """The asset for a file called `name` (its suffix picks the media type) holding `body`.
    Kept for the process's life: a site made again (tests start many) compresses only the
    files that changed."""
    etag = f'"{hashlib.sha256(body).hexdigest()[:20]}"'
    text_type = TEXT_TYPES.get(Path(name).suffix.lower())
    if text_type is None:
        guessed, _ = mimetypes.guess_type(name)
        return Asset(body, guessed or "application/octet-stream", etag)
    return Asset(body, text_type, etag, gzip.compress(body, compresslevel=9, mtime=0))


def _files(folder: Path) -> Iterator[tuple[str, Path]]:
    """Every regular file under `folder`, with its path relative to it (`js/main.js`); hidden
    files and folders (an editor's `.swp`, `.DS_Store`) are left out."""
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if path.is_file() and not any(part.startswith(".") for part in relative.parts):
            yield relative.as_posix(), path


def read_tree(folder: Path) -> dict[str, Asset]:
    """Every file under `folder` (as `_files` lists them) by its relative path."""
    return {name: make_asset(path.name, path.read_bytes()) for name, path in _files(folder)}


def tree_stamp(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """The name, modification time and size of every file under `folder`: it differs when a
    file was added, removed or written since."""
    return tuple(
        (name, (stat := path.stat()).st_mtime_ns, stat.st_size) for name, path in _files(folder)
    )


def tree_version(tree: dict[str, Asset]) -> str:
    """A digest of every path and content in `tree`: it changes when any file does."""
    digest = hashlib.sha256()
    for name, asset in sorted(tree.items()):
        digest.update(name.encode() + b"\0" + asset.etag.encode() + b"\0")
    return digest.hexdigest()[:VERSION_LENGTH]
