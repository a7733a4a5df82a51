"""test-output/: what a run of the tests leaves for people to look at (screenshots, the
accessibility audits' minor findings).

The screenshots are those of the last run that took any, all of them: the folder is emptied
once, before the first test of a run with browser tests, by the process that runs the session
(xdist's controller once every worker has collected, or the only process), never by a worker,
which would delete what the workers before it had saved.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

OUTPUT = Path(__file__).resolve().parents[1] / "test-output"
SCREENS = OUTPUT / "screens"
BROWSER_TESTS = "tests/browser/"
_EMPTIED = pytest.StashKey[bool]()


def _empty_screens_for(test_ids: list[str]) -> None:
    if any(test_id.startswith(BROWSER_TESTS) for test_id in test_ids):
        shutil.rmtree(SCREENS, ignore_errors=True)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids: list[str]) -> None:
    """In xdist's controller, as each worker reports what it collected (every worker collects
    the same tests, and none runs before all have reported)."""
    if not node.config.stash.get(_EMPTIED, False):
        node.config.stash[_EMPTIED] = True
        _empty_screens_for(ids)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a run without workers (`-n 0`); a worker leaves the folder alone."""
    if not hasattr(config, "workerinput"):
        _empty_screens_for([item.nodeid for item in items])
