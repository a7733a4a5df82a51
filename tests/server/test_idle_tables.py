"""Tables' lifetime (issue 23): an idle table leaves memory and comes back from its log on its
next use; a game nobody attends for `abandon_after` is ended by the server; start-up resumes
only the games still alive. On SQLite and PostgreSQL; time moves only when a test moves the
server's `ManualClock`.
"""

from __future__ import annotations

import pytest
from harness import RunningServer, eventually, settings_for
from sqlalchemy import select

from cardtable.cli import build_parser
from cardtable.cli.serve import settings_from
from cardtable.server.clock import ManualClock
from cardtable.store.schema import results
from cardtable.table.settings import GRACE

#: A tiny game that never ends by itself and has no deadline: only people and bots move it.
ENDLESS = {"target": 10**6}

#: The site's own periodic work (repeating who is online, reading the moderation data) comes
#: round this long after the start, far beyond the times these tests reach: the wake-ups they
#: count are the tables' own (`_wake_ups`).
KEEPING = 10**7


@pytest.fixture
def idle(database_url):
    clock = ManualClock()
    keeping = {"presence_lease": 3 * KEEPING, "moderation_refresh": KEEPING}
    with RunningServer(settings_for(database_url, clock=clock, **keeping)) as running:
        running.clock = clock
        yield running


def _wake_ups(server) -> list[float]:
    """When each wake-up the tables armed is due, soonest first (the site's own are due
    KEEPING after the start)."""
    clock = server.clock
    return [at for at in clock.pending() if at - clock.time() < KEEPING / 2]


def _log(server, code: str) -> list:
    """The table's log as stored (read without using the table)."""
    return server.on_loop(lambda: server.site.store.entries(code))


def _stored_summary(server, code: str) -> dict:
    return server.on_loop(lambda: server.site.store.summary(code))


def _armed(server, at: float) -> None:
    """Wait until the server has armed a wake-up for `at` (clock time)."""
    eventually(lambda: at in _wake_ups(server), what=f"a wake-up at {at}")


def _playing(server, names=("Ann", "Bob"), bots=0, options=ENDLESS):
    """A tiny game of `names` (the first hosts) and `bots` bots, started, everyone connected."""
    host = server.create(name=names[0], options=options)
    code = host["code"]
    tokens = [host["token"]]
    tokens += [
        server.join(code, name, client=f"{name.lower()}-client")["token"] for name in names[1:]
    ]
    clients = [server.client(code, token) for token in tokens]
    for _ in range(bots):
        assert clients[0].table({"type": "add-bot"})["type"] == "update"
    assert clients[0].table({"type": "start"})["type"] == "update"
    return code, tokens, clients


def _to_act(state) -> set[int]:
    return set(state.game.to_act(state.game_state))


def _leave_all(server, code: str, clients) -> float:
    """Everyone closes their connections, one after another, each marked away after the grace
    period; returns the clock time from which the table, resting, is idle."""
    for client in clients:
        now = server.clock.time()
        client.close()
        _armed(server, now + GRACE.default)
        server.clock.advance(GRACE.default)
        eventually(
            lambda c=client: server.read(code, lambda s: s.members[c.member].away), what="away"
        )
        eventually(
            lambda: _log(server, code)[-1].action["type"] == "away", what="the away step stored"
        )
    idle_from = server.clock.time()
    _armed(server, idle_from + server.settings.evict_after)
    return idle_from


def test_an_idle_table_leaves_memory_after_evict_after_and_not_before(idle):
    host = idle.create()
    code = host["code"]
    ann = idle.client(code, host["token"])
    idle_from = _leave_all(idle, code, [ann])  # a lobby nobody is in
    evict_after = idle.settings.evict_after
    idle.clock.advance(evict_after - 1)
    assert idle.held(code)
    idle.clock.advance(1)
    assert idle.clock.time() == idle_from + evict_after
    assert not idle.held(code)
    site = idle.site
    assert code not in site.tables.histories and not site.relay.listened(code)
    assert not _wake_ups(idle)  # a lobby leaves no wake-up behind


def test_a_connection_keeps_a_table_held(idle):
    code, _tokens, clients = _playing(idle)
    idle.clock.advance(idle.settings.evict_after * 3)
    assert idle.held(code)
    clients[0].close()  # one player of two still connected
    idle.clock.advance(GRACE.default + idle.settings.evict_after * 3)
    assert idle.held(code)
    assert clients[1].play({"type": "pick", "n": 1})["type"] == "update"


