"""The server's layout (issue 26): every module imports, no two modules import each other
(directly or round a longer loop, type-only imports included), and the table layer stays pure:
nothing from the server, the store or the bus, no asyncio, no sockets, no web framework."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import cardtable

SOURCE = Path(cardtable.__file__).parent
LAYERS = ("server", "table")
#: What `cardtable.table` may not import (itself or any module under these names).
IMPURE = (
    "cardtable.server",
    "cardtable.store",
    "cardtable.bus",
    "asyncio",
    "socket",
    "sqlalchemy",
    "fastapi",
    "starlette",
    "uvicorn",
)


def _module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {
        _module_name(path): path
        for layer in LAYERS
        for path in sorted((SOURCE / layer).rglob("*.py"))
    }


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Every module `name` imports, anywhere in it (functions and type-only blocks too): a
    `from package import module` names the module, else the package."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                found.add(submodule if submodule in known else source)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A loop of imports among the graph's own modules, or None."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return None
        for imported in sorted(graph[name] & graph.keys()):
            loop = visit(imported, [*path, name])
            if loop is not None:
                return loop
        done.add(name)
        return None

    for name in sorted(graph):
        loop = visit(name, [])
        if loop is not None:
            return loop
    return None


def test_every_module_of_the_server_and_the_table_imports():
    for name in _modules():
        importlib.import_module(name)


def test_no_module_imports_itself_round_a_loop():
    assert _cycle(_graph()) is None, " -> ".join(_cycle(_graph()) or ())


def test_the_cycle_finder_finds_a_loop():
    graph = {"a": {"b"}, "b": {"c", "os"}, "c": {"a"}, "d": set()}
    assert _cycle(graph) == ["a", "b", "c", "a"]
    assert _cycle({**graph, "c": set()}) is None


def test_the_table_layer_is_pure():
    impure = {
        (name, imported)
        for name, imports in _graph().items()
        if name.startswith("cardtable.table")
        for imported in imports
        if any(imported == bad or imported.startswith(bad + ".") for bad in IMPURE)
    }
    assert impure == set()
