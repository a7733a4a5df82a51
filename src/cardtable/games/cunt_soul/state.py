"""The state of a Cunt-Soul game: zones of card ids, the plays on the pile, the turn; its
phases, the decisions a player is asked for, and the reasons a game ends.

Everything is plain lists of ints and small records, so a clone is a few list copies.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from dataclasses import field as default
from enum import Enum, StrEnum

from ...engine import Rng
from .fields import NO_FIELDS, Fields

SLOTS = 3


class Phase(Enum):
    SELECT = "select"  # every seat secretly picks its face-up and field cards (CS-3)
    PLAY = "play"  # one seat acts at a time: `State.current`, deciding `State.decision`
    OVER = "over"


class Decision(Enum):
    """What the player to act is deciding now."""

    TURN = "play"  # play cards (or a blind card), change the field first, or pick up
    RUN = "run"  # continue or end a 4-run (CS-27)
    SWAP = "swap"  # the 5's swaps (CS-31, CS-32)
    SEVEN = "seven"  # the 7's direction (CS-36)
    JACK = "jack"  # whom the J names (CS-40)
    FIELD_SEVEN = "field-seven"  # the 7-field's direction (CS-58)
    FIELD_JACK = "field-jack"  # whom the J-field names (CS-61)


class Reason(StrEnum):
    """Why a game ended (its `Result.reason`)."""

    SOLE_CUNT = "sole-cunt"  # one player was left holding cards
    STALEMATE = "stalemate"  # no progress for too long (stalemate.py)


#: A 5's swap: (hand card now in a slot, zone, slot, slot card now in hand).
Swap = tuple[int, str, int, int]

#: A turn queue item (CS-52): (play serial, "skip" | "move" | "reverse", amount).
QueueItem = tuple[int, str, int]


@dataclass(slots=True)
class Play:
    """One play (a link) on the pile: cards of one printed rank, or a 4-run.

    `value` is the effective value; `power` the rank whose ability is in force (a 6's copied
    rank), None when it has none; `count` how many cards carry that power.
    """

    serial: int
    turn: int
    seat: int
    rank: int
    cards: list[int]
    value: int
    power: int | None
    count: int
    direction: str | None = None  # the 7's choice
    field_direction: str | None = None  # the 7-field's choice
    run: list[int] | None = None  # ids of the run cards after the starting step
    swaps: list[Swap] | None = None
    followup: bool = False  # the compelled follow-up of the Q below it
    overruled: bool = False  # legal only through its overrule
    converted: bool = False  # part of a 3-field triple (CS-54)
    cancelled: bool = False  # its power cancelled by a Joker

    def clone(self) -> Play:
        return replace(
            self,
            cards=list(self.cards),
            run=None if self.run is None else list(self.run),
            swaps=None if self.swaps is None else list(self.swaps),
        )


@dataclass(slots=True)
class Turn:
    """One turn: whose it is, its queue items (CS-52) and what its plays left behind. Turn 0
    stands for the opening selection, before anybody's turn."""

    number: int
    seat: int
    extra: bool
    plays: int = 0
    items: list[QueueItem] = default(default_factory=list)
    direction: int = 1  # the direction when the turn ended
    next: int | None = None
    blocks_jack_field: bool = False  # a powered 8 or J was played (CS-61)
    compelled: bool = False  # a Q demands a follow-up (CS-41)
    changed: bool = False  # the field card was changed, once at the start (CS-19)
    burned: bool = False
    penalty: int = 0  # ace penalty cards owed at the end of the turn (end-of-turn refill)
    picked_up: bool = False

    def clone(self) -> Turn:
        return replace(self, items=list(self.items))


@dataclass(slots=True)
class Run:
    """A 4-run in progress: the rank it has reached, whether a step followed the start."""

    rank: int
    committed: bool  # several 4s under a 4-field must become a run (CS-30)
    started: bool = False

    def clone(self) -> Run:
        return replace(self)


