"""No table waits forever (issue 20), over the real protocol on SQLite and PostgreSQL.

A player, the Czar or the host closes every connection mid-stage; the table moves on within
the grace period and the stage's deadline with no action from anyone else; the seat is shown
away or on autopilot; its person comes back and plays on. Time moves only when a test moves
the server's `ManualClock`: nothing here sleeps for a grace period.
"""

from __future__ import annotations

import pytest
from harness import RunningServer, eventually, settings_for

from cardtable import bots
from cardtable.bots import RandomBot
from cardtable.engine import Rng
from cardtable.server.clock import ManualClock
from cardtable.table.settings import AWAY_AFTER, CLAIM_AFTER, GRACE

TURN_BASED = ["cunt-soul", "russian-bank", "csh"]


@pytest.fixture
def clocked(database_url):
    clock = ManualClock()
    settings = settings_for(database_url, clock=clock)
    with RunningServer(settings) as running:
        running.clock = clock
        yield running


def _table(server, game: str, names: list[str], options=None, start=True):
    """A table of `names` (the first hosts), everyone connected; member i holds seat i."""
    host = server.create(game=game, options=options, name=names[0])
    code = host["code"]
    tokens = [host["token"]]
    tokens += [
        server.join(code, name, client=f"{name.lower()}-client-1")["token"] for name in names[1:]
    ]
    clients = [server.client(code, token) for token in tokens]
    if start:
        assert clients[0].table({"type": "start"})["type"] == "update"
        for client in clients:
            client.until(lambda c: c.table_doc["status"] == "playing")
    return code, tokens, clients


def _to_act(state) -> set[int]:
    return set(state.game.to_act(state.game_state)) if state.status == "playing" else set()


def _next_step(server, code, players: dict, done):
    """What moves the game on now, looked at on the server: None when `done(state)` holds;
    ("move", seat, action) for a seat in `players` the game waits on (the game's autopilot
    bot's move, so that turns end; chosen here, off the server's loop, on a copy of the game:
    a bot's first move may load a model); ("wait", seconds, seq) until the game's deadline, at
    step `seq`; ("robots", seq) while bots or autopilots move."""
    now = server.clock.time()

    def look(state):
        if done(state):
            return None
        mine = sorted(_to_act(state) & players.keys())
        if mine:
            game = state.game
            return "move", mine[0], game, game.clone(state.game_state), state.game_id, state.seq
        deadline = state.game.deadline(state.game_state) if state.status == "playing" else None
        if deadline is not None and not (_to_act(state) & state.robot_seats().keys()):
            return "wait", max(0.0, deadline - (now - state.created_wall)) + 0.01, state.seq
        return ("robots", state.seq)

    step = server.read(code, look)
    if step is None or step[0] != "move":
        return step
    _, seat, game, position, game_id, seq = step
    bot = bots.get(bots.autopilot(game_id), game_id)
    return "move", seat, bot.choose(game, position, seat, Rng(seq))


def _drive(server, code, players: dict, done, limit: int = 600) -> None:
    """Play the seats in `players` (seat -> client) with the autopilot's moves, and let the
    clock reach each deadline, until `done(state)` holds on the server."""
    watcher = next(iter(players.values()))
    for _ in range(limit):
        step = _next_step(server, code, players, done)
        if step is None:
            return
        if step[0] == "move":
            answer = players[step[1]].play(step[2])
            assert answer["type"] == "update", answer
        else:
            _moves_on(server, watcher, step)
    raise AssertionError("the game did not reach the expected point")


def _moves_on(server, watcher, step) -> None:
    """Let the table take its next step by itself (`step` from `_next_step`): the clock moved
    on to its deadline ("wait"), or its robots' move ("robots"); the watcher reads it."""
    if step[0] == "wait":
        server.clock.advance(step[1])
    watcher.until(lambda c: c.seq > step[-1])


def _wait_for(server, code, done) -> None:
    """Wait until `done(state)` holds on the server (no one acts meanwhile)."""
    eventually(lambda: server.read(code, done), what="the table to move on by itself")


