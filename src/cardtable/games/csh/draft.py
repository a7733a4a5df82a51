"""Setting a game up: choosing directorships (CSH-27) and starting the game (CSH-3, CSH-4).

The table may fix them (option `directorships`, one per seat in seat order) or draw them at
random (`draft = "random"`); otherwise the players choose in seat order as the first actions of
the game, each a directorship nobody has taken.
"""

from __future__ import annotations

from typing import Any

from ...engine import Rng, everyone
from . import catchup, deck, flow
from .catalog import CATALOG
from .state import Phase, State, blank


def setup(rules: dict[str, Any], seats: int, rng: Rng, now: float) -> State:
    """A new game: its directorships drafted or fixed, and, once they are, the deal and the
    first turn; the events of all this are nobody's (the game starts in its first view)."""
    state = blank(CATALOG, rules, rng, seats, now)
    begin(state)
    flow.advance(state)
    state.events = []
    return state


def available(state: State) -> list[str]:
    taken = set(state.directorships)
    return [d.id for d in state.catalog.directorships if d.id not in taken]


def begin(state: State) -> None:
    fixed = state.rules["directorships"]
    if fixed:
        state.directorships = list(fixed)
    elif state.rules["draft"] == "random":
        state.directorships = state.rng.sample(available(state), state.seats)
    else:
        state.phase = Phase.DRAFT
        state.current = 0
        return
    _start(state)


def choose(state: State, seat: int, directorship: str) -> None:
    state.directorships[seat] = directorship
    state.events.append(everyone("directorship-chosen", seat=seat, directorship=directorship))
    if seat + 1 < state.seats:
        state.current = seat + 1
    else:
        _start(state)


def _start(state: State) -> None:
    """Build the deck, deal five each, then a random starting player (seed set-up 2 to 5),
    then the catch-up deal (CSH-31)."""
    deck.build(state)
    state.start = state.rng.randrange(state.seats)
    state.events.append(
        everyone("game-started", directorships=list(state.directorships), start=state.start)
    )
    catchup.deal(state)
    flow.begin_turn(state, state.start)
