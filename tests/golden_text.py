"""The text of a golden playthrough (tests/golden/*.txt): what it holds, written and read back.

    game: csh                                 the game, its options (a preset's name or
    options: {"draft": "random"}              overrides, as JSON), its seats and seed
    seats: 2
    seed: 11
    bots: random random                       how the actions were recorded: each seat's bot
    max steps: 600                            and the most steps played

    start                                     the game as it was set up:
      public = {"phase": "turn", ...}         its public view, whole
      seat 0 = {"hand": [...], ...}           each seat's own part of its view, whole
      to act: 0                               the seats to act, and when the wait times out
      deadline: none
      legal 0: 7 (3fa9c2d1)                   how many legal actions a seat has and their digest

    step 1, t=1.0, seat 0: {"type": "pass"}   an action (the table's: "table") at game time t
      event: {"type": "passed", "seat": 0}    its events: for everyone, or `to [seats]`
      public /phase = "turn"                  what changed in the public view since the step
      seat 0 /hand[2:3] = []                  before, and in each seat's part (golden_delta.py)
      to act: 1
      deadline: 61.0
      legal 1: 12 (0b41e9aa)
    ...
    result: {"reason": "election", ...}       how the game ended ("none": it had not)

Seat s's view is {"public": <public view>, "you": <seat s's part>}; a spectator's is
{"public": <public view>}. A seat with no legal action has no `legal` line; the digest is the
start of the SHA-256 of the actions' sorted JSON lines, so the order in which a game lists
them does not matter.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

import golden_delta
from golden_delta import dumps

HEADER = "# A golden playthrough: tests/golden.py tells how it is checked and recorded again."

_STEP = re.compile(r"step (\d+), t=(\S+), (?:seat (\d+)|table): (.*)")
_SEAT = re.compile(r"seat (\d+)(?= )")
_LEGAL = re.compile(r"legal (\d+): (\d+) \(([0-9a-f]{8})\)")


@dataclass(frozen=True)
class Step:
    """An action applied by `seat` (None: the table) at game time `at`."""

    seat: int | None
    action: dict
    at: float


@dataclass
class Frame:
    """What the game shows after a step (or at the start): all of it is checked."""

    events: list[tuple[list[int] | None, dict]]  # (the seats it is for, None: all; the event)
    public: dict
    seats: list[dict]  # each seat's own part of its view
    to_act: list[int]
    deadline: float | None
    legal: dict[int, tuple[int, str]]  # seat -> (count, digest), for seats with any


@dataclass
class Playthrough:
    game: str
    options: Any
    seats: int
    seed: int
    bots: list[str]
    max_steps: int
    steps: list[Step] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)  # the start, then one per step
    result: dict | None = None


def legal_summary(actions: list[dict]) -> tuple[int, str]:
    """How many actions, and a digest of them that ignores their order."""
    lines = sorted(json.dumps(a, sort_keys=True, separators=(",", ":")) for a in actions)
    return len(actions), hashlib.sha256("\n".join(lines).encode()).hexdigest()[:8]


def write(playthrough: Playthrough) -> str:
    """The text of `playthrough`, as `read` reads it back."""
    p = playthrough
    lines = [
        HEADER,
        f"game: {p.game}",
        f"options: {dumps(p.options)}",
        f"seats: {p.seats}",
        f"seed: {p.seed}",
        f"bots: {' '.join(p.bots)}",
        f"max steps: {p.max_steps}",
        "",
        "start",
    ]
    before = None
    for index, frame in enumerate(p.frames):
        if index:
            step = p.steps[index - 1]
            who = "table" if step.seat is None else f"seat {step.seat}"
            lines.append(f"step {index}, t={step.at!r}, {who}: {dumps(step.action)}")
        lines.extend(f"  {line}" for line in _frame_lines(before, frame))
        lines.append("")
        before = frame
    lines.append(f"result: {'none' if p.result is None else dumps(p.result)}")
    return "\n".join(lines) + "\n"


def _frame_lines(before: Frame | None, frame: Frame) -> list[str]:
    lines = []
    for to, event in frame.events:
        lines.append(f"event: {dumps(event)}" if to is None else f"event to {to}: {dumps(event)}")
    parts = [("public", before and before.public, frame.public)]
    for seat, part in enumerate(frame.seats):
        earlier = before.seats[seat] if before and seat < len(before.seats) else None
        parts.append((f"seat {seat}", earlier, part))
    for who, old, new in parts:
        lines.extend(f"{who} {golden_delta.render(c)}" for c in golden_delta.diff(old, new))
    lines.append(f"to act: {' '.join(map(str, frame.to_act)) or 'nobody'}")
    lines.append(f"deadline: {'none' if frame.deadline is None else repr(frame.deadline)}")
    for seat, (count, digest) in sorted(frame.legal.items()):
        lines.append(f"legal {seat}: {count} ({digest})")
    return lines


def read(text: str) -> Playthrough:
    """The playthrough `text` holds; ValueError names the first line it cannot read."""
    reader = _Reader()
    number = 0
    for number, line in enumerate(text.splitlines(), start=1):
        try:
            reader.read(line)
        except (ValueError, KeyError, IndexError, TypeError) as error:
            raise ValueError(f"line {number}: {error}") from None
    if reader.playthrough is None or not reader.ended:
        raise ValueError(f"line {number}: a golden playthrough ends with its result")
    return reader.playthrough


class _Reader:
    """Reads a playthrough line by line: its settings, then its frames, then its result."""

    def __init__(self):
        self.settings: dict[str, str] = {}
        self.playthrough: Playthrough | None = None
        self.frame: Frame | None = None
        self.ended = False

    def read(self, line: str) -> None:
        if self.ended:
            raise ValueError("nothing follows the result")
        if line.startswith("#"):
            return
        if self.playthrough is None:
            self._read_setting(line)
        elif line.startswith("  ") and self.frame is not None:
            _read_line(self.frame, line[2:])
        elif (line == "start") if self.frame is None else line.startswith("step "):
            if self.frame is not None:
                steps = self.playthrough.steps
                steps.append(_read_step(line, len(steps) + 1))
            self.frame = _next_frame(self.frame)
            self.playthrough.frames.append(self.frame)
        elif line.startswith("result: ") and self.frame is not None:
            result = line.removeprefix("result: ")
            self.playthrough.result = None if result == "none" else json.loads(result)
            self.ended = True
        elif line:
            raise ValueError("not a line of a golden playthrough")

    def _read_setting(self, line: str) -> None:
        if line:
            key, value = line.split(": ", 1)
            self.settings[key] = value
            return
        settings = self.settings
        self.playthrough = Playthrough(
            game=settings["game"],
            options=json.loads(settings["options"]),
            seats=int(settings["seats"]),
            seed=int(settings["seed"]),
            bots=settings["bots"].split(),
            max_steps=int(settings["max steps"]),
        )


def _read_step(line: str, expected: int) -> Step:
    match = _STEP.fullmatch(line)
    if match is None or int(match.group(1)) != expected:
        raise ValueError(f"expected step {expected}")
    seat = None if match.group(3) is None else int(match.group(3))
    return Step(seat, json.loads(match.group(4)), float(match.group(2)))


def _next_frame(before: Frame | None) -> Frame:
    """The frame a step starts from: the views as they were, everything else still to read."""
    if before is None:
        return Frame([], {}, [], [], None, {})
    views = json.loads(dumps([before.public, before.seats]))
    return Frame([], views[0], views[1], [], None, {})


def _read_line(frame: Frame, line: str) -> None:
    if line.startswith("event: "):
        frame.events.append((None, json.loads(line.removeprefix("event: "))))
    elif line.startswith("event to "):
        to, at = json.JSONDecoder().raw_decode(line, len("event to "))
        frame.events.append((to, json.loads(line[at:].removeprefix(": "))))
    elif line.startswith("public "):
        frame.public = golden_delta.apply(frame.public, golden_delta.parse(line[7:]))
    elif seat := _SEAT.match(line):
        index = int(seat.group(1))
        if index == len(frame.seats):
            frame.seats.append(None)
        change = golden_delta.parse(line[seat.end() + 1 :])
        frame.seats[index] = golden_delta.apply(frame.seats[index], change)
    elif line.startswith("to act: "):
        seats = line.removeprefix("to act: ")
        frame.to_act = [] if seats == "nobody" else [int(s) for s in seats.split()]
    elif line.startswith("deadline: "):
        value = line.removeprefix("deadline: ")
        frame.deadline = None if value == "none" else float(value)
    elif legal := _LEGAL.fullmatch(line):
        frame.legal[int(legal.group(1))] = (int(legal.group(2)), legal.group(3))
    else:
        raise ValueError("not a line of a step")