def _seat_doc(client, seat: int) -> dict:
    return client.table_doc["seats"][seat]


def _member_doc(client, member: int) -> dict:
    return next(m for m in client.table_doc["members"] if m["id"] == member)


def _history(server, code, token) -> list[dict]:
    """The table's public steps, read with a member's token (a game under way)."""
    return server.history(code, token)["steps"]


# -- turn-based games: autopilot ----------------------------------------------------------


@pytest.mark.parametrize("leaver", ["player", "host"])
@pytest.mark.parametrize("game", TURN_BASED)
def test_a_seat_gone_at_its_turn_is_played_on_autopilot_until_its_person_returns(
    clocked, game, leaver
):
    code, tokens, clients = _table(clocked, game, ["Ann", "Bob"])
    gone = 1 if leaver == "player" else 0
    stay = 1 - gone
    here = clients[stay]
    _drive(clocked, code, {stay: here}, lambda s: gone in _to_act(s))

    clients[gone].close()
    here.until(lambda c: not _member_doc(c, gone)["online"])
    assert not _seat_doc(here, gone)["autopilot"]
    clocked.clock.advance(GRACE.default)
    here.until(lambda c: _seat_doc(c, gone)["autopilot"] and _member_doc(c, gone)["away"])
    _wait_for(clocked, code, lambda s: gone not in _to_act(s) or s.status != "playing")
    autopiloted = [s for s in _history(clocked, code, tokens[stay]) if s["kind"] == "auto"]
    assert autopiloted and all(s["seat"] == gone for s in autopiloted)
    if leaver == "host":
        assert here.table_doc["host"] == stay  # the host role passed to the one still here

    back = clocked.client(code, tokens[gone])
    back.until(lambda c: not _seat_doc(c, gone)["autopilot"] and not _seat_doc(c, gone)["away"])
    assert not _member_doc(back, gone)["away"]
    # It plays on: its person's own moves are taken again at its next turn.
    before = len(autopiloted)
    _drive(
        clocked,
        code,
        {stay: here},
        lambda s: gone in _to_act(s) or s.status != "playing",
    )
    if clocked.read(code, lambda s: s.status) == "playing":
        _drive(clocked, code, {gone: back}, lambda s: gone not in _to_act(s))
        after = [s for s in _history(clocked, code, tokens[stay]) if s["kind"] == "auto"]
        assert len(after) == before
        assert any(
            s["kind"] == "game" and s["seat"] == gone for s in _history(clocked, code, tokens[stay])
        )


def test_the_one_left_may_claim_a_win_once_the_other_has_been_away_long_enough(clocked):
    _code, _tokens, clients = _table(clocked, "russian-bank", ["Ann", "Bob"])
    ann, bob = clients
    bob.close()
    clocked.clock.advance(GRACE.default)
    ann.until(lambda c: c.table_doc["claim"] is not None)
    claim = ann.table_doc["claim"]
    assert claim["members"] == [0]
    early = ann.table({"type": "claim", "outcome": "win"})
    assert early["type"] == "error" and early["code"] == "too-early"
    clocked.clock.advance(CLAIM_AFTER.default)
    assert ann.table({"type": "claim", "outcome": "win"})["type"] == "update"
    assert ann.table_doc["status"] == "ended"
    result = ann.table_doc["results"][-1]
    assert result["reason"] == "claimed" and result["places"] == [1, 2]


def test_a_claim_may_end_the_game_without_a_result_and_only_the_one_left_may_claim(clocked):
    _code, _tokens, clients = _table(clocked, "cunt-soul", ["Ann", "Bob"])
    ann, bob = clients
    refused = bob.table({"type": "claim", "outcome": "abandon"})
    assert refused["code"] == "no-claim"  # nobody is away: nothing to claim
    ann.close()
    clocked.clock.advance(GRACE.default)
    bob.until(lambda c: c.table_doc["claim"] is not None)
    clocked.clock.advance(CLAIM_AFTER.default)
    assert bob.table({"type": "claim", "outcome": "abandon"})["type"] == "update"
    result = bob.table_doc["results"][-1]
    assert result["reason"] == "abandoned" and result["places"] is None
    # the host (Ann) was away: Bob holds the role and starts the next game
    assert bob.table_doc["host"] == 1
    assert bob.table({"type": "start"})["type"] == "update"


