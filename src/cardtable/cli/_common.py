"""Arguments several subcommands share: option overrides and the bots for each seat."""

from __future__ import annotations

import json


def add_game_arguments(parser) -> None:
    """`--options`, `--directorships` and `--bots`, as `simulate` and `balance` take them."""
    parser.add_argument("--options", default=None, help="JSON object of option overrides")
    parser.add_argument(
        "--directorships",
        default=None,
        help="csh: comma-separated directorships, one per seat, fixed (default: drafted)",
    )


def game_options(base: dict, options_json: str | None, directorships: str | None) -> dict:
    """`base` updated with the `--options` JSON object and `--directorships`."""
    options = dict(base)
    if options_json:
        extra = json.loads(options_json)
        if not isinstance(extra, dict):
            raise ValueError("--options must be a JSON object")
        options.update(extra)
    if directorships:
        options["directorships"] = [d.strip() for d in directorships.split(",") if d.strip()]
    return options


def bot_names(spec: str | list[str], players: int) -> list[str]:
    """One bot name per seat from a list or a comma-separated string; one name fills every seat."""
    names = [name.strip() for name in (spec.split(",") if isinstance(spec, str) else spec)]
    names = [name for name in names if name]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise ValueError(f"--bots names {len(names)} bots for {players} seats")
    return names
