"""The difference between two JSON documents as JSON Patch (RFC 6902) operations.

The server keeps what each kind of viewer last received and sends only what changed. Objects
are compared key by key; a list or scalar that changed is replaced whole, which keeps the
operations few and trivial to apply (add, remove, replace).
"""

from __future__ import annotations

from typing import Any


def pointer(path: str, key: str) -> str:
    return f"{path}/{key.replace('~', '~0').replace('/', '~1')}"


def diff(old: Any, new: Any, path: str = "") -> list[dict[str, Any]]:
    """Operations that turn `old` into `new`; [] when they are equal."""
    if old == new:
        return []
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return [{"op": "replace", "path": path, "value": new}]
    ops: list[dict[str, Any]] = []
    for key, value in new.items():
        if key not in old:
            ops.append({"op": "add", "path": pointer(path, key), "value": value})
        elif old[key] != value:
            ops.extend(diff(old[key], value, pointer(path, key)))
    ops.extend({"op": "remove", "path": pointer(path, key)} for key in old if key not in new)
    return ops


def apply(document: Any, ops: list[dict[str, Any]]) -> Any:
    """`document` with `ops` applied (a new top-level object when the root is replaced)."""
    for op in ops:
        keys = [k.replace("~1", "/").replace("~0", "~") for k in op["path"].split("/")[1:]]
        if not keys:
            document = op["value"]
            continue
        parent = document
        for key in keys[:-1]:
            parent = parent[int(key)] if isinstance(parent, list) else parent[key]
        if op["op"] == "remove":
            del parent[keys[-1]]
        elif isinstance(parent, list):
            parent[int(keys[-1])] = op["value"]
        else:
            parent[keys[-1]] = op["value"]
    return document
