"""The changes between two JSON values, written one per line for people to read, and applied
back. Golden playthroughs (golden_text.py) store each view as its changes since the step before.

A change is a path and what happens there:

    = {"phase": "deal"}             the whole value (an empty path)
    /phase = "turn"                 the value at /phase, added or replaced
    /hands/0/cards[2:3] = []        items 2 to 3 (not included) of a list, replaced by others
    /coming/next removed            a key removed

A path names object keys and list indexes from the root, each after a "/"; a key made of
anything but ASCII letters, digits, "_", "-" and "." is written as a JSON string. Objects are
compared key by key; lists by the items they keep in the same order (difflib), the others
replaced as slices (a card played from a hand is `/hand[2:3] = []`, one drawn
`/hand[4:4] = [...]`), or item by item where a slice keeps its length and that writes less.
"""

from __future__ import annotations

import json
import re
from difflib import SequenceMatcher
from typing import Any

#: The value of a change that removes a key.
REMOVED = object()

_PLAIN_KEY = re.compile(r"[A-Za-z0-9_.-]+")
_SLICE = re.compile(r"\[(\d+):(\d+)\]")
_DECODER = json.JSONDecoder()

Change = tuple[tuple, Any]  # (path, value or REMOVED); a path ends in a slice for list slices


def dumps(value: Any) -> str:
    """One line of JSON, as golden files write every value."""
    return json.dumps(value, ensure_ascii=False)


def same(old: Any, new: Any) -> bool:
    """Whether two values are the same JSON (Python's == takes true for 1, and 1 for 1.0)."""
    return old == new and _key(old) == _key(new)


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def diff(old: Any, new: Any, path: tuple = ()) -> list[Change]:
    """The changes that turn `old` into `new` (under `path`); [] when they are the same."""
    if same(old, new):
        return []
    if type(old) is dict and type(new) is dict:
        changes: list[Change] = []
        for key, value in new.items():
            if key in old:
                changes.extend(diff(old[key], value, (*path, key)))
            else:
                changes.append(((*path, key), value))
        changes.extend(((*path, key), REMOVED) for key in old if key not in new)
        return changes
    if type(old) is list and type(new) is list:
        return _list_diff(old, new, path)
    return [(path, new)]


def _list_diff(old: list, new: list, path: tuple) -> list[Change]:
    """Slices replaced around the items both lists keep, in order, each at its place in the
    list as the changes before it left it; a slice that keeps its length is compared item by
    item instead when that writes less."""
    keys = [_key(item) for item in old], [_key(item) for item in new]
    matcher = SequenceMatcher(None, *keys, autojunk=False)
    changes: list[Change] = []
    for tag, start, stop, new_start, new_stop in matcher.get_opcodes():
        if tag == "equal":
            continue
        spliced = [((*path, slice(new_start, new_start + stop - start)), new[new_start:new_stop])]
        if stop - start == new_stop - new_start:
            itemwise = [
                change
                for offset in range(stop - start)
                for change in diff(
                    old[start + offset], new[new_start + offset], (*path, new_start + offset)
                )
            ]
            spliced = min(itemwise, spliced, key=_length)
        changes.extend(spliced)
    return changes


def _length(changes: list[Change]) -> int:
    return sum(len(render(change)) for change in changes)


def render(change: Change) -> str:
    """The line that writes `change`."""
    path, value = change
    text = "".join(_render_step(step) for step in path)
    if value is REMOVED:
        return f"{text} removed"
    return f"{text} = {dumps(value)}" if text else f"= {dumps(value)}"


def _render_step(step) -> str:
    if isinstance(step, slice):
        return f"[{step.start}:{step.stop}]"
    if isinstance(step, int) or _PLAIN_KEY.fullmatch(step):
        return f"/{step}"
    return f"/{dumps(step)}"


def parse(line: str) -> Change:
    """The change a line written by `render` holds; ValueError when it holds none."""
    path: list = []
    at = 0
    while line.startswith("/", at):
        at += 1
        if line.startswith('"', at):
            key, at = _DECODER.raw_decode(line, at)
        else:
            plain = _PLAIN_KEY.match(line, at)
            if plain is None:
                raise ValueError(f"no key after '/' in {line!r}")
            key, at = plain.group(), plain.end()
        path.append(key)
    bounds = _SLICE.match(line, at)
    if bounds is not None:
        path.append(slice(int(bounds.group(1)), int(bounds.group(2))))
        at = bounds.end()
    rest = line[at:]
    if rest == " removed" and path and not isinstance(path[-1], slice):
        return tuple(path), REMOVED
    if rest.startswith("= " if at == 0 else " = "):
        return tuple(path), json.loads(rest.split("= ", 1)[1])
    raise ValueError(f"not a change: {line!r}")


def apply(value: Any, change: Change) -> Any:
    """`value` with `change` made (in place, except for a change of the whole value)."""
    path, new = change
    if not path:
        return new
    container = value
    for step in path[:-1]:
        container = container[_index(container, step)]
    last = path[-1]
    if isinstance(last, slice):
        container[last] = new
    elif new is REMOVED:
        del container[last]
    else:
        container[_index(container, last)] = new
    return value


def _index(container, step):
    """A path step as `container` takes it: parsed lines give list indexes as text."""
    return int(step) if isinstance(container, list) else step
