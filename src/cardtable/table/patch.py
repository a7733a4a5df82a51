"""The difference between two JSON documents as JSON Patch (RFC 6902) operations.

The server keeps what each kind of viewer last received and sends only what changed. Objects
are compared key by key. Lists are compared item by item (`_list_diff`); an item of a list is
replaced, added or removed, never patched inside, so a client may keep an item it was sent: it
is never changed in place. Only add, remove and replace are used, so the operations stay
trivial to apply.
"""

from __future__ import annotations

from typing import Any


def pointer(path: str, key: str) -> str:
    if "~" in key or "/" in key:
        key = key.replace("~", "~0").replace("/", "~1")
    return f"{path}/{key}"


def diff(old: Any, new: Any, path: str = "") -> list[dict[str, Any]]:
    """Operations that turn `old` into `new`; [] when they are equal."""
    if old == new:
        return []
    return changes(old, new, path)


_MISSING = object()


def changes(old: Any, new: Any, path: str) -> list[dict[str, Any]]:
    """`diff` of two values known to differ (saves comparing them whole once more)."""
    if type(old) is dict and type(new) is dict:
        ops: list[dict[str, Any]] = []
        for key, value in new.items():
            before = old.get(key, _MISSING)
            if before is _MISSING:
                ops.append({"op": "add", "path": pointer(path, key), "value": value})
            elif before != value:
                ops.extend(changes(before, value, pointer(path, key)))
        ops.extend({"op": "remove", "path": pointer(path, key)} for key in old if key not in new)
        return ops
    if type(old) is list and type(new) is list:
        ops = _list_diff(old, new, path)
        if ops is not None:
            return ops
    return [{"op": "replace", "path": path, "value": new}]


def _list_diff(old: list, new: list, path: str) -> list[dict[str, Any]] | None:
    """Operations between two lists that differ, around their common start and end; None when
    no item is kept (the list is then replaced whole).

    Between the common ends, either the items that changed are replaced in place (lists of the
    same length), or the items gone are removed and the new ones added after those kept, as
    when cards are played from a hand and others drawn: whichever sends fewer items."""
    same_length = len(old) == len(new)
    if same_length:
        changed = [i for i in range(len(new)) if old[i] != new[i]]
        if len(changed) == 1:  # the usual case, and nothing does better than replacing it
            return [{"op": "replace", "path": f"{path}/{changed[0]}", "value": new[changed[0]]}]
    start, most = 0, min(len(old), len(new))
    while start < most and old[start] == new[start]:
        start += 1
    end = 0
    while end < most - start and old[-1 - end] == new[-1 - end]:
        end += 1
    old_end, new_end = len(old) - end, len(new) - end
    kept, removed = start, []
    for index in range(start, old_end):
        if kept < new_end and old[index] == new[kept]:
            kept += 1
        else:
            removed.append(index)
    added = new_end - kept
    if same_length and len(changed) <= added:
        return [{"op": "replace", "path": f"{path}/{i}", "value": new[i]} for i in changed]
    if added >= len(new):
        return None
    ops = [{"op": "remove", "path": f"{path}/{i}"} for i in reversed(removed)]
    ops += [{"op": "add", "path": f"{path}/{i}", "value": new[i]} for i in range(kept, new_end)]
    return ops


def apply(document: Any, ops: list[dict[str, Any]]) -> Any:
    """`document` with `ops` applied (a new top-level object when the root is replaced)."""
    for op in ops:
        path = op["path"]
        if not path:
            document = op["value"]
            continue
        keys = path.split("/")
        if "~" in path:
            keys = [k.replace("~1", "/").replace("~0", "~") for k in keys]
        parent = document
        for key in keys[1:-1]:
            parent = parent[int(key)] if type(parent) is list else parent[key]
        last, kind = keys[-1], op["op"]
        if type(parent) is list:
            index = len(parent) if last == "-" else int(last)
            if kind == "remove":
                del parent[index]
            elif kind == "add":
                parent.insert(index, op["value"])
            else:
                parent[index] = op["value"]
        elif kind == "remove":
            del parent[last]
        else:
            parent[last] = op["value"]
    return document