def test_a_use_keeps_an_idle_table_held_evict_after_longer(idle):
    host = idle.create()
    code = host["code"]
    idle_from = _leave_all(idle, code, [idle.client(code, host["token"])])
    evict_after = idle.settings.evict_after
    idle.clock.advance(evict_after - 10)
    assert idle.summary(code, host["token"])["status"] == "lobby"
    idle.clock.advance(20)  # past the first wake-up
    assert idle.held(code)
    _armed(idle, idle_from + evict_after - 10 + evict_after)
    idle.clock.advance(evict_after - 10)
    assert not idle.held(code)


def _game_view(server, code: str):
    """What a reload must keep: the table's status and seats, and the game as everyone sees
    it."""
    return server.read(
        code,
        lambda s: (
            s.status,
            [(seat.members, seat.away, seat.gone) for seat in s.seats],
            s.game.public_view(s.game_state),
        ),
    )


@pytest.mark.parametrize("use", ["summary", "history", "join", "hello"])
def test_an_evicted_table_comes_back_from_its_log_as_it_was_and_plays_on(idle, use):
    code, tokens, clients = _playing(idle)
    for client in clients:
        assert client.play({"type": "pick", "n": 3})["type"] == "update"
    # Ann has picked in the second round: her seat, away, is waited for by nobody
    assert clients[0].play({"type": "pick", "n": 3})["type"] == "update"
    _leave_all(idle, code, clients)
    before = _game_view(idle, code)
    last_wall = idle.read(code, lambda s: s.last_wall)
    idle.clock.advance(idle.settings.evict_after)
    assert not idle.held(code)
    abandon_at = last_wall + idle.settings.abandon_after
    assert _wake_ups(idle) == [abandon_at]

    if use == "summary":
        assert idle.summary(code, tokens[0])["status"] == "playing"
    elif use == "history":
        assert idle.history(code, tokens[0])["status"] == "playing"
    elif use == "join":
        assert idle.join(code, "Cy", client="cy-client", spectate=True)["spectate"]
    if use == "hello":  # her welcome shows the game as it was
        ann = idle.client(code, tokens[0])
        assert ann.game["public"] == before[2]
    else:
        assert _game_view(idle, code) == before
    assert idle.held(code)
    assert abandon_at not in _wake_ups(idle)  # held again: not to be abandoned

    clients = [idle.client(code, token) for token in tokens]
    round_before = before[2]["round"]
    waiting = idle.read(code, lambda s: sorted(s.game.to_act(s.game_state)))
    for seat in waiting:
        assert clients[seat].play({"type": "pick", "n": 2})["type"] == "update"
    assert idle.read(code, lambda s: s.game_state.round) > round_before


@pytest.mark.parametrize("host_goes", ["leaves", "disconnects"])
def test_a_bot_table_nobody_watches_rests_then_is_abandoned(idle, host_goes):
    code, tokens, clients = _playing(idle, names=("Ann",), bots=2)
    ann = clients[0]
    eventually(lambda: idle.read(code, _to_act) == {0}, what="the bots' moves")  # her turn now
    if host_goes == "leaves":  # her seat is gone: the bots play on while she is connected
        assert ann.table({"type": "leave"})["type"] == "update"
        _armed(idle, idle.clock.time() + idle.settings.evict_after)  # it rests once she is gone
    else:  # she is marked away after the grace period
        _leave_all(idle, code, clients)
    assert len(_wake_ups(idle)) == 1  # the idle wake-up: no bot, no deadline
    steps = idle.read(code, lambda s: s.seq)  # with any move under way when it came to rest
    eventually(lambda: len(_log(idle, code)) == steps, what="the last step stored")
    abandon_at = idle.read(code, lambda s: s.last_wall) + idle.settings.abandon_after

    # nobody watches: the bots rest, nothing is written, and the table leaves memory
    for _ in range(10):
        idle.clock.advance(60)
        assert len(_log(idle, code)) == steps
    assert not idle.held(code)
    assert _stored_summary(idle, code)["status"] == "playing"
    idle.clock.advance(abandon_at - 1 - idle.clock.time())
    assert len(_log(idle, code)) == steps

    # `abandon_after` after its last step the server ends the game, without a result
    idle.clock.advance(1)
    eventually(lambda: len(_log(idle, code)) == steps + 1, what="the abandon step")
    step = _log(idle, code)[-1]
    assert (step.kind, step.action) == ("lobby", {"type": "abandon"})
    assert _stored_summary(idle, code)["status"] == "ended"
    history = idle.history(code, tokens[0]) if host_goes == "disconnects" else None
    result = idle.read(code, lambda s: s.results[-1])
    assert (result["reason"], result["places"], result["winners"]) == ("abandoned", None, [])
    if history is not None:
        assert history["results"][-1]["reason"] == "abandoned"
        events = [e["type"] for s in history["steps"] for e in s["events"]]
        assert events[-2:] == ["game-abandoned", "table-game-over"]
    assert not _results(idle, code)  # nothing for the leaderboard

    # ended: it stays quiet, then leaves memory and leaves nothing behind
    idle.clock.advance(idle.settings.evict_after)
    assert len(_log(idle, code)) == steps + 1
    assert not idle.held(code)
    site = idle.site
    assert code not in site.tables.histories and not site.relay.listened(code)
    assert not _wake_ups(idle)