@dataclass(slots=True)
class State:
    """Cards are ids into the table's deck (`ranks` gives each one's printed rank). Face-up
    and face-down slots hold None once played."""

    options: dict
    rng: Rng
    seats: int
    decks: int
    ranks: tuple[int, ...]  # printed rank by card id
    selections: list[tuple[tuple[int, ...], int] | None]  # (face-up cards, field card) (CS-3)
    hands: list[list[int]]
    face_up: list[list[int | None]]
    horizontal: list[list[bool]]  # face-up slots refilled sideways by a field change (CS-19)
    face_down: list[list[int | None]]
    field: list[int | None]
    changes: list[int]  # field changes made, by seat (CS-18)
    phase: Phase = Phase.SELECT
    fields: Fields = NO_FIELDS
    source: list[int] = default(default_factory=list)  # the top is the last card
    pile: list[Play] = default(default_factory=list)
    out: list[int] = default(default_factory=list)  # burned out of the game
    dealer: int = 0
    first: int = 0
    current: int = 0
    direction: int = 1  # +1 clockwise (seat numbers go up), -1 anticlockwise
    places: list[int] = default(default_factory=list)  # seats in finishing order
    turn: Turn = default(default_factory=lambda: Turn(0, 0, False))
    last_turn: Turn | None = None
    decision: Decision = Decision.TURN
    stage: int = 0  # where the resolution of `resolving` resumes
    resolving: Play | None = None  # the play being resolved: the pile's top while set
    penalty: int = 0  # ace penalty owed by the resolving play (CS-43)
    run: Run | None = None
    swaps_left: int = 0
    peeked: int | None = None  # face-down slot the owner is looking at (fivePeek)
    clock: float = 0.0
    since: float = 0.0  # game time the current decision began
    triple_floor: int = 0  # pile height below which cards no longer form triples (CS-54)
    serial: int = 0
    quiet: int = 0  # turns since the last progress (stalemate.py)
    source_low: int = 1 << 30  # the smallest the source has been
    stalemate: list[list[int]] | None = None  # the unfinished, ranked, if it stalled
    # Cards everyone saw go into a hand (a picked-up pile, a field card taken back, ...):
    # card id -> that seat. Stale once the card leaves the hand, which everyone sees too.
    shown: dict[int, int] = default(default_factory=dict)

    @classmethod
    def empty(
        cls, options: dict, rng: Rng, seats: int, decks: int, ranks: tuple[int, ...]
    ) -> State:
        """A state before the deal: every seat's zones empty, nothing selected."""
        return cls(
            options=options,
            rng=rng,
            seats=seats,
            decks=decks,
            ranks=ranks,
            selections=[None] * seats,
            hands=[[] for _ in range(seats)],
            face_up=[[None] * SLOTS for _ in range(seats)],
            horizontal=[[False] * SLOTS for _ in range(seats)],
            face_down=[[None] * SLOTS for _ in range(seats)],
            field=[None] * seats,
            changes=[0] * seats,
        )

    def resolving_play(self) -> Play:
        """The play being resolved, while one is (a stage of resolution.py, a choice it asked
        for, a 4-run)."""
        assert self.resolving is not None, "no play is being resolved"
        return self.resolving

    def current_run(self) -> Run:
        """The 4-run in progress, while the decision is RUN or a run step is being played."""
        assert self.run is not None, "no run is in progress"
        return self.run

    def clone(self) -> State:
        """A copy sharing nothing mutable with this state (options, ranks and the recounted
        `fields` are never changed in place)."""
        # Plays and turns are edited later (a Joker's retroactive effects, queue items), so
        # the clone gets its own copies; `resolving` is always the top play while set.
        pile = [play.clone() for play in self.pile]
        resolving = self.resolving
        if resolving is not None:
            resolving = pile[-1] if pile and self.pile[-1] is resolving else resolving.clone()
        turn = self.turn.clone()
        last_turn = self.last_turn
        if last_turn is not None:
            last_turn = turn if last_turn is self.turn else last_turn.clone()
        return replace(
            self,
            rng=self.rng.copy(),
            selections=list(self.selections),
            hands=[list(hand) for hand in self.hands],
            face_up=[list(slots) for slots in self.face_up],
            horizontal=[list(slots) for slots in self.horizontal],
            face_down=[list(slots) for slots in self.face_down],
            field=list(self.field),
            changes=list(self.changes),
            source=list(self.source),
            pile=pile,
            out=list(self.out),
            places=list(self.places),
            turn=turn,
            last_turn=last_turn,
            resolving=resolving,
            run=None if self.run is None else self.run.clone(),
            stalemate=None if self.stalemate is None else [list(g) for g in self.stalemate],
            shown=dict(self.shown),
        )
