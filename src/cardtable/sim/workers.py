"""Playing shares of many games side by side: in this process, or in spawned worker processes."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")


def done_in_parts(
    work: Callable[[Task], Result], tasks: Sequence[Task], workers: int
) -> Iterator[Result]:
    """`work(task)` for every task, each result as soon as it is ready: in this process when
    `workers` is 1 (or less), else in up to `workers` spawned processes (`work` and the tasks
    must then pickle)."""
    if workers <= 1:
        yield from map(work, tasks)
        return
    spawn = multiprocessing.get_context("spawn")
    with spawn.Pool(min(workers, len(tasks))) as pool:
        yield from pool.imap_unordered(work, tasks)