def test_a_table_where_everyone_is_away_rests_until_someone_returns(clocked):
    code, tokens, clients = _table(clocked, "russian-bank", ["Ann", "Bob"])
    for client in clients:
        client.close()
    clocked.clock.advance(GRACE.default)
    _wait_for(clocked, code, lambda s: all(m.away for m in s.members.values()))
    seq = clocked.read(code, lambda s: s.seq)
    clocked.clock.advance(clocked.settings.abandon_after / 2)  # (after it, the game is ended)
    steps = [s for s in _history(clocked, code, tokens[0]) if s["seq"] > seq]
    assert not steps  # no move, no timeout: nothing is armed
    ann = clocked.client(code, tokens[0])
    ann.until(lambda c: not _member_doc(c, 0)["away"])
    assert ann.table_doc["host"] == 0


# -- CAH: away seats are skipped; an away Czar voids the round (K25) ------------------------


def _cah_roles(server, code) -> tuple[int, list[int]]:
    """The Czar and the seats the round waits on."""
    return server.read(code, lambda s: (s.game_state.czar, sorted(_to_act(s))))


@pytest.mark.parametrize("leaver", ["player", "host"])
def test_cah_a_player_gone_mid_round_sits_it_out_and_plays_on_when_back(clocked, leaver):
    first_czar = {"firstCzar": "hostPick", "firstCzarSeat": 3}
    code, tokens, clients = _table(clocked, "cah", ["Ann", "Bob", "Cy", "Dee"], first_czar)
    czar, waiting = _cah_roles(clocked, code)
    gone = 1 if leaver == "player" else 0
    assert czar == 3 and gone in waiting
    host = clients[2]
    clients[gone].close()
    clocked.clock.advance(GRACE.default)  # before the 60 s submission deadline
    _wait_for(clocked, code, lambda s: gone not in _to_act(s))
    clocked.catch_up(host, code)
    assert _seat_doc(host, gone)["away"]
    assert not _seat_doc(host, gone)["autopilot"]  # CAH skips an away seat, it plays nothing
    skipped = [e for e in host.events if e["type"] == "player-skipped" and e["seat"] == gone]
    assert skipped and skipped[0]["reason"] == "away"
    if leaver == "host":
        assert host.table_doc["host"] == 1  # the longest-seated player still here

    back = clocked.client(code, tokens[gone])
    back.until(lambda c: not _seat_doc(c, gone)["away"])
    first_round = clocked.read(code, lambda s: s.game_state.round)
    others = {seat: clients[seat] for seat in range(4) if seat != gone}
    _drive(clocked, code, others, lambda s: s.game_state.round > first_round)
    # the next round waits on it again unless it judges; it plays its own answer
    czar, waiting = _cah_roles(clocked, code)
    if gone != czar:
        assert gone in waiting
        _drive(clocked, code, {gone: back}, lambda s: gone not in _to_act(s))


def test_cah_skipping_an_away_seat_is_nobody_elses_missed_deadline(clocked):
    """An away Czar's round is void, then the same seat is skipped as a player in the next:
    two steps of the table's in a row, which the players still waiting did not miss."""
    first_czar = {"firstCzar": "hostPick", "firstCzarSeat": 1}
    code, _tokens, clients = _table(clocked, "cah", ["Ann", "Bob", "Cy", "Dee"], first_czar)
    clients[1].close()
    clocked.clock.advance(GRACE.default)
    _wait_for(clocked, code, lambda s: s.game_state.round == 2 and 1 not in _to_act(s))
    clocked.catch_up(clients[0], code)
    assert [seat["away"] for seat in clients[0].table_doc["seats"]] == [False, True, False, False]


