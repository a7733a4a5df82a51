"""test-output/: what a run of the tests leaves for people to look at (screenshots, the
accessibility audits' minor findings).

Screenshots are of this run only: the folder is emptied once, by the process that runs the
session (xdist's controller, or the only process), never by a worker, which would delete what
the workers before it had saved.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

OUTPUT = Path(__file__).resolve().parents[1] / "test-output"
SCREENS = OUTPUT / "screens"


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):
        shutil.rmtree(SCREENS, ignore_errors=True)
