"""`pytest --cpu-durations N`: the N tests that used the most CPU, setup and teardown included.

CPU is what bounds the suite on CI's two cores, and a loaded machine stretches wall-clock
durations but not CPU seconds, so this list holds still from run to run where `--durations`
does not. A test's CPU counts its worker process and the child processes it waited for (servers
started in a subprocess, for one); a browser's CPU counts when its module closes the browser.
Works with pytest-xdist: the figure travels to the controller in the teardown report.
"""

from __future__ import annotations

import resource

import pytest

KEY = "cpu_seconds"
_started = pytest.StashKey[float]()


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cpu-durations",
        type=int,
        default=0,
        metavar="N",
        help="list the N tests that used the most CPU (with the children they waited for)",
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item):
    item.stash[_started] = _cpu_seconds()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item):
    yield
    if _started in item.stash:
        item.user_properties.append((KEY, _cpu_seconds() - item.stash[_started]))


class CpuTally:
    """The CPU seconds of each test, from the teardown reports (the workers' reports too)."""

    def __init__(self, most: int):
        self.most = most
        self.used: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "teardown":
            for name, value in report.user_properties:
                if name == KEY:
                    self.used[report.nodeid] = value

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if not self.used:
            return
        total = sum(self.used.values())
        terminalreporter.write_sep(
            "=", f"most CPU: {self.most} of {len(self.used)} tests, {total:.1f} s in all"
        )
        for nodeid, seconds in sorted(self.used.items(), key=lambda pair: -pair[1])[: self.most]:
            terminalreporter.write_line(f"{seconds:8.2f}s cpu  {nodeid}")


def pytest_configure(config: pytest.Config) -> None:
    if most := config.getoption("cpu_durations"):
        config.pluginmanager.register(CpuTally(most), "cpu-tally")
