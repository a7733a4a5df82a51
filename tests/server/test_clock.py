"""The server's clock (clock.py): a ManualClock's sleeps and wake-ups happen only when a test
moves it on, in order of when they fall due; the system clock sleeps on the loop."""

from __future__ import annotations

import asyncio
import threading

from cardtable.server.clock import ManualClock, SystemClock


async def _turns(count: int = 5) -> None:
    """Let the loop run what is ready, `count` times over."""
    for _ in range(count):
        await asyncio.sleep(0)


async def test_a_sleep_on_a_manual_clock_ends_when_the_clock_is_moved_past_it():
    clock = ManualClock()
    woken: list[str] = []

    async def sleeper(name: str, seconds: float) -> None:
        await clock.sleep(seconds)
        woken.append(name)

    tasks = [asyncio.create_task(sleeper(name, s)) for name, s in (("late", 10), ("soon", 5))]
    await _turns()
    assert clock.pending() == [clock.time() + 5, clock.time() + 10]
    clock.advance(4.9)
    await _turns()
    assert woken == []
    clock.advance(10)
    await asyncio.gather(*tasks)
    assert woken == ["soon", "late"]
    assert clock.pending() == []


async def test_a_sleep_cancelled_leaves_no_wake_up_and_one_for_now_ends_at_once():
    clock = ManualClock()
    sleeping = asyncio.create_task(clock.sleep(30))
    await _turns()
    assert clock.pending() == [clock.time() + 30]
    sleeping.cancel()
    await _turns()
    assert sleeping.cancelled() and clock.pending() == []
    await asyncio.wait_for(clock.sleep(0), 10)  # due now: the next turn of the loop


async def test_a_manual_clock_moved_from_another_thread_wakes_the_sleeper_on_its_loop():
    clock = ManualClock()
    sleeping = asyncio.create_task(clock.sleep(60))
    await _turns()
    mover = threading.Thread(target=clock.advance, args=(60,))
    mover.start()
    await asyncio.wait_for(sleeping, 10)
    mover.join()


async def test_the_system_clock_sleeps_on_the_loop():
    await asyncio.wait_for(SystemClock().sleep(0.01), 10)
