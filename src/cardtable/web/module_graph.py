"""Which of our ES modules a page needs before it can run: the static imports of an entry
module, followed through the static folder.

A static import is a statement at the start of a line, `import ... from "spec"`,
`import "spec"` or `export ... from "spec"`; `import("spec")` (loaded on demand, such as a
game's renderer) is not one. Only relative or absolute specifiers that name a file of the tree
are followed; the scan is one regular-expression pass a module, bounded in the length of what
it reads between `import` and `from`, and the walk in the number of modules.
"""

from __future__ import annotations

import posixpath
import re
from collections import deque
from collections.abc import Mapping

#: `import`/`export`, then a bounded list of names ending in `from`, or none, then the quoted
#: specifier. Names are identifiers, `*`, braces, commas and white space (so `import(` and
#: `export const` never match).
_STATIC_IMPORT = re.compile(
    r"""^[ \t]*(?:import|export)\b\s*(?:[\w$*{},\s]{1,2000}?\bfrom\s*)?["']([^"'\n]{1,512})["']""",
    re.MULTILINE,
)

#: At most this many modules are followed from one entry.
MAX_MODULES = 2000


def static_imports(source: str) -> list[str]:
    """The specifiers `source` imports statically, in order."""
    return _STATIC_IMPORT.findall(source)


def resolve(importer: str, specifier: str) -> str | None:
    """The tree path `specifier` names when imported from tree path `importer`, or None when it
    leaves the tree or is a bare or full URL (`lit`, `https://...`)."""
    if specifier.startswith("/"):
        joined = specifier.lstrip("/")
    elif specifier.startswith(("./", "../")):
        joined = posixpath.join(posixpath.dirname(importer), specifier)
    else:
        return None
    path = posixpath.normpath(joined)
    return None if path.startswith("..") or path == "." else path


def static_closure(sources: Mapping[str, str], entry: str) -> list[str]:
    """The modules `entry` needs through static imports, nearest first, `entry` left out:
    `sources` maps tree paths to module texts; imports naming no module of it are skipped."""
    seen = {entry}
    order: list[str] = []
    queue = deque([entry])
    while queue:
        module = queue.popleft()
        for specifier in static_imports(sources[module]):
            target = resolve(module, specifier)
            if target is None or target not in sources or target in seen:
                continue
            if len(order) == MAX_MODULES:
                return order
            seen.add(target)
            order.append(target)
            queue.append(target)
    return order
