"""The page served at `/`: index.html with its entry points under the versioned prefix and a
`<link rel="modulepreload">` for every module its module scripts import statically.

Only `<link href>` and `<script src>` attributes naming a file of the static tree by a relative
path are rewritten, so the page needs no list of its entry points here. A module loaded from
`/v/<version>/js/main.js` imports its neighbours relative to itself, under the same prefix, so
the whole module graph is versioned without touching the modules; the preload links let the
browser fetch that graph at once instead of one level of imports per round trip.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Mapping

from .module_graph import static_closure

_TAG = re.compile(r"<(?:link|script)\b[^>]*>", re.IGNORECASE)
_URL_ATTRIBUTE = re.compile(r"""\b(href|src)\s*=\s*(["'])([^"']*)\2""", re.IGNORECASE)
_MODULE_TYPE = re.compile(r"""\btype\s*=\s*["']?module\b""", re.IGNORECASE)


def tree_path(url: str) -> str | None:
    """The tree path a relative URL in index.html names (`css/app.css`, `./js/main.js`), or
    None for an absolute, fragment, query or scheme URL (`/x`, `#a`, `data:,`)."""
    if not url or url.startswith(("/", "#", "?")) or ":" in url.split("/", 1)[0]:
        return None
    path = posixpath.normpath(url)
    return None if path.startswith("..") else path


def versioned_index(page: str, sources: Mapping[str, str], files: set[str], prefix: str) -> str:
    """`page` (index.html's text) with each `<link href>`/`<script src>` naming one of `files`
    moved under `prefix` (`/v/<version>/`), and before each module script the preload links of
    the modules it needs; `sources` holds the text of every module of the tree by its path."""
    preloaded: set[str] = set()

    def rewrite(tag_match: re.Match[str]) -> str:
        tag = tag_match.group()
        found = _URL_ATTRIBUTE.search(tag)
        path = tree_path(html.unescape(found.group(3))) if found else None
        if found is None or path not in files:
            return tag
        tag = tag[: found.start(3)] + html.escape(prefix + path) + tag[found.end(3) :]
        is_module = tag[:7].lower() == "<script" and _MODULE_TYPE.search(tag)
        if not is_module or path not in sources:
            return tag
        needed = [module for module in static_closure(sources, path) if module not in preloaded]
        preloaded.update(needed)
        links = [f'<link rel="modulepreload" href="{html.escape(prefix + m)}">' for m in needed]
        return "\n  ".join([*links, tag])

    return _TAG.sub(rewrite, page)
