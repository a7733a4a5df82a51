"""Replaying a game step by step as text: the steps of a simulated game (bots from a seed, as
`cardtable simulate` plays them), and the text of any step as one viewer sees it: a seat, a
spectator (None) or OMNISCIENT. `cardtable replay` prints these; it also replays logged
tables, whose steps it builds the same way."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .. import bots
from ..engine import OMNISCIENT, Decks, Event, Game
from .render import action_text, lines
from .runner import Unfinished, play_game


@dataclass(frozen=True)
class Step:
    """Step `number` (0: the start) at game time `at`: `seat`'s action (None: the table's),
    or a lobby action (`lobby`), and the events it caused. `state` is the game's state after
    it (None: no game yet)."""

    number: int
    at: float | None
    action: dict | None
    seat: int | None = None
    lobby: bool = False
    events: tuple[Event, ...] = ()
    state: Any = None


def simulated(
    game: Game,
    options,
    seats: int,
    seed: int,
    bot_names: list[str],
    max_steps: int,
    decks: Decks = None,
) -> Iterator[Step]:
    """The steps of the game `sim.play_game` plays from `seed` with these bots, dealing from
    `decks`: the start, then each action (a timeout's actions one by one). ValueError when the
    bots cannot finish it."""
    players = [bots.get(name, game.id, timed=False) for name in bot_names]
    try:
        played = play_game(game, options, seats, seed, players, max_steps, True, decks)
    except Unfinished as unfinished:
        raise ValueError(str(unfinished)) from None
    state = game.new(options, seats=seats, seed=seed, decks=decks)
    yield Step(0, 0.0, None, state=state)
    for number, (seat, action, at) in enumerate(played.actions, start=1):
        events = game.apply(state, seat, action, at)
        yield Step(number, at, action, seat, events=tuple(events), state=state)


def describe(game: Game, step: Step, viewer) -> list[str]:
    """The text of `step` as `viewer` sees it: what happened, the events meant for it, who is
    to act, the view, and the result once there is one. A lobby action shows its type (and
    name) only: the rest of it may hold secrets (tokens, passwords)."""
    when = "" if step.at is None else f", t={step.at:g}"
    if step.number == 0 and step.action is None:
        out = ["start"]
    elif step.lobby:
        assert step.action is not None
        named = f" {step.action['name']}" if isinstance(step.action.get("name"), str) else ""
        out = [f"step {step.number}{when}, lobby: {step.action.get('type')}{named}"]
    else:
        who = "table" if step.seat is None else f"seat {step.seat}"
        out = [f"step {step.number}{when}, {who}: {action_text(step.action or {})}"]
    audience = None if viewer is OMNISCIENT else viewer
    for event in step.events:
        if viewer is OMNISCIENT or event.is_for(audience):
            to = "" if event.to is None else f" to {sorted(event.to)}"
            out.append(f"  event{to}: {action_text(event.to_json())}")
    if step.state is None or (step.lobby and step.action.get("type") != "start"):
        return out
    state = step.state
    acting = sorted(game.to_act(state))
    out.append(f"  to act: {' '.join(map(str, acting)) or 'nobody'}")
    seats = acting if viewer is OMNISCIENT else [viewer] if viewer in acting else []
    for seat in seats:
        out.append(f"  legal {seat}: {len(game.legal(state, seat))} actions")
    label = (
        "omniscient"
        if viewer is OMNISCIENT
        else "spectator"
        if viewer is None
        else f"seat {viewer}"
    )
    out.append(f"  view ({label}):")
    out.extend(lines(game.view(state, viewer), "    "))
    result = game.result(state)
    if result is not None:
        out.append(f"  result: {action_text(result.to_json())}")
    return out
