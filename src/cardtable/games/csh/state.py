"""The state of one CSH game, its phases and the reasons it ends: plain lists of card ids and
small ints, and `clone`, which copies every mutable part.

Every card id is in exactly one place: `deck` (top = last), a hand, a stack of an Archive, the
`discard` pile, or set aside as the revealed Election. An Archive is a list of stacks in the
order their slots were filled; a stack lists card ids bottom to top (CSH-5). Per-card marks
(`down`: canceled and face down, `tokens`, `fixed`: a Coin Flip's recorded VP) are indexed by
card id and reset whenever a card leaves an Archive.

The effect stack holds `Frame`s: a card being played (its onEnter effects, and its reaction
window: the seats it still `waiting` on and when it `opened`, CSH-10), a reaction (Cancel or
Negate of the frame below), or a retrigger (H7). `auto_pass` holds each seat's public choice to
have every reaction window answered for it (see `window`). The rule modules append the events
of the action being applied to `events`, which `actions.apply` hands out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any

from ...engine import Event, Rng
from .catalog import CardType, Catalog, Effect

NOBODY = -1


class Phase(Enum):
    DRAFT = "draft"  # the players choose their directorships in seat order (CSH-27)
    TURN = "turn"  # the current player takes an action
    WINDOW = "window"  # a reaction window is open to every seat at once (CSH-10)
    CHOICE = "choice"  # an effect waits on one seat's choice
    OVER = "over"


class Reason(StrEnum):
    """Why a game ended (its `Result.reason`)."""

    ELECTION = "election"  # the Election was drawn and the final round played (CSH-16)


@dataclass(slots=True)
class Frame:
    """One item of the effect stack (CSH-10)."""

    player: int
    cards: tuple[int, ...]  # the card ids this play put into an Archive
    source: int  # the card whose effects these are
    steps: list[Effect]  # effects still to resolve, in text order
    reaction: str = ""  # "cancel" | "negate" | "" (a reaction aims at the frame below)
    started: bool = False  # True once it began resolving: no fresh window
    canceled: bool = False
    negated: bool = False
    target: int = NOBODY  # the player chosen as the target (CSH-24), once chosen
    waiting: list[int] = field(default_factory=list)  # seats still to answer its open window
    opened: float = 0.0  # the game time its reaction window opened

    def clone(self) -> Frame:
        return Frame(
            self.player,
            self.cards,
            self.source,
            list(self.steps),
            self.reaction,
            self.started,
            self.canceled,
            self.negated,
            self.target,
            list(self.waiting),
            self.opened,
        )


def face(state: State, card: int) -> dict:
    """A card as views show it when its face may be seen: its id and its type's id."""
    return {"id": card, "card": state.type_of[card].id}


Order = tuple[int, ...]  # card ids, top first


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice an effect (or a placement) asks of one seat.

    `purpose`: target | next | card | order | slot. `options`: seats, card ids or slot indexes,
    or, for an order, the orders (tuples of card ids). `effect`: the effect that resumes with
    the answer.
    """

    seat: int
    purpose: str
    options: tuple[int, ...] | tuple[Order, ...]
    effect: Effect

    def ids(self) -> list[int]:
        """The options that are seats, card ids or slot indexes."""
        return [option for option in self.options if isinstance(option, int)]

    def orders(self) -> list[Order]:
        """The options that are orders."""
        return [option for option in self.options if isinstance(option, tuple)]


@dataclass(slots=True)
class State:
    catalog: Catalog
    rules: dict[str, Any]  # resolved options (never mutated)
    rng: Rng
    seats: int
    clock: float  # the latest game time seen
    since: float  # when the current wait began (deadlines count from here)
    directorships: list[str | None]
    hands: list[list[int]]
    archives: list[list[list[int]]]
    extra_turns: list[int]
    skips: list[int]
    lose: list[int]
    auto_pass: list[bool]  # answer every reaction window for this seat
    peek: list[int]  # how many top cards of the deck each seat has seen in order
    phase: Phase = Phase.DRAFT
    type_of: tuple[CardType, ...] = ()  # card id -> its type, fixed at the deal
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    down: list[bool] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    fixed: list[int | None] = field(default_factory=list)
    election: int = NOBODY  # the Election's card id
    drawer: int = NOBODY  # who drew the Election (CSH-15), once drawn
    drawn_on_turn_of: int = NOBODY  # whose turn it was then (CSH-16)
    final_chain: bool = False  # the turn (or extra turn) in which it was drawn goes on
    start: int = NOBODY  # the starting player (CSH-3)
    current: int = NOBODY
    turn: int = 0
    actions: int = 0
    bonus_used: bool = False  # R2: the first Draw Action of this turn has been taken
    next_seat: int = NOBODY  # CHOOSE_NEXT's pick, taken when the turn passes on
    stack: list[Frame] = field(default_factory=list)
    choice: Choice | None = None
    events: list[Event] = field(default_factory=list)  # the action being applied's

    @property
    def election_drawn(self) -> bool:
        return self.drawer != NOBODY

    def clone(self, rng: Rng | None = None) -> State:
        """A copy sharing nothing mutable (the catalog, the options and choices never change);
        its events start empty. `rng` replaces a copy of the generator (a `Drawless` one for a
        trial that must not draw). Field by field, as `dataclasses.replace` is slow on a path
        every search step and swing-cap trial takes; a test checks that every field is here."""
        return State(
            catalog=self.catalog,
            rules=self.rules,
            rng=self.rng.copy() if rng is None else rng,
            seats=self.seats,
            clock=self.clock,
            since=self.since,
            directorships=list(self.directorships),
            hands=[list(hand) for hand in self.hands],
            archives=[[list(stack) for stack in archive] for archive in self.archives],
            extra_turns=list(self.extra_turns),
            skips=list(self.skips),
            lose=list(self.lose),
            auto_pass=list(self.auto_pass),
            peek=list(self.peek),
            phase=self.phase,
            type_of=self.type_of,
            deck=list(self.deck),
            discard=list(self.discard),
            down=list(self.down),
            tokens=list(self.tokens),
            fixed=list(self.fixed),
            election=self.election,
            drawer=self.drawer,
            drawn_on_turn_of=self.drawn_on_turn_of,
            final_chain=self.final_chain,
            start=self.start,
            current=self.current,
            turn=self.turn,
            actions=self.actions,
            bonus_used=self.bonus_used,
            next_seat=self.next_seat,
            stack=[frame.clone() for frame in self.stack],
            choice=self.choice,
            events=[],
        )


def blank(catalog: Catalog, rules: dict[str, Any], rng: Rng, seats: int, clock: float) -> State:
    """A table before the draft: no directorships, no cards, nobody to act yet."""
    return State(
        catalog=catalog,
        rules=rules,
        rng=rng,
        seats=seats,
        clock=clock,
        since=clock,
        directorships=[None] * seats,
        hands=[[] for _ in range(seats)],
        archives=[[] for _ in range(seats)],
        extra_turns=[0] * seats,
        skips=[0] * seats,
        lose=[0] * seats,
        auto_pass=[False] * seats,
        peek=[0] * seats,
    )


def pending(state: State) -> Choice:
    """The choice the game waits on (in the CHOICE phase)."""
    assert state.choice is not None, "no choice is pending"
    return state.choice
