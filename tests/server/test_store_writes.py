"""The store's appends (store.py): the steps queued in one turn of the event loop are stored by
one write, each caller hearing only once its step is durable; a write the database refuses
fails its steps (the first with the database's error, the later ones as built on it) once,
without being tried again; steps queued just before the store closes
are stored. On SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from cardtable.store import Conflict, Entry, Store
from cardtable.store.store import FLUSH_AT

SUMMARY = {
    "game_id": "cah",
    "name": "T",
    "public": False,
    "locked": False,
    "status": "lobby",
    "host_name": "Ann",
    "players": 1,
    "max_players": 10,
}


class Watch:
    """A store's `before_write`: records each write's steps; fails the first `fail` writes as
    a full disk would."""

    def __init__(self, fail: int = 0):
        self.writes: list[list[tuple[str, int]]] = []
        self.fail = fail

    def __call__(self, steps: list[tuple[str, int]]) -> None:
        self.writes.append(steps)
        if len(self.writes) <= self.fail:
            raise OSError("the disk is full (test)")


async def _store(url: str, watch: Watch) -> Store:
    store = await Store.open(url, before_write=watch)
    await store.create_table({"code": "ABCDEF", **SUMMARY}, _entry(1))
    return store


def _entry(seq: int) -> Entry:
    action = {"type": "create"} if seq == 1 else {"type": "pick", "n": seq}
    return Entry(seq, "lobby" if seq == 1 else "game", None, action, float(seq), 0.0)


def _submitted(store: Store, first: int, count: int) -> list:
    """Queue `count` steps of the table from `first`, in one turn: their futures."""
    return [store.submit("ABCDEF", [_entry(seq)]) for seq in range(first, first + count)]


@pytest.mark.parametrize("count", [3, FLUSH_AT])
async def test_steps_of_one_turn_are_stored_by_one_write_and_acknowledged_after_it(
    database_url, count
):
    watch = Watch()
    store = await _store(database_url, watch)
    try:
        futures = _submitted(store, 2, count)
        store.flush_if_full()
        # SQLite writes FLUSH_AT steps on the loop at once; else at the loop's next turn.
        at_once = count == FLUSH_AT and database_url.startswith("sqlite")
        assert [f.done() for f in futures] == [at_once] * count
        for future in futures:
            await future
        assert watch.writes == [[("ABCDEF", seq) for seq in range(2, 2 + count)]]
        assert [e.seq for e in await store.entries("ABCDEF")] == list(range(1, 2 + count))
    finally:
        await store.close()


@pytest.mark.parametrize("count", [3, FLUSH_AT])
async def test_a_refused_write_fails_its_steps_once_and_the_next_write_goes_on(database_url, count):
    watch = Watch(fail=1)
    store = await _store(database_url, watch)
    try:
        futures = _submitted(store, 2, count)
        store.flush_if_full()
        with pytest.raises(OSError, match="disk is full"):
            await futures[0]
        for later in futures[1:]:  # built on the first: they fail with it
            with pytest.raises(Conflict, match="an earlier step failed"):
                await later
        assert len(watch.writes) == 1  # not tried again behind the callers' backs
        assert [e.seq for e in await store.entries("ABCDEF")] == [1]
        await store.submit("ABCDEF", [_entry(2)])
        assert [e.seq for e in await store.entries("ABCDEF")] == [1, 2]
    finally:
        await store.close()


async def test_steps_queued_just_before_closing_are_stored(database_url):
    store = await _store(database_url, Watch())
    futures = _submitted(store, 2, 2)
    await store.close()
    assert all(f.done() and f.exception() is None for f in futures)
    reopened = await Store.open(database_url)
    try:
        assert [e.seq for e in await reopened.entries("ABCDEF")] == [1, 2, 3]
    finally:
        await reopened.close()