def _results(server, code: str) -> list:
    query = select(results).where(results.c.table_code == code)
    return server.on_loop(lambda: server.site.store.rows(query))


def test_a_public_lobby_with_no_step_for_abandon_after_is_no_longer_listed(idle):
    def listed() -> set[str]:
        return {table["code"] for table in idle.http.get("/api/tables").json()}

    code = idle.create(public=True)["code"]  # its host never connects: marked away, its
    assert code in listed()  # last step, after the grace period
    _armed(idle, idle.clock.time() + GRACE.default)
    idle.clock.advance(GRACE.default)
    eventually(lambda: _log(idle, code)[-1].action["type"] == "away", what="the away step")
    idle.clock.advance(idle.settings.abandon_after - 1)
    assert code in listed()
    idle.clock.advance(2)
    assert code not in listed()
    idle.join(code, "Bob", client="bob-client")  # a step: the lobby is alive again
    assert code in listed()


def test_clients_cannot_abandon_a_game(idle):
    code, _tokens, clients = _playing(idle)
    clients[0].send({"type": "table", "id": "x", "action": {"type": "abandon"}})
    clients[0].until(lambda c: any(m["type"] == "error" for m in c.messages))
    error = next(m for m in clients[0].messages if m["type"] == "error")
    assert error["code"] == "bad-message"
    assert idle.read(code, lambda s: s.status) == "playing"


def test_start_up_resumes_live_games_and_ends_stale_ones_when_used(database_url):
    clock = ManualClock()
    settings = settings_for(database_url, clock=clock)
    with RunningServer(settings) as first:
        first.clock = clock
        stale, stale_tokens, stale_clients = _playing(first)
        clock.advance(settings.abandon_after + 1)  # its players stay, idle, for over an hour
        live, live_tokens, live_clients = _playing(first)
        assert first.held(stale) and first.held(live)
        for client in stale_clients + live_clients:
            client.close()
    # the process stopped with both games in play (as a crash would leave them)

    restarted = ManualClock(start=clock.time())
    with RunningServer(settings_for(database_url, clock=restarted)) as second:
        second.clock = restarted
        assert second.held(live)
        assert not second.held(stale)
        assert _stored_summary(second, stale)["status"] == "playing"

        # the live game carries on
        clients = [second.client(live, token) for token in live_tokens]
        for client in clients:
            assert client.play({"type": "pick", "n": 1})["type"] == "update"

        # the stale one is ended when next used, before anyone sees it in play
        steps = len(_log(second, stale))
        assert second.summary(stale, stale_tokens[0])["status"] == "ended"
        log = _log(second, stale)
        assert len(log) == steps + 1 and log[-1].action == {"type": "abandon"}
        assert _stored_summary(second, stale)["status"] == "ended"
        ann = second.client(stale, stale_tokens[0])
        assert ann.table_doc["status"] == "ended"
        assert ann.table_doc["results"][-1]["reason"] == "abandoned"


def test_serve_takes_evict_after_and_abandon_after(tmp_path):
    args = ["serve", "--data-dir", str(tmp_path)]
    flags = ["--evict-after", "60", "--abandon-after", "900"]
    settings = settings_from(build_parser().parse_args([*args, *flags]))
    assert (settings.evict_after, settings.abandon_after) == (60, 900)
    defaults = settings_from(build_parser().parse_args(args))
    assert (defaults.evict_after, defaults.abandon_after) == (300, 3600)
    for refused in (["--evict-after", "0"], ["--abandon-after", "-1"]):
        with pytest.raises(ValueError, match="must be positive"):
            settings_from(build_parser().parse_args([*args, *refused]))
