"""What a game tells the table beyond the engine contract, read from optional game metadata.

A game may define:
- `join_action(state) -> dict | None`: the table action (seat None) that adds a seat to a running
  game (late join), or None when a newcomer cannot join now;
- `leave_action(state, seat) -> dict | None`: the table action applied when everyone holding
  `seat` has left (e.g. CAH's K25: a leaving czar voids the round), or None;
- `skip_action(state, seat) -> dict | None`: the table action that stops waiting for `seat`
  this turn, applied at once when the seat is marked away (missed N deadlines in a row);
  without it an away seat is skipped by the game's own timeout when the deadline comes;
- `host_actions`: the types of table actions the host may send (e.g. ending the game);
- `seat_capacity(options) -> int`: how many people may share one seat (Team CAH: 2). Without
  it, a game whose resolved options set a boolean `teams` option seats teams of two.

A game that defines none of these still plays: nobody joins once it started, a seat whose
people left is played by the server (autopilot), and the host has no game-level actions.
"""

from __future__ import annotations

from ..engine import Game


def join_action(game: Game, state) -> dict | None:
    hook = getattr(game, "join_action", None)
    return hook(state) if hook is not None else None


def leave_action(game: Game, state, seat: int) -> dict | None:
    hook = getattr(game, "leave_action", None)
    return hook(state, seat) if hook is not None else None


def skip_action(game: Game, state, seat: int) -> dict | None:
    hook = getattr(game, "skip_action", None)
    return hook(state, seat) if hook is not None else None


def host_actions(game: Game) -> frozenset[str]:
    return frozenset(getattr(game, "host_actions", ()))


def seat_capacity(game: Game, options: dict) -> int:
    hook = getattr(game, "seat_capacity", None)
    if hook is not None:
        return hook(options)
    return 2 if options.get("teams") is True else 1
