"""The state of a Cunt-Soul game: zones of card ids, the plays on the pile, the turn.

Everything is plain lists of ints and small `__slots__` records, so a clone is a few list copies.
"""

from __future__ import annotations

from ...engine import Rng
from .fields import NO_FIELDS, Fields

SELECT, PLAY, OVER = "select", "play", "over"

# What the player to act is deciding now.
TURN = "play"  # play cards (or a blind card), change the field first, or pick up
RUN = "run"  # continue or end a 4-run (CS-27)
SWAP = "swap"  # the 5's swaps (CS-31, CS-32)
SEVEN_CHOICE = "seven"  # the 7's direction (CS-36)
JACK_CHOICE = "jack"  # whom the J names (CS-40)
FIELD_SEVEN_CHOICE = "field-seven"  # the 7-field's direction (CS-58)
FIELD_JACK_CHOICE = "field-jack"  # whom the J-field names (CS-61)

SLOTS = 3


class Play:
    """One play (a link) on the pile: cards of one printed rank, or a 4-run.

    `value` is the effective value; `power` the rank whose ability is in force (a 6's copied
    rank), None when it has none; `count` how many cards carry that power.
    """

    __slots__ = (
        "cancelled",
        "cards",
        "converted",
        "count",
        "direction",
        "field_direction",
        "followup",
        "overruled",
        "power",
        "rank",
        "run",
        "seat",
        "serial",
        "swaps",
        "turn",
        "value",
    )

    def __init__(self, serial, turn, seat, rank, cards, value, power, count):
        self.serial = serial
        self.turn = turn
        self.seat = seat
        self.rank = rank
        self.cards = cards
        self.value = value
        self.power = power
        self.count = count
        self.direction = None  # the 7's choice
        self.field_direction = None  # the 7-field's choice
        self.run = None  # ids of the run cards after the starting step
        self.swaps = None  # (hand card now in a slot, zone, slot, slot card now in hand)
        self.followup = False  # the compelled follow-up of the Q below it
        self.overruled = False  # legal only through its overrule
        self.converted = False  # part of a 3-field triple (CS-54)
        self.cancelled = False  # its power cancelled by a Joker

    def copy(self) -> Play:
        twin = Play.__new__(Play)
        for name in Play.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.cards = list(self.cards)
        if self.run is not None:
            twin.run = list(self.run)
        if self.swaps is not None:
            twin.swaps = list(self.swaps)
        return twin


class Turn:
    """One turn: whose it is, its queue items (CS-52) and what its plays left behind."""

    __slots__ = (
        "blocks_jack_field",
        "burned",
        "changed",
        "compelled",
        "direction",
        "extra",
        "items",
        "next",
        "number",
        "penalty",
        "picked_up",
        "plays",
        "seat",
    )

    def __init__(self, number: int, seat: int, extra: bool):
        self.number = number
        self.seat = seat
        self.extra = extra
        self.plays = 0
        self.items: list[tuple[int, str, int]] = []  # (play serial, "skip"|"move"|"reverse", n)
        self.direction = 1  # the direction when the turn ended
        self.next = None
        self.blocks_jack_field = False  # a powered 8 or J was played (CS-61)
        self.compelled = False  # a Q demands a follow-up (CS-41)
        self.changed = False  # the field card was changed, once at the start (CS-19)
        self.burned = False
        self.penalty = 0  # ace penalty cards owed at the end of the turn (end-of-turn refill)
        self.picked_up = False

    def copy(self) -> Turn:
        twin = Turn.__new__(Turn)
        for name in Turn.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.items = list(self.items)
        return twin


class Run:
    """A 4-run in progress: the rank it has reached, whether a step followed the start."""

    __slots__ = ("committed", "rank", "started")

    def __init__(self, rank: int, committed: bool):
        self.rank = rank
        self.started = False
        self.committed = committed  # several 4s under a 4-field must become a run (CS-30)

    def copy(self) -> Run:
        twin = Run(self.rank, self.committed)
        twin.started = self.started
        return twin


