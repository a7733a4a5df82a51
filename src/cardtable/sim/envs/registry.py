"""Making environments: each game id with its encoder, `make` (AEC) and `make_seat` (one seat
against bots, Gymnasium)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ... import games
from ...engine import Decks
from .aec import MAX_STEPS, CardTableEnv
from .cah import CahEncoder
from .csh import CshEncoder
from .cunt_soul import CuntSoulEncoder
from .encoding import Encoder
from .example import ExampleEncoder
from .russian_bank import RussianBankEncoder
from .seat import SeatEnv

ENCODERS: dict[str, type[Encoder]] = {
    encoder.game_id: encoder
    for encoder in (
        CahEncoder,
        CshEncoder,
        CuntSoulEncoder,
        ExampleEncoder,
        RussianBankEncoder,
    )
}


def ids() -> tuple[str, ...]:
    """The games that have environments."""
    return tuple(sorted(ENCODERS))


def make(
    game_id: str,
    *,
    seats: int | None = None,
    max_steps: int = MAX_STEPS,
    render_mode: str | None = None,
    deal_from: Decks = None,
    **options: Any,
) -> CardTableEnv:
    """The AEC environment of `game_id` with option overrides `options` (a `preset=` among
    them picks a preset) for `seats` seats (default: the fewest the options allow), its games
    dealing from the decks `deal_from` (`Game.new`'s `decks`; None: the built-in decks);
    `render_mode` "ansi" renders the seat to act's view as text."""
    if game_id not in ENCODERS:
        raise KeyError(f"no environment for {game_id!r}; environments: {', '.join(ids())}")
    game = games.get(game_id)
    resolved = game.options(options, deal_from)
    low, high = game.seat_range(resolved)
    seats = low if seats is None else seats
    if not low <= seats <= high:
        raise ValueError(f"{game_id} takes {low} to {high} seats with these options")
    encoder = ENCODERS[game_id](resolved, seats)
    return CardTableEnv(game_id, encoder, resolved, seats, max_steps, render_mode, deal_from)


def make_seat(
    game_id: str,
    *,
    seat: int = 0,
    opponents: str | Sequence[str] = "random",
    seats: int | None = None,
    max_steps: int = MAX_STEPS,
    deal_from: Decks = None,
    **options: Any,
) -> SeatEnv:
    """A Gymnasium environment where the agent plays `seat` of `game_id` and bots
    (`cardtable.bots` names: one for all, or one per other seat) play the rest; `deal_from`
    as `make`."""
    env = make(game_id, seats=seats, max_steps=max_steps, deal_from=deal_from, **options)
    return SeatEnv(env, seat, opponents)
