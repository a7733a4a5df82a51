"""A balance run in pieces: every report directory keeps its tallies (`tallies.json`), and the
reports of one experiment over disjoint seeds merge into the report of all their games
(`cardtable balance csh --merge DIR --merge DIR`). A long run (search bots take seconds a game)
is then played in pieces, on several machines or days, and judged as one."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, fields
from itertools import pairwise
from pathlib import Path

from .tally import Tally

FILE = "tallies.json"
VERSION = 1


class PieceError(ValueError):
    """A report directory that cannot be merged, or reports that do not merge together."""


@dataclass
class Piece:
    """The games of one report: the commands that played them, the game options, the seeds
    (first and last of each range) and one tally per lineup of bots."""

    commands: list[str]
    options: dict
    seeds: list[tuple[int, int]]
    tallies: list[Tally]


def save(out: Path, piece: Piece) -> None:
    document = {
        "version": VERSION,
        "commands": piece.commands,
        "options": piece.options,
        "seeds": [list(span) for span in piece.seeds],
        "tallies": [_encoded(tally) for tally in piece.tallies],
    }
    (out / FILE).write_text(json.dumps(document) + "\n", encoding="utf-8")


def load(directory: Path) -> Piece:
    path = directory / FILE
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PieceError(f"{path} does not exist: is {directory} a balance report?") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise PieceError(f"{path} cannot be read: {error}") from None
    try:
        if document["version"] != VERSION:
            raise PieceError(f"{path} has version {document['version']}, not {VERSION}")
        return Piece(
            [str(command) for command in document["commands"]],
            dict(document["options"]),
            [(int(first), int(last)) for first, last in document["seeds"]],
            [_decoded(tally) for tally in document["tallies"]],
        )
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, PieceError):
            raise
        raise PieceError(f"{path} is not a tallies file this version wrote: {error!r}") from None


def merge(pieces: list[Piece], names: list[str]) -> Piece:
    """One piece of all `pieces` (read from the directories `names`): the same options and
    lineups, no seed played twice."""
    first = pieces[0]
    lineups = [(t.players, t.lineup) for t in first.tallies]
    for piece, name in zip(pieces[1:], names[1:], strict=True):
        if piece.options != first.options:
            raise PieceError(f"{name} was played with other options than {names[0]}")
        if [(t.players, t.lineup) for t in piece.tallies] != lineups:
            raise PieceError(f"{name} has other players or bots than {names[0]}")
    spans = sorted(
        (span, name) for piece, name in zip(pieces, names, strict=True) for span in piece.seeds
    )
    for ((_, last), before), ((first_seed, _), after) in pairwise(spans):
        if first_seed <= last:
            raise PieceError(f"{before} and {after} both played seed {first_seed}")
    tallies = [Tally(players, lineup) for players, lineup in lineups]
    for piece in pieces:
        for total, part in zip(tallies, piece.tallies, strict=True):
            total.merge(part)
    commands = [command for piece in pieces for command in piece.commands]
    return Piece(commands, first.options, _joined([span for span, _ in spans]), tallies)


def _joined(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted seed ranges with those that follow on from each other made one."""
    out: list[tuple[int, int]] = []
    for first, last in spans:
        if out and out[-1][1] + 1 == first:
            out[-1] = (out[-1][0], last)
        else:
            out.append((first, last))
    return out


def _encoded(tally: Tally) -> dict:
    """A tally as JSON; a Counter as [key, count] pairs, since its keys may be numbers."""
    out = {}
    for name in (f.name for f in fields(tally)):
        value = getattr(tally, name)
        out[name] = list(value.items()) if isinstance(value, Counter) else value
    return out


def _decoded(data: dict) -> Tally:
    lineup = tuple(str(name) for name in data["lineup"])
    if data["players"] != len(lineup):
        raise PieceError(f"{len(lineup)} bots for {data['players']} players")
    tally = Tally(len(lineup), lineup)
    for name in (f.name for f in fields(tally) if f.name not in ("players", "lineup")):
        blank, value = getattr(tally, name), data[name]
        if isinstance(blank, Counter):
            value = Counter({_key(key): _count(count) for key, count in value})
        elif isinstance(blank, list):
            if len(value) != tally.players:
                raise PieceError(f"{name} has {len(value)} values for {tally.players} players")
            value = [float(item) for item in value]
        else:
            value = int(value)
        setattr(tally, name, value)
    return tally


def _count(count):
    """A count as saved: a number of games or seats, or a sum of win shares."""
    if isinstance(count, (int, float)) and not isinstance(count, bool):
        return count
    raise PieceError(f"{count!r} is not a count")


def _key(key):
    """A Counter's key as saved: a string or a number (JSON has no tuples)."""
    if isinstance(key, (str, int)) and not isinstance(key, bool):
        return key
    raise PieceError(f"a count is kept under {key!r}, neither a name nor a number")