class State:
    __slots__ = (
        "changes",
        "clock",
        "current",
        "dealer",
        "decision",
        "decks",
        "direction",
        "face_down",
        "face_up",
        "field",
        "fields",
        "first",
        "hands",
        "horizontal",
        "last_turn",
        "options",
        "out",
        "peeked",
        "penalty",
        "phase",
        "pile",
        "places",
        "quiet",
        "ranks",
        "resolving",
        "rng",
        "run",
        "seats",
        "selections",
        "serial",
        "shown",
        "since",
        "source",
        "source_low",
        "stage",
        "stalemate",
        "swaps_left",
        "triple_floor",
        "turn",
    )

    def __init__(self, options: dict, rng: Rng, seats: int, decks: int, ranks: tuple[int, ...]):
        self.options = options
        self.rng = rng
        self.seats = seats
        self.decks = decks
        self.ranks = ranks
        self.phase = SELECT
        self.selections: list[tuple[tuple[int, ...], int] | None] = [None] * seats
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.face_up: list[list[int | None]] = [[None] * SLOTS for _ in range(seats)]
        self.horizontal: list[list[bool]] = [[False] * SLOTS for _ in range(seats)]
        self.face_down: list[list[int | None]] = [[None] * SLOTS for _ in range(seats)]
        self.field: list[int | None] = [None] * seats
        self.changes = [0] * seats
        self.fields: Fields = NO_FIELDS
        self.source: list[int] = []  # the top is the last card
        self.pile: list[Play] = []
        self.out: list[int] = []  # burned out of the game
        self.dealer = 0
        self.first = 0
        self.current = 0
        self.direction = 1  # +1 clockwise (seat numbers go up), -1 anticlockwise
        self.places: list[int] = []  # seats in finishing order
        self.turn: Turn | None = None
        self.last_turn: Turn | None = None
        self.decision = TURN
        self.stage = 0  # where the resolution of `resolving` resumes
        self.resolving: Play | None = None
        self.penalty = 0  # ace penalty owed by the resolving play (CS-43)
        self.run: Run | None = None
        self.swaps_left = 0
        self.peeked: int | None = None  # face-down slot the owner is looking at (fivePeek)
        self.clock = 0.0
        self.since = 0.0  # game time the current decision began
        self.triple_floor = 0  # pile height below which cards no longer form triples (CS-54)
        self.serial = 0
        self.quiet = 0  # turns since the last progress (stalemate.py)
        self.source_low = 1 << 30  # the smallest the source has been
        self.stalemate: list[list[int]] | None = None  # the unfinished, ranked, if it stalled
        # Cards everyone saw go into a hand (a picked-up pile, a field card taken back, ...):
        # card id -> that seat. Stale once the card leaves the hand, which everyone sees too.
        self.shown: dict[int, int] = {}

    def clone(self) -> State:
        twin = State.__new__(State)
        for name in State.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.rng = self.rng.copy()
        twin.selections = list(self.selections)
        twin.hands = [list(hand) for hand in self.hands]
        twin.face_up = [list(slots) for slots in self.face_up]
        twin.horizontal = [list(slots) for slots in self.horizontal]
        twin.face_down = [list(slots) for slots in self.face_down]
        twin.field = list(self.field)
        twin.changes = list(self.changes)
        twin.source = list(self.source)
        twin.out = list(self.out)
        twin.places = list(self.places)
        twin.shown = dict(self.shown)
        # Plays and turns are edited later (a Joker's retroactive effects, queue items), so
        # the clone gets its own copies; `resolving` is always the top play while set.
        twin.pile = [play.copy() for play in self.pile]
        if self.resolving is not None:
            on_top = self.pile and self.pile[-1] is self.resolving
            twin.resolving = twin.pile[-1] if on_top else self.resolving.copy()
        if self.turn is not None:
            twin.turn = self.turn.copy()
        if self.run is not None:
            twin.run = self.run.copy()
        return twin
