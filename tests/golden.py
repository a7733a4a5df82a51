"""Golden playthroughs: seeded games whose actions were recorded once from bots, then replayed
on every run (tests/games/test_golden.py), which fails on the first change in a view, an event,
the seats to act, a deadline, a legal set or the result. The files are tests/golden/*.txt, one
block per step; golden_text.py describes them.

Commands, from the repository's root:

    uv run python tests/golden.py --regenerate [NAME ...]
        Replays the recorded actions of NAME (default: every playthrough) and writes what the
        game shows now, after a change to a game that is meant. The actions stay; one that is
        no longer legal stops it, and that playthrough needs new actions:
    uv run python tests/golden.py --record NAME [--game ID] [--options JSON] [--seats N]
                                  [--seed N] [--bots NAME,...] [--max-steps N]
        Plays NAME again between bots (the only time bots choose) and records its actions and
        what the game shows. A new playthrough needs every setting; an existing one keeps the
        settings not given. `--bots` names one bot per seat, or one for every seat.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import golden_delta
from cardtable import bots, games
from cardtable.engine import IllegalAction, Rng, draw_seat, play_out
from golden_text import Frame, Playthrough, Step, legal_summary, read, write

GOLDEN_DIR = Path(__file__).parent / "golden"


def names() -> list[str]:
    """Every recorded playthrough."""
    return sorted(path.stem for path in GOLDEN_DIR.glob("*.txt"))


def path_of(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.txt"


def _json(value):
    """`value` as JSON gives it back (tuples become lists), as a file holds it."""
    return json.loads(json.dumps(value))


def _frame(game, state, events) -> Frame:
    """What the game shows now, to every seat and to spectators, after `events`."""
    seats = range(game.seat_count(state))
    spectator = _json(game.view(state, None))
    assert spectator.keys() == {"public"}, "a spectator's view is more than the public view"
    public = spectator["public"]
    parts = []
    for seat in seats:
        view = _json(game.view(state, seat))
        assert view.keys() == {"public", "you"} and view["public"] == public, (
            f"seat {seat}'s view is not the public view and its own part"
        )
        parts.append(view["you"])
    legal = {seat: legal_summary(game.legal(state, seat)) for seat in seats}
    deadline = game.deadline(state)
    return Frame(
        events=[(None if e.to is None else sorted(e.to), _json(e.to_json())) for e in events],
        public=public,
        seats=parts,
        to_act=sorted(game.to_act(state)),
        deadline=None if deadline is None else float(deadline),
        legal={seat: summary for seat, summary in legal.items() if summary[0]},
    )


def replay(playthrough: Playthrough) -> tuple[list[Frame], dict | None]:
    """The frames and result of the recorded actions applied to a new game.

    Raises IllegalAction, with the step in its message, when an action is no longer legal."""
    p = playthrough
    game = games.get(p.game)
    state = game.new(p.options, seats=p.seats, seed=p.seed)
    frames = [_frame(game, state, [])]
    for index, step in enumerate(p.steps, start=1):
        try:
            events = game.apply(state, step.seat, step.action, step.at)
        except IllegalAction as error:
            doing = f"step {index} ({step.action} by seat {step.seat})"
            raise IllegalAction(error.code, f"{doing}: {error.message}") from None
        frames.append(_frame(game, state, events))
    result = game.result(state)
    return frames, None if result is None else _json(result.to_json())


def play_with_bots(playthrough: Playthrough) -> list[Step]:
    """New actions for a playthrough's settings: its bots play until the game ends or the
    steps run out (`engine.play_out`). A seat to act is drawn at random; when nobody is, the
    game times out."""
    p = playthrough
    game = games.get(p.game)
    players = [bots.get(name, p.game) for name in p.bots]
    state = game.new(p.options, seats=p.seats, seed=p.seed)
    chooser = Rng(p.seed ^ 0x60D)
    steps: list[Step] = []

    def decide(state, seat: int) -> dict:
        return players[seat].choose(game, state, seat, chooser)

    def record(step) -> None:
        steps.extend(Step(seat, _json(action), step.at) for seat, action in step.actions)

    play_out(game, state, draw_seat(decide, chooser), max_steps=p.max_steps, on_step=record)
    return steps


def load(name: str) -> Playthrough:
    return read(path_of(name).read_text(encoding="utf-8"))


def check(name: str) -> None:
    """Replay playthrough `name`; AssertionError tells the first difference from its file."""
    verify(load(name), name)


def verify(recorded: Playthrough, name: str) -> None:
    """Replay the actions of `recorded`; AssertionError tells the first difference."""
    try:
        frames, result = replay(recorded)
    except IllegalAction as error:
        raise AssertionError(f"{name}: a recorded action is not legal any more: {error}") from None
    for index, (old, new) in enumerate(zip(recorded.frames, frames, strict=True)):
        difference = _difference(old, new)
        if difference:
            step = recorded.steps[index - 1] if index else None
            where = f"step {index} ({step.action} by seat {step.seat})" if step else "the start"
            raise AssertionError(f"{name}: {where} differs: {difference}")
    if not golden_delta.same(recorded.result, result):
        raise AssertionError(f"{name}: the result was {recorded.result}, now {result}")


def _difference(old: Frame, new: Frame) -> str:
    """What changed between a recorded frame and a replayed one, or ''."""
    if len(old.seats) != len(new.seats):
        return f"{len(old.seats)} seats were recorded, {len(new.seats)} now"
    views = [("the public view", old.public, new.public)]
    views += [
        (f"seat {seat}'s part", before, after)
        for seat, (before, after) in enumerate(zip(old.seats, new.seats, strict=True))
    ]
    for label, before, after in views:
        changes = golden_delta.diff(before, after)
        if changes:
            lines = [golden_delta.render(change) for change in changes[:10]]
            return f"{label}, recorded -> now: " + "; ".join(lines)
    for label in ("events", "to_act", "deadline", "legal"):
        if not golden_delta.same(getattr(old, label), getattr(new, label)):
            return f"{label}: recorded {getattr(old, label)}, now {getattr(new, label)}"
    return ""


def save(playthrough: Playthrough, name: str) -> None:
    playthrough.frames, playthrough.result = replay(playthrough)
    path_of(name).write_text(write(playthrough), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tests/golden.py", description="Record golden playthroughs (see the module's text)."
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--regenerate", nargs="*", metavar="NAME")
    mode.add_argument("--record", metavar="NAME")
    parser.add_argument("--game")
    parser.add_argument("--options", type=json.loads)
    parser.add_argument("--seats", type=int)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--bots", type=lambda text: text.split(","))
    parser.add_argument("--max-steps", type=int)
    args = parser.parse_args(argv)
    try:
        if args.record is None:
            _regenerate(args.regenerate or names())
        else:
            _record(args)
    except (OSError, ValueError, KeyError) as error:  # no such file, game or bot; bad settings
        raise SystemExit(str(error)) from None
    return 0


def _regenerate(chosen: list[str]) -> None:
    for name in chosen:
        try:
            save(load(name), name)
        except IllegalAction as error:
            raise SystemExit(f"{name}: {error}; record new actions with --record") from None
        print(f"regenerated {path_of(name)}")


def _record(args) -> None:
    playthrough = _settings(args)
    playthrough.steps = play_with_bots(playthrough)
    save(playthrough, args.record)
    print(f"recorded {len(playthrough.steps)} steps in {path_of(args.record)}")


def _settings(args) -> Playthrough:
    """The settings of `--record`: those given, the others from the file recorded before."""
    before = load(args.record) if path_of(args.record).exists() else None
    given = {
        "game": args.game,
        "options": args.options,
        "seats": args.seats,
        "seed": args.seed,
        "bots": args.bots,
        "max_steps": args.max_steps,
    }
    settings = {key: value for key, value in given.items() if value is not None}
    if before is not None:
        settings = {**{key: getattr(before, key) for key in given}, **settings}
    missing = [key for key in given if key not in settings]
    if missing:
        raise SystemExit(f"a new playthrough needs --{', --'.join(missing)}".replace("_", "-"))
    if len(settings["bots"]) == 1:
        settings["bots"] = settings["bots"] * settings["seats"]
    if len(settings["bots"]) != settings["seats"]:
        raise SystemExit(f"--bots names one bot, or one per seat ({settings['seats']})")
    return Playthrough(**settings)


if __name__ == "__main__":
    sys.exit(main())
