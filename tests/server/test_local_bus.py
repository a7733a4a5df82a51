"""The in-process bus: a message reaches the other nodes of its table only, and `listened`
says whether anyone else would hear one (a table alone on its node skips publishing)."""

from __future__ import annotations

import asyncio

from cardtable.bus.local import InProcessBus


async def test_the_in_process_bus_reaches_other_nodes_of_the_table_only():
    bus = InProcessBus()
    heard: list[tuple[str, bytes]] = []
    bus.subscribe("ABCDEF", "n1", lambda m: heard.append(("n1", m)))
    assert not bus.listened("ABCDEF", "n1") and not bus.listened("GHJKLM", "n1")
    assert bus.listened("ABCDEF", "n2")  # n1 would hear what n2 publishes
    bus.subscribe("ABCDEF", "n2", lambda m: heard.append(("n2", m)))
    bus.subscribe("GHJKLM", "n3", lambda m: heard.append(("n3", m)))
    assert bus.listened("ABCDEF", "n1") and bus.listened("ABCDEF", "n2")
    await bus.publish("ABCDEF", "n1", b"step 1")
    await asyncio.sleep(0)
    assert heard == [("n2", b"step 1")]
    bus.unsubscribe("ABCDEF", "n2")
    assert not bus.listened("ABCDEF", "n1")
    await bus.publish("ABCDEF", "n1", b"step 2")
    await asyncio.sleep(0)
    assert heard == [("n2", b"step 1")]
