"""Playing shares of many games side by side: in this process, or in spawned worker processes."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")


def done_in_parts(
    work: Callable[[Task], Result], tasks: Sequence[Task], workers: int
) -> Iterator[Result]:
    """`work(task)` for every task, each result as soon as it is ready: in this process when
    `workers` is 1 (or less), else in up to `workers` spawned processes (`work` and the tasks
    must then pickle). A task that fails, even before `work` runs (a worker that cannot read
    it, or dies), raises here rather than leaving the caller waiting for ever."""
    if workers <= 1:
        yield from map(work, tasks)
        return
    spawn = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(min(workers, len(tasks)), mp_context=spawn)
    try:
        for done in as_completed([pool.submit(work, task) for task in tasks]):
            yield done.result()
    finally:  # the caller stopped early, or a task failed: the rest is not wanted
        pool.shutdown(cancel_futures=True)