def test_cah_a_czar_gone_while_judging_voids_the_round_k25(clocked):
    code, _tokens, clients = _table(clocked, "cah", ["Ann", "Bob", "Cy"], {"judgeTimerSec": 300})
    czar, waiting = _cah_roles(clocked, code)
    players = {seat: clients[seat] for seat in waiting}
    _drive(clocked, code, players, lambda s: czar in _to_act(s))  # every answer is in
    watcher = clients[waiting[0]]
    clients[czar].close()
    clocked.clock.advance(GRACE.default)  # well before the 300 s judging deadline
    watcher.until(lambda c: any(e["type"] == "round-void" for e in c.events))
    void = next(e for e in watcher.events if e["type"] == "round-void")
    assert void["reason"] == "czar-away"
    _wait_for(clocked, code, lambda s: s.game_state.czar != czar)
    clocked.catch_up(watcher, code)
    if czar == 0:
        assert watcher.table_doc["host"] != 0  # the host was the Czar: the role passed on


def test_cah_a_rematch_starts_after_the_host_closed_the_tab_at_the_end(clocked):
    code, _tokens, clients = _table(clocked, "cah", ["Ann", "Bob", "Cy"], {"pointsTarget": 1})
    everyone = dict(enumerate(clients))
    _drive(clocked, code, everyone, lambda s: s.status == "ended")
    clients[0].close()
    bob = clients[1]
    refused = bob.table({"type": "start"})
    assert refused["code"] == "not-host"
    clocked.clock.advance(GRACE.default)
    bob.until(lambda c: c.table_doc["host"] == 1)
    assert bob.table({"type": "start"})["type"] == "update"
    assert bob.table_doc["status"] == "playing" and bob.table_doc["game_number"] == 2


def test_cah_a_late_joiner_plays_from_the_next_round_k24(clocked):
    code, _tokens, clients = _table(clocked, "cah", ["Ann", "Bob", "Cy"])
    summary = clocked.http.get(f"/api/tables/{code}").json()
    assert summary["late_join"] is True
    dee = clocked.join(code, "Dee", client="dee-client-1")
    dee_client = clocked.client(code, dee["token"])
    assert dee_client.game["you"]["next_round"] is True
    assert 3 not in _cah_roles(clocked, code)[1]
    first_round = clocked.read(code, lambda s: s.game_state.round)
    _drive(clocked, code, dict(enumerate(clients)), lambda s: s.game_state.round > first_round)
    dee_client.until(lambda c: not c.game["you"].get("next_round"))
    czar, waiting = _cah_roles(clocked, code)
    assert czar == 3 or 3 in waiting
    if czar != 3:
        _drive(clocked, code, {3: dee_client}, lambda s: 3 not in _to_act(s))


def test_a_spectator_takes_a_seat_and_plays_from_the_next_round(clocked):
    code, _tokens, _clients = _table(clocked, "cah", ["Ann", "Bob", "Cy"])
    eve = clocked.join(code, "Eve", client="eve-client-1", spectate=True)
    watcher = clocked.client(code, eve["token"])
    assert watcher.table({"type": "sit"})["type"] == "update"
    assert _member_doc(watcher, 3)["role"] == "player" and len(watcher.table_doc["seats"]) == 4
    assert watcher.table({"type": "sit"})["code"] == "not-a-spectator"


def test_russian_bank_says_before_joining_that_it_takes_no_new_player(clocked):
    code, _tokens, _clients = _table(clocked, "russian-bank", ["Ann", "Bob"])
    summary = clocked.http.get(f"/api/tables/{code}").json()
    assert summary["status"] == "playing" and summary["late_join"] is False
    refused = clocked.join(code, "Cy", client="cy-client-1", expect=409)
    assert refused["error"]["code"] == "game-running"
    assert clocked.join(code, "Cy", client="cy-client-1", spectate=True)["spectate"]


def test_the_host_may_stop_waiting_for_whoever_the_game_waits_on(clocked):
    first_czar = {"firstCzar": "hostPick", "firstCzarSeat": 3}
    code, _tokens, clients = _table(clocked, "cah", ["Ann", "Bob", "Cy", "Dee"], first_czar)
    ann = clients[0]
    assert ann.play(_answer(clocked, code, 0))["type"] == "update"
    assert _cah_roles(clocked, code) == (3, [1, 2])
    assert ann.table({"type": "skip-waiting"})["type"] == "update"
    assert _seat_doc(ann, 1)["away"] and _seat_doc(ann, 2)["away"]
    _wait_for(clocked, code, lambda s: _to_act(s) == {3})  # Dee judges Ann's answer
    assert clients[1].table({"type": "skip-waiting"})["code"] == "not-host"


