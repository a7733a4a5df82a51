"""Slow clients against a running server (issue 23, finding 4): opens many connections that
send the start of a request and then only a header line now and then (slowloris), from one or
more of this machine's addresses (127.0.0.2 and on), holds them for a while, and meanwhile asks
`GET /api/health` from another address (127.0.1.1) every half second. Prints how many slow
connections the server closed and when, whether the other client was served, and, given a
process id, that process's CPU time over the hold (for `serve --workers`, the dispatcher's).
Asserts nothing. For example, against a server started with `ulimit -n 1024`:

    uv run python bench/slow_clients.py 127.0.0.1:8000 --connections 1100 --seconds 20
    uv run python bench/slow_clients.py 127.0.0.1:8000 --connections 1000 --addresses 100 \\
        --half-line --trickle 0 --seconds 10 --pid DISPATCHER_PID
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import time
from dataclasses import dataclass, field

#: The address the probing client connects from, apart from the slow ones.
PROBE_FROM = "127.0.1.1"
PROBE_EVERY = 0.5
PROBE_TIMEOUT = 3.0


@dataclass
class Slow:
    """What became of the slow connections."""

    opened: int = 0
    failed: int = 0
    #: Seconds from the start of the hold at which the server closed each one.
    closed_at: list[float] = field(default_factory=list)


@dataclass
class Probes:
    """The other client's requests: each one's seconds from the start, and its latency (None
    when it was not served in time)."""

    answers: list[tuple[float, float | None]] = field(default_factory=list)


async def hold_slow(host: str, port: int, source: str, index: int, args, slow: Slow, start):
    """One slow connection: the start of a request, then a header line (or more of the request
    line) every `args.trickle` seconds."""
    try:
        reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
    except OSError:
        slow.failed += 1
        return
    slow.opened += 1
    closed = False
    try:
        start_of_request = f"GET /api/tables?slow={index}"
        if not args.half_line:
            start_of_request += f" HTTP/1.1\r\nHost: {host}\r\n"
        writer.write(start_of_request.encode())
        deadline = start + args.seconds
        while not closed and (left := deadline - time.monotonic()) > 0:
            try:
                wait = min(left, args.trickle) if args.trickle > 0 else left
                closed = await asyncio.wait_for(reader.read(1024), wait) == b""
            except TimeoutError:
                if args.trickle > 0:
                    more = "&more=1" if args.half_line else f"X-Slow-{index}: 1\r\n"
                    writer.write(more.encode())
    except OSError:
        closed = True
    if closed:
        slow.closed_at.append(time.monotonic() - start)
    writer.close()


async def probe(host: str, port: int, probes: Probes, start: float, seconds: float) -> None:
    """`GET /api/health` from `PROBE_FROM` every `PROBE_EVERY` seconds during the hold."""
    while (at := time.monotonic() - start) < seconds:
        began = time.monotonic()
        latency = None
        try:
            async with asyncio.timeout(PROBE_TIMEOUT):
                reader, writer = await asyncio.open_connection(
                    host, port, local_addr=(PROBE_FROM, 0)
                )
                writer.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                answer = await reader.read()
                writer.close()
            if answer.startswith(b"HTTP/1.1 200"):
                latency = time.monotonic() - began
        except (TimeoutError, OSError):
            pass
        probes.answers.append((at, latency))
        await asyncio.sleep(max(0.0, PROBE_EVERY - (time.monotonic() - began)))


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process `pid` so far (Linux)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(args) -> None:
    host, port = args.address.rsplit(":", 1)
    port = int(port)
    slow, probes = Slow(), Probes()
    sources = [f"127.0.0.{2 + i % 250}" for i in range(args.addresses)]
    start = time.monotonic()
    holding = [
        asyncio.create_task(hold_slow(host, port, sources[i % len(sources)], i, args, slow, start))
        for i in range(args.connections)
    ]
    await asyncio.sleep(args.settle)  # every slow connection sent its start
    cpu_before = cpu_seconds(args.pid) if args.pid else None
    measured_from = time.monotonic()
    await probe(host, port, probes, start, args.seconds)
    cpu = None if cpu_before is None else cpu_seconds(args.pid) - cpu_before
    measured = time.monotonic() - measured_from
    await asyncio.gather(*holding)
    report(args, slow, probes, cpu, measured)


def report(args, slow: Slow, probes: Probes, cpu: float | None, measured: float) -> None:
    closed = sorted(slow.closed_at)
    first = f"{closed[0]:.1f}" if closed else "-"
    last = f"{closed[-1]:.1f}" if closed else "-"
    print(
        f"slow: connections={args.connections} addresses={args.addresses} "
        f"opened={slow.opened} failed_to_open={slow.failed} "
        f"closed_by_server={len(closed)} first_closed_s={first} last_closed_s={last} "
        f"open_at_end={slow.opened - len(closed)}"
    )
    served = [(at, latency) for at, latency in probes.answers if latency is not None]
    latencies = [latency * 1000 for _, latency in served]
    first_served = f"{served[0][0]:.1f}" if served else "-"
    p50 = f"{statistics.median(latencies):.1f}" if latencies else "-"
    worst = f"{max(latencies):.1f}" if latencies else "-"
    print(
        f"probe: served={len(served)}/{len(probes.answers)} first_served_s={first_served} "
        f"p50_ms={p50} max_ms={worst}"
    )
    if cpu is not None:
        print(
            f"cpu: pid={args.pid} cpu_s={cpu:.2f} over {measured:.1f} s "
            f"({100 * cpu / measured:.1f}% of a core)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("address", help="HOST:PORT of the server")
    parser.add_argument("--connections", type=int, default=1100)
    parser.add_argument(
        "--addresses", type=int, default=1, help="source addresses 127.0.0.2 and on (at most 250)"
    )
    parser.add_argument("--seconds", type=float, default=20, help="how long to hold them")
    parser.add_argument(
        "--trickle",
        type=float,
        default=5,
        help="seconds between the header lines each slow connection sends (0: none)",
    )
    parser.add_argument(
        "--half-line",
        action="store_true",
        help="send only the start of the request line, not the line and a header",
    )
    parser.add_argument(
        "--settle", type=float, default=1, help="seconds to open them before measuring"
    )
    parser.add_argument("--pid", type=int, help="a process whose CPU time over the hold to show")
    args = parser.parse_args()
    if not 1 <= args.addresses <= 250:
        raise SystemExit("slow_clients: --addresses is from 1 to 250")
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # this side needs a socket each
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
