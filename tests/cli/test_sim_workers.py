"""Shares of games played in worker processes: results as they come, failures raised."""

from __future__ import annotations

import threading
from concurrent.futures.process import BrokenProcessPool

from cardtable.sim.workers import done_in_parts


def _square(number: int) -> int:
    return number * number


def _unreadable() -> None:
    raise ImportError("this task cannot be read in a worker")


class Unreadable:
    """A task whose unpickling fails in the worker, before any work runs (as when a worker
    cannot import the code a task names)."""

    def __reduce__(self):
        return (_unreadable, ())


def test_every_task_is_done_once_in_workers_and_alone():
    assert sorted(done_in_parts(_square, range(6), workers=3)) == [0, 1, 4, 9, 16, 25]
    assert list(done_in_parts(_square, range(3), workers=1)) == [0, 1, 4]


def test_a_task_no_worker_can_read_raises_instead_of_waiting_for_ever():
    outcome: list = []

    def run() -> None:
        try:
            outcome.append(list(done_in_parts(_square, [1, Unreadable(), 2], workers=2)))
        except Exception as error:  # what it raised is the point
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(120)  # a generous bound: a pool that loses the task never returns
    assert outcome, "done_in_parts is still waiting for a task its worker could not read"
    assert isinstance(outcome[0], ImportError | BrokenProcessPool), outcome[0]
