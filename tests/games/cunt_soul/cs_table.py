"""Scripted Cunt-Soul positions: lay out hands, fields and a pile by rank names, then act.

Cards are real card ids of the game's deck, taken by rank; every card not laid out is put out
of the game, so positions still hold each card exactly once.
"""

from __future__ import annotations

from cardtable.engine import IllegalAction
from cardtable.games.cunt_soul import GAME
from cardtable.games.cunt_soul.fields import Fields
from cardtable.games.cunt_soul.ranks import JOKER, rank_name
from cardtable.games.cunt_soul.state import PLAY, Play
from cardtable.games.cunt_soul.turns import begin_turn

RANKS = {"Joker": JOKER, "J": 11, "Q": 12, "K": 13, "A": 14, **{str(n): n for n in range(2, 11)}}


class Table:
    """A game in its play phase, laid out from rank names (`"7"`, `"Q"`, `"Joker"`)."""

    def __init__(
        self,
        seats: int = 3,
        hands=None,
        face_up=None,
        face_down=None,
        fields=None,
        pile=(),
        source=(),
        current: int = 0,
        options=None,
        direction: int = 1,
    ):
        self.game = GAME
        self.state = state = GAME.new(options or {}, seats=seats, seed=0)
        self.events: list = []
        self._free: dict[int, list[int]] = {}
        for card in range(len(state.ranks)):
            self._free.setdefault(state.ranks[card], []).append(card)
        state.phase = PLAY
        state.selections = [((), 0)] * seats
        state.hands = [self.take((hands or {}).get(s, ())) for s in range(seats)]
        state.face_up = [self.slots((face_up or {}).get(s, ())) for s in range(seats)]
        state.horizontal = [[False] * 3 for _ in range(seats)]
        state.face_down = [self.slots((face_down or {}).get(s, ())) for s in range(seats)]
        state.field = [
            self.take([f])[0] if f else None for f in ((fields or {}).get(s) for s in range(seats))
        ]
        state.fields = Fields([state.ranks[c] for c in state.field if c is not None])
        state.source = self.take(source)
        state.pile = []
        for serial, ranks in enumerate(pile, start=1):
            ranks = (ranks,) if isinstance(ranks, str) else ranks
            cards = self.take(ranks)
            rank = state.ranks[cards[0]]
            state.pile.append(
                Play(-serial, 0, (current - 1) % seats, rank, cards, rank, rank, len(cards))
            )
        state.out = [card for cards in self._free.values() for card in cards]
        state.direction = direction
        begin_turn(state, current, False, [])

    def take(self, names) -> list[int]:
        return [self._free[RANKS[name]].pop(0) for name in names]

    def slots(self, names) -> list[int | None]:
        cards = self.take(names)
        return cards + [None] * (3 - len(cards))

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
        return self.state.decision

    def event_types(self) -> list[str]:
        return [event.type for event in self.events]
