"""Scripted CSH positions: lay out hands, Archives, the deck and the discard pile by card type
ids ("E1", "B1") with the game's position builder (`cardtable.games.csh.position`, which says
how), then act and inspect by card type ids.
"""

from __future__ import annotations

from cardtable.engine import OMNISCIENT
from cardtable.games.csh import GAME, position
from cardtable.games.csh.archive import totals
from cardtable.games.csh.state import Phase


class Table:
    """A position (`csh.position`, whose arguments `Table` takes), acted on through the game."""

    def __init__(self, seats=3, hands=None, archives=None, deck=(), discard=(), **given):
        self.state = position(seats, hands, archives, deck, discard, **given)
        self.events: list = []

    # -- inspecting ---------------------------------------------------------------------------

    def kind(self, card: int) -> str:
        return self.state.type_of[card].id

    def kinds(self, cards) -> list[str]:
        return [self.kind(c) for c in cards]

    def hand(self, seat: int) -> list[str]:
        return sorted(self.kinds(self.state.hands[seat]))

    def archive(self, seat: int) -> list[list[str]]:
        """Stacks as type ids, face-down ones marked "!"."""
        state = self.state
        return [
            [self.kind(c) + ("!" if state.down[c] else "") for c in stack]
            for stack in state.archives[seat]
        ]

    def deck(self) -> list[str]:
        return self.kinds(self.state.deck[::-1])

    def discard(self) -> list[str]:
        return self.kinds(self.state.discard)

    def total(self, seat: int) -> int:
        return totals(self.state)[seat]

    def card(self, seat: int, name: str) -> int:
        """The id of a card of type `name` in `seat`'s hand."""
        return next(c for c in self.state.hands[seat] if self.kind(c) == name)

    def top(self, seat: int, slot: int) -> int:
        """The id of the top card of `seat`'s stack `slot`."""
        return self.state.archives[seat][slot][-1]

    def legal(self, seat: int) -> list[dict]:
        return GAME.legal(self.state, seat)

    def waiting(self) -> int | None:
        """The lowest seat due to act (in a reaction window, one of several)."""
        acting = GAME.to_act(self.state)
        return min(acting) if acting else None

    def to_act(self) -> set[int]:
        return set(GAME.to_act(self.state))

    def view(self, seat):
        return GAME.view(self.state, seat)

    def omniscient(self):
        return GAME.view(self.state, OMNISCIENT)

    def types(self, kind: str) -> list[str]:
        return [e.type for e in self.events if e.type == kind]

    # -- acting -------------------------------------------------------------------------------

    def act(self, seat: int | None, action: dict, now: float | None = None) -> list:
        events = GAME.apply(self.state, seat, action, now)
        self.events.extend(events)
        return events

    def play(
        self,
        seat: int,
        name: str,
        place: str = "new",
        slot: int | None = None,
        count: int = 1,
        target: int | None = None,
    ) -> list:
        """Play `count` cards of type `name` from the hand (a Play Action)."""
        cards = [c for c in self.state.hands[seat] if self.kind(c) == name][:count]
        action = {"type": "play", "cards": cards, "place": place}
        if slot is not None:
            action["slot"] = slot
        if target is not None:
            action["target"] = target
        return self.act(seat, action)

    def react(self, seat: int, name: str, place: str = "new", slot: int | None = None) -> list:
        action = {"type": "react", "card": self.card(seat, name), "place": place}
        if slot is not None:
            action["slot"] = slot
        return self.act(seat, action)

    def pass_all(self) -> None:
        """Every seat a window waits on passes, lowest seat first, until none is open."""
        while self.state.phase is Phase.WINDOW:
            self.act(self.waiting(), {"type": "pass"})

    def choose(self, **answer) -> list:
        """Answer the pending choice: seat=, card=, cards= (an order) or slot=."""
        kind = {
            "seat": "choose-seat",
            "card": "choose-card",
            "cards": "choose-order",
            "slot": "choose-slot",
        }[next(iter(answer))]
        return self.act(self.waiting(), {"type": kind, **answer})

    def draw(self, seat: int) -> list:
        return self.act(seat, {"type": "draw"})
