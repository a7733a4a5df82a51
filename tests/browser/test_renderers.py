"""Every game's table renderer draws the positions of random games without an error.

A host and bots play a random game through the server's reducer to its end. Its first HEAD
steps, then its last TAIL steps (as a page opened late meets them), go to the page: each
step's table document, view and events, drawn by the game's own renderer for every seat and
for the big screen, the way the table page does. A script error, or a word the catalogues lack,
fails the test and names the seed and step. The browser game tests play one game each through
the site; these reach the rarer positions (CI once met a choice asked by a retriggered CSH
card there).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import Ending, Rng, Step, play_out, random_moves
from cardtable.games import get
from cardtable.store import Entry
from cardtable.table import reducer
from cardtable.table.state import TableState

#: (game, options, seats): every game with a renderer, every CAH preset, and a CSH table
#: where the History directorship brings in Reenactment (H7).
GAMES = [
    ("cah", "online", 4),
    ("cah", "official", 5),
    ("cah", "digipen", 3),
    ("csh", {}, 3),
    ("csh", {"directorships": ["history", "pr", "imps", "rnd"]}, 4),
    ("cunt-soul", {}, 4),
    ("russian-bank", {}, 2),
]
#: Steps drawn from the start of each game and from its end; no game runs longer than MAX_STEPS.
HEAD, TAIL, MAX_STEPS = 300, 100, 20_000

# The steps go as one JSON string: Playwright's own argument encoding takes ~15 times longer.
DRAW_ALL = """async ([gameId, viewers, stepsJson]) => {
  const steps = JSON.parse(stepsJson);
  // The renderers' words come from the catalogues their own i18n.js module has loaded.
  await (await import("/js/i18n.js")).loadLanguage();
  const { loadRenderer } = await import("/js/games/index.js");
  const game = (await (await fetch("/api/games")).json()).find((g) => g.id === gameId);
  const make = await loadRenderer(gameId);
  const host = (mode) => ({ act: () => new Promise(() => null), hostAction: () => null,
    report: () => null, mode });
  const renderers = viewers.map(([, mode]) => make(host(mode)));
  const box = document.createElement("div");
  box.append(...renderers.map((r) => r.element));
  document.body.append(box);
  const seatName = (table) => (seat) => {
    const at = table.members.filter((m) => m.seat === seat).map((m) => m.name);
    return at.length ? at.join(" & ") : `Seat ${seat + 1}`;
  };
  for (const [index, { table, views, events }] of steps.entries()) {
    for (const [v, [seat, mode]] of viewers.entries()) {
      const me = table.members.find((m) => m.seat === seat && seat !== null) || null;
      const ctx = { code: table.code, table, view: views[v], member: me && me.id, me, seat,
        isHost: me !== null && table.host === me.id, mode, game, seatName: seatName(table) };
      try {
        renderers[v].update(ctx, index === 0 ? [] : events[v]);
        for (let s = 0; s < table.seats.length; s += 1) renderers[v].seatInfo(s);
        for (const result of table.results) {
          renderers[v].headline(result, ctx);
          renderers[v].endReason(result.reason);
        }
      } catch (error) {
        return `step ${index}, seat ${seat} (${mode}): ${error.stack || error}`;
      }
      if (window.__missingKeys.length) return `step ${index}: no words for ${window.__missingKeys}`;
    }
  }
  return null;
}"""


def random_log(game_id: str, options, seats: int, seed: int) -> list[Entry]:
    """A table's log: a host and bots play one random game through the reducer to its end
    (`engine.play_out` with random moves, on a copy of the table's game; each step it takes
    is logged and applied to the table too)."""
    create = {
        "type": "create",
        "game": game_id,
        "name": "Random table",
        "public": False,
        "options": options,
        "created": 1_000_000.0,
        "host": {"name": "Ann", "token": "ann-token", "client": "ann-client"},
    }
    log = [Entry(1, "lobby", None, create, 0.0, 1_000_000.0)]
    table = TableState.create("RND", log[0])

    def step(kind: str, action: dict, seat: int | None = None, at: float = 0.0) -> None:
        at = max(at, table.clock + 1.0)
        log.append(Entry(table.seq + 1, kind, seat, action, at, 1_000_000.0 + at))
        reducer.apply(table, log[-1])

    for _ in range(seats - 1):
        step("lobby", {"type": "add-bot", "by": 0})
    step("lobby", {"type": "start", "by": 0, "seed": seed})

    def logged(taken: Step) -> None:
        if taken.timeout:
            actions = [list(pair) for pair in taken.actions]
            step("timeout", {"type": "timeout", "actions": actions}, at=taken.at)
        else:
            ((seat, action),) = taken.actions
            step("game", action, seat, at=taken.at)

    game = get(game_id)
    game_state = game.clone(table.game_state)  # the table's own game, played on beside it
    moves = random_moves(game, Rng(seed))
    played = play_out(
        game, game_state, moves, max_steps=MAX_STEPS, clock=table.clock, on_step=logged
    )
    assert played.ending is Ending.FINISHED, f"{game_id} did not end within {MAX_STEPS} steps"
    assert table.status == "ended"
    return log


def replayed_steps(log: list[Entry], viewers: list, windows: list[range]) -> list[list[dict]]:
    """Replay `log` once; for each window, the entries whose index is in it: the table
    document, each viewer's view and the events meant for each, as the table page gets them."""
    table = TableState.create("RND", log[0])
    game = table.game
    steps: list[list[dict]] = [[] for _ in windows]
    for index, entry in enumerate(log[1:], start=1):
        events = reducer.apply(table, entry)
        kept = [found for window, found in zip(windows, steps, strict=True) if index in window]
        if kept:
            views = [game.view(table.game_state, seat) for seat, _ in viewers]
            seen = [[e.to_json() for e in events if e.is_for(seat)] for seat, _ in viewers]
            step = {"table": table.document(set()), "views": views, "events": seen}
            for found in kept:
                found.append(step)
    return steps


@pytest.mark.parametrize(("game_id", "options", "seats"), GAMES, ids=lambda v: str(v))
def test_every_position_of_random_games_is_drawn_without_an_error(
    open_page, game_id, options, seats
):
    page = open_page()

    @settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.integers(0, 2**31))
    def drawn(seed):
        log = random_log(game_id, options, seats, seed)
        viewers = [(seat, "seat") for seat in range(seats)] + [(None, "tv")]
        start = next(i for i, entry in enumerate(log) if entry.action["type"] == "start")
        # The game from its start, then its end as a page opened late meets it.
        windows = [range(start, start + HEAD), range(max(start, len(log) - TAIL), len(log))]
        for window, steps in zip(windows, replayed_steps(log, viewers, windows), strict=True):
            failure = page.evaluate(DRAW_ALL, [game_id, viewers, json.dumps(steps)])
            assert failure is None, f"seed {seed}, from entry {window.start}: {failure}"

    drawn()
