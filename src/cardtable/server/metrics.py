"""Counters and latency histograms of the server, rendered in the Prometheus text format;
with several workers (`cardtable serve --workers`), each one's figures as plain data, and
their sum."""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter

BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class Histogram:
    __slots__ = ("count", "counts", "total")

    def __init__(self):
        self.counts = [0] * (len(BUCKETS) + 1)
        self.count = 0
        self.total = 0.0

    def observe(self, seconds: float) -> None:
        self.counts[bisect_left(BUCKETS, seconds)] += 1
        self.count += 1
        self.total += seconds

    def add(self, snapshot: dict) -> None:
        """Add another histogram's `snapshot()` to this one."""
        self.counts = [a + b for a, b in zip(self.counts, snapshot["counts"], strict=True)]
        self.count += snapshot["count"]
        self.total += snapshot["total"]

    def snapshot(self) -> dict:
        return {"counts": self.counts, "count": self.count, "total": self.total}

    def render(self, name: str) -> list[str]:
        lines, cumulative = [], 0
        for bound, count in zip((*BUCKETS, "+Inf"), self.counts, strict=True):
            cumulative += count
            lines.append(f'{name}_bucket{{le="{bound}"}} {cumulative}')
        lines += [f"{name}_sum {self.total:.6f}", f"{name}_count {self.count}"]
        return lines


class Metrics:
    """What /metrics reports; the server updates it as it works."""

    def __init__(self):
        self.actions: Counter[str] = Counter()
        self.rejected: Counter[str] = Counter()
        self.connections = 0
        self.messages_in = 0
        self.messages_out = 0
        #: Steps this process applied that another process had stored first.
        self.conflicts = 0
        self.action_latency = Histogram()
        self.append_latency = Histogram()

    def snapshot(self) -> dict:
        """The figures as plain data (JSON), for `summed`."""
        return {
            "actions": dict(self.actions),
            "rejected": {
                str(code): n for code, n in self.rejected.items()
            },  # plain str keys, for JSON
            "connections": self.connections,
            "messages_in": self.messages_in,
            "messages_out": self.messages_out,
            "conflicts": self.conflicts,
            "action_latency": self.action_latency.snapshot(),
            "append_latency": self.append_latency.snapshot(),
        }

    @classmethod
    def summed(cls, snapshots: list[dict]) -> Metrics:
        """The figures of several processes (their `snapshot()`s) added up."""
        total = cls()
        for snapshot in snapshots:
            total.actions.update(snapshot["actions"])
            total.rejected.update(snapshot["rejected"])
            total.connections += snapshot["connections"]
            total.messages_in += snapshot["messages_in"]
            total.messages_out += snapshot["messages_out"]
            total.conflicts += snapshot["conflicts"]
            total.action_latency.add(snapshot["action_latency"])
            total.append_latency.add(snapshot["append_latency"])
        return total

    def render(self, tables_by_status: dict[str, int], live_tables: int) -> str:
        lines = [
            "# HELP cardtable_tables Tables in the database by status.",
            "# TYPE cardtable_tables gauge",
            *(f'cardtable_tables{{status="{s}"}} {n}' for s, n in sorted(tables_by_status.items())),
            "# HELP cardtable_live_tables Tables held in memory by the server's processes.",
            "# TYPE cardtable_live_tables gauge",
            f"cardtable_live_tables {live_tables}",
            "# HELP cardtable_connections Open WebSocket connections.",
            "# TYPE cardtable_connections gauge",
            f"cardtable_connections {self.connections}",
            "# HELP cardtable_actions_total Log entries written, by kind.",
            "# TYPE cardtable_actions_total counter",
            *(
                f'cardtable_actions_total{{kind="{k}"}} {n}'
                for k, n in sorted(self.actions.items())
            ),
            "# HELP cardtable_rejected_total Requests refused, by error code.",
            "# TYPE cardtable_rejected_total counter",
            *(
                f'cardtable_rejected_total{{code="{c}"}} {n}'
                for c, n in sorted(self.rejected.items())
            ),
            "# HELP cardtable_messages_total WebSocket messages, by direction.",
            "# TYPE cardtable_messages_total counter",
            f'cardtable_messages_total{{direction="in"}} {self.messages_in}',
            f'cardtable_messages_total{{direction="out"}} {self.messages_out}',
            "# HELP cardtable_conflicts_total Steps another process had stored first.",
            "# TYPE cardtable_conflicts_total counter",
            f"cardtable_conflicts_total {self.conflicts}",
            "# HELP cardtable_action_seconds From an action received to its updates queued.",
            "# TYPE cardtable_action_seconds histogram",
            *self.action_latency.render("cardtable_action_seconds"),
            "# HELP cardtable_store_append_seconds Time to store one log entry durably.",
            "# TYPE cardtable_store_append_seconds histogram",
            *self.append_latency.render("cardtable_store_append_seconds"),
        ]
        return "\n".join(lines) + "\n"
