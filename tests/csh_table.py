"""Scripted CSH positions: lay out hands, Archives, the deck and the discard pile by card type
ids ("E1", "B1"), then act and inspect.

Every card of the whole set (all directorships) gets an id, in catalog order, so a position can
use any card whatever the seats' directorships; cards not laid out are simply out of the game.
In an Archive spec a stack is a list bottom to top; a card id ending in "!" is face down
(canceled), "+2"/"-2" puts tokens on it. The deck is listed top first; "ELECTION" places the
Election there.
"""

from __future__ import annotations

from cardtable.engine import OMNISCIENT
from cardtable.games.csh import GAME
from cardtable.games.csh.archive import totals
from cardtable.games.csh.catalog import CATALOG
from cardtable.games.csh.state import TURN, WINDOW

DIRECTORSHIPS = [d.id for d in CATALOG.directorships]


class Table:
    def __init__(
        self,
        seats=3,
        hands=None,
        archives=None,
        deck=(),
        discard=(),
        current=0,
        start=0,
        actions=2,
        options=None,
    ):
        options = {"directorships": DIRECTORSHIPS[:seats], **(options or {})}
        self.state = state = GAME.new(options, seats=seats, seed=0)
        self.events: list = []
        kinds = [t for t in CATALOG.types for _ in range(t.qty)]
        state.type_of = tuple(kinds)
        self._free: dict[str, list[int]] = {}
        for card, kind in enumerate(kinds):
            self._free.setdefault(kind.id, []).append(card)
        state.election = self._free["ELECTION"][0]
        state.down = [False] * len(kinds)
        state.tokens = [0] * len(kinds)
        state.fixed = [None] * len(kinds)
        state.hands = [self.take((hands or {}).get(s, ())) for s in range(seats)]
        state.archives = [
            [self._stack(spec) for spec in (archives or {}).get(s, ())] for s in range(seats)
        ]
        state.deck = self.take(deck)[::-1]
        state.discard = self.take(discard)
        state.stack, state.choice = [], None
        state.phase, state.current, state.start = TURN, current, start
        state.actions, state.turn = actions, 1
        state.peek = [0] * seats
        state.events = []

    def take(self, names) -> list[int]:
        """Ids for these card types, each id used once (a type has only its `qty` copies)."""
        cards = []
        for name in names:
            assert self._free.get(name), f"no {name} left to lay out"
            cards.append(self._free[name].pop(0))
        return cards

    def _stack(self, spec) -> list[int]:
        stack = []
        for entry in spec:
            name, tokens = entry, 0
            for sign in "+-":
                if sign in entry[1:]:
                    name, _, amount = entry.partition(sign)
                    tokens = int(amount) * (1 if sign == "+" else -1)
            down = name.endswith("!")
            card = self.take([name.rstrip("!")])[0]
            self.state.down[card] = down
            self.state.tokens[card] = tokens
            stack.append(card)
        return stack

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
        while self.state.phase == WINDOW:
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