def _answer(server, code, seat):
    return server.read(code, lambda s: RandomBot().choose(s.game, s.game_state, seat, Rng(seat)))


def test_grace_and_claim_periods_are_table_settings_shown_to_everyone(clocked):
    _code, _tokens, clients = _table(clocked, "cah", ["Ann", "Bob", "Cy"], start=False)
    ann, bob = clients[0], clients[1]
    assert ann.table_doc["grace"] == GRACE.default
    assert ann.table({"type": "settings", "grace": 20, "claim_after": 60})["type"] == "update"
    bob.until(lambda c: c.table_doc["grace"] == 20 and c.table_doc["claim_after"] == 60)
    for bad in ({"grace": 5}, {"grace": 601}, {"claim_after": 10}):
        refused = ann.table({"type": "settings", **bad})
        assert refused["type"] == "error" and refused["code"] == "bad-settings"
    assert ann.table_doc["grace"] == 20
    bob.close()
    clocked.clock.advance(20)
    ann.until(lambda c: _member_doc(c, 1)["away"])


def test_csh_a_reaction_window_left_to_run_out_is_not_a_missed_deadline(clocked):
    """CSH-10: a seat with nothing to click lets the window run out; that is a pass, so it
    never adds up to an away mark (`Game.late_seats`)."""
    code, _tokens, clients = _table(clocked, "csh", ["Ann", "Bob"])
    players = dict(enumerate(clients))
    windows = 0
    while windows <= 2 * AWAY_AFTER.default:
        step = _next_step(clocked, code, players, lambda s: s.status != "playing")
        if step is None:
            break
        if clocked.read(code, lambda s: s.game_state.phase.value) == "window":
            deadline = clocked.read(code, lambda s: s.created_wall + s.game.deadline(s.game_state))
            seq = clients[0].seq
            clocked.clock.advance(deadline - clocked.clock.time() + 0.01)
            clients[0].until(lambda c, seq=seq: c.seq > seq)
            windows += 1
        elif step[0] == "move":
            assert players[step[1]].play(step[2])["type"] == "update"
        else:
            _moves_on(clocked, clients[0], step)
    assert windows > 2 * AWAY_AFTER.default
    assert not any(seat["away"] for seat in clients[0].table_doc["seats"])


def test_cah_a_czar_gone_before_the_answers_are_in_voids_the_round_at_once_k25(clocked):
    code, _tokens, clients = _table(clocked, "cah", ["Ann", "Bob", "Cy"])
    czar, waiting = _cah_roles(clocked, code)
    watcher = clients[waiting[0]]
    clients[czar].close()
    clocked.clock.advance(GRACE.default)  # before the 60 s submission deadline
    watcher.until(lambda c: any(e["type"] == "round-void" for e in c.events))
    assert next(e for e in watcher.events if e["type"] == "round-void")["reason"] == "czar-away"


def test_cah_rests_when_one_person_is_left_rather_than_void_round_after_round(clocked):
    """Skipping every away seat around the last one here could only void round after round:
    the table rests instead (and offers that player the claim)."""
    code, _tokens, clients = _table(clocked, "cah", ["Ann", "Bob", "Cy"])
    ann = clients[0]
    clients[1].close()
    clients[2].close()
    clocked.clock.advance(GRACE.default)
    ann.until(lambda c: c.table_doc["claim"] is not None)
    clocked.catch_up(ann, code)
    rounds = clocked.read(code, lambda s: s.game_state.round)
    clocked.clock.advance(600)
    # Nothing to wait for: a table that did not rest would void round after round at once,
    # with no time passing; this reads for a moment whatever it would send meanwhile.
    ann.drain(0.2)
    assert clocked.read(code, lambda s: s.game_state.round) <= rounds + 1
