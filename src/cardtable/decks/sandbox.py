"""Importing an untrusted deck file in a child process with CPU-time and memory limits.

`import_isolated` runs `python -m cardtable.decks.sandbox` with the file on its standard
input; the child lowers its priority, sets `resource.setrlimit` limits on its own CPU time and
address space, imports the deck and writes the result as JSON (the deck in `cardtable-deck`
form, the format, the report, the CPU seconds it used) on its standard output. Whatever the
file does, the server process only waits on a pipe: a child stopped by its CPU limit
(`cpu-limit`), out of memory (`memory-limit`) or past the wall-clock `wait` (`too-slow`, it is
killed) refuses the file with that code. Nothing here blocks the event loop: the answer is
decoded in a thread, for a bounded time.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import signal
import sys
import time
from dataclasses import dataclass

from .errors import DeckError, Problem
from .importer import Imported, import_deck
from .native import read_native
from .report import Report

#: The most a deck's import output may take (the deck as JSON and its report).
MAX_OUTPUT = 64 * 1024 * 1024


@dataclass(frozen=True)
class Budget:
    """What one child may use: CPU seconds, address space in bytes, wall-clock seconds."""

    cpu_seconds: int = 10
    memory_bytes: int = 1024 * 1024 * 1024
    wait_seconds: float = 60.0


@dataclass(frozen=True)
class Request:
    """What to import besides the bytes (as `import_deck` takes them)."""

    name: str | None = None
    fmt: str | None = None
    kind: str | None = None
    columns: tuple[tuple[str, str], ...] = ()
    max_bytes: int = 2 * 1024 * 1024


async def import_isolated(data: bytes, request: Request, budget: Budget = Budget()) -> Imported:
    """The deck in `data`, read in a child process under `budget`; DeckError when refused."""
    arguments = {
        "request": {**request.__dict__, "columns": [list(pair) for pair in request.columns]},
        "cpu": budget.cpu_seconds,
        "memory": budget.memory_bytes,
    }
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        __name__,
        json.dumps(arguments),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        limit=MAX_OUTPUT,
    )
    try:
        output, _ = await asyncio.wait_for(child.communicate(data), budget.wait_seconds)
    except TimeoutError:
        child.kill()
        await child.wait()
        seconds = budget.wait_seconds
        message = f"reading the file took longer than {seconds:g} s"
        raise DeckError("", message, Problem.TOO_SLOW, seconds=f"{seconds:g}") from None
    # Decoding a big deck's answer takes a while: in a thread, not on the event loop.
    return await asyncio.to_thread(outcome, child.returncode, output, budget)


def outcome(returncode: int, output: bytes, budget: Budget) -> Imported:
    """What a child that exited with `returncode` after writing `output` read: the deck, or
    the DeckError it gave (`cpu-limit` when its CPU limit killed it)."""
    if returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        seconds = budget.cpu_seconds
        message = f"reading the file took more than {seconds} s of CPU"
        raise DeckError("", message, Problem.CPU_LIMIT, seconds=seconds)
    try:
        answer = json.loads(output)
    except ValueError:
        message = f"the deck reader failed (exit {returncode})"
        raise DeckError("", message, Problem.READER_FAILED) from None
    if "error" in answer:
        error = answer["error"]
        raise DeckError(error["where"], error["message"], error["code"], **error["params"])
    report = Report.from_json(answer["report"])
    report.cpu_seconds = answer["cpu"]
    return Imported(answer["format"], read_native(answer["deck"]), report)


def _limit(cpu_seconds: int, memory_bytes: int) -> None:
    """Limit this process: CPU seconds from now, and its whole address space."""
    os.nice(10)
    used = resource.getrusage(resource.RUSAGE_SELF)
    spent = int(used.ru_utime + used.ru_stime) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (spent + cpu_seconds, spent + cpu_seconds + 1))
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))


def main() -> None:
    arguments = json.loads(sys.argv[1])
    started = time.process_time()
    _limit(arguments["cpu"], arguments["memory"])
    request = arguments["request"]
    try:
        data = sys.stdin.buffer.read(request["max_bytes"] + 1)
        imported = import_deck(
            data,
            request["name"],
            request["fmt"],
            request["kind"],
            columns=tuple(tuple(pair) for pair in request["columns"]),
            max_bytes=request["max_bytes"],
        )
        answer = {
            "format": imported.format,
            "deck": imported.deck.to_json(),
            "report": imported.report.to_json(),
            "cpu": time.process_time() - started,
        }
    except DeckError as error:
        answer = {"error": error.to_json()}
    except MemoryError:
        limit = arguments["memory"] // (1024 * 1024)
        message = f"reading the file needs more than {limit:,} MiB of memory"
        answer = {"error": DeckError("", message, Problem.MEMORY_LIMIT, mib=limit).to_json()}
    sys.stdout.write(json.dumps(answer, ensure_ascii=False))


if __name__ == "__main__":
    main()
