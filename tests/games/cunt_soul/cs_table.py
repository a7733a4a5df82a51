"""Scripted Cunt-Soul positions: a game laid out by `cunt_soul.position` (hands, fields and a
pile by rank names), then acted on and looked at.
"""

from __future__ import annotations

from cardtable.engine import IllegalAction
from cardtable.games.cunt_soul import GAME, position
from cardtable.games.cunt_soul.position import RANKS
from cardtable.games.cunt_soul.ranks import rank_name


class Table:
    """A game in its play phase, laid out from rank names (`"7"`, `"Q"`, `"Joker"`); the
    arguments are `position`'s."""

    def __init__(self, seats: int = 3, **layout):
        self.game = GAME
        self.state = position(seats, **layout)
        self.events: list = []

    # -- acting ---------------------------------------------------------------------------

    def act(self, seat: int | None, action: dict, now: float | None = None) -> list:
        events = self.game.apply(self.state, seat, action, now)
        self.events.extend(events)
        return events

    def cards_of(self, seat: int, name: str, count: int = 1, zone: str = "hand") -> list[int]:
        state = self.state
        held = {"hand": state.hands[seat], "face-up": state.face_up[seat]}[zone]
        found = sorted(c for c in held if c is not None and state.ranks[c] == RANKS[name])
        assert len(found) >= count, f"seat {seat} holds {len(found)} {name} in {zone}"
        return found[:count]

    def play(self, seat: int, name: str, count: int = 1, zone: str = "hand") -> list:
        return self.act(seat, {"type": "play", "cards": self.cards_of(seat, name, count, zone)})

    def refused(self, seat: int | None, action: dict, now: float | None = None) -> str:
        """The code an action is refused with (the test fails if it is accepted)."""
        try:
            self.game.apply(self.state, seat, action, now)
        except IllegalAction as error:
            return error.code
        raise AssertionError(f"{action} was accepted")

    def refused_play(self, seat: int, name: str, count: int = 1, zone: str = "hand") -> str:
        return self.refused(seat, {"type": "play", "cards": self.cards_of(seat, name, count, zone)})

    def direction(self, seat: int, which: str) -> list:
        return self.act(seat, {"type": "direction", "direction": which})

    def choose(self, seat: int, chosen: int) -> list:
        return self.act(seat, {"type": "choose", "seat": chosen})

    def blind(self, seat: int, slot: int) -> list:
        return self.act(seat, {"type": "play-blind", "slot": slot})

    # -- looking ----------------------------------------------------------------------------

    def legal(self, seat: int | None = None) -> list[dict]:
        return self.game.legal(self.state, self.state.current if seat is None else seat)

    def playable(self, seat: int | None = None) -> list[str]:
        """Rank names (with counts) of the plays listed as legal, e.g. ['8', '8x2']."""
        names = []
        for move in self.legal(seat):
            if move["type"] == "play":
                name = rank_name(self.state.ranks[move["cards"][0]])
                names.append(name if len(move["cards"]) == 1 else f"{name}x{len(move['cards'])}")
        return names

    def hand(self, seat: int) -> list[str]:
        return sorted(rank_name(self.state.ranks[c]) for c in self.state.hands[seat])

    @property
    def top(self) -> tuple[str, str | None]:
        play = self.state.pile[-1]
        return rank_name(play.value), None if play.power is None else rank_name(play.power)

    @property
    def current(self) -> int:
        return self.state.current

    @property
    def decision(self) -> str:
        """What the player to act is deciding, as the public view names it."""
        return self.state.decision.value

    def event_types(self) -> list[str]:
        return [event.type for event in self.events]
