"""The state of one CSH game: plain lists of card ids and small ints, and its cheap copy.

Every card id is in exactly one place: `deck` (top = last), a hand, a stack of an Archive, the
`discard` pile, or set aside as the revealed Election. An Archive is a list of stacks in the
order their slots were filled; a stack lists card ids bottom to top (CSH-5). Per-card marks
(`down`: canceled and face down, `tokens`, `fixed`: a Coin Flip's recorded VP) are indexed by
card id and reset whenever a card leaves an Archive.

The effect stack holds `Frame`s: a card being played (its onEnter effects, and its reaction
window: the seats it still `waiting` on and when it `opened`, CSH-10), a reaction (Cancel or
Negate of the frame below), or a retrigger (H7). `auto_pass` holds each seat's public choice to
have every reaction window answered for it (see `window`).
"""

from __future__ import annotations

from .catalog import CardType, Catalog, Effect

DRAFT, TURN, WINDOW, CHOICE, OVER = "draft", "turn", "window", "choice", "over"
NOBODY = -1


class Frame:
    """One item of the effect stack (CSH-10)."""

    __slots__ = (
        "canceled",
        "cards",
        "negated",
        "opened",
        "player",
        "reaction",
        "source",
        "started",
        "steps",
        "target",
        "waiting",
    )

    def __init__(
        self,
        player: int,
        cards: tuple[int, ...],
        source: int,
        steps: list[Effect],
        reaction: str = "",
        started: bool = False,
    ):
        self.player = player
        self.cards = cards  # the card ids this play put into an Archive
        self.source = source  # the card whose effects these are
        self.steps = steps  # effects still to resolve, in text order
        self.reaction = reaction  # "cancel" | "negate" | "" (a reaction aims at the frame below)
        self.started = started  # True once it began resolving: no fresh window
        self.canceled = False
        self.negated = False
        self.target = NOBODY  # the player chosen as the target (CSH-24), once chosen
        self.waiting: list[int] = []  # seats still to answer its open reaction window
        self.opened = 0.0  # the game time its reaction window opened

    def copy(self) -> Frame:
        twin = Frame.__new__(Frame)
        twin.player, twin.cards, twin.source = self.player, self.cards, self.source
        twin.steps, twin.reaction, twin.started = list(self.steps), self.reaction, self.started
        twin.canceled, twin.negated, twin.target = self.canceled, self.negated, self.target
        twin.waiting, twin.opened = list(self.waiting), self.opened
        return twin


def face(state: State, card: int) -> dict:
    """A card as views show it when its face may be seen: its id and its type's id."""
    return {"id": card, "card": state.type_of[card].id}


class Choice:
    """A choice an effect (or a placement) asks of one seat; immutable once made.

    `purpose`: target | next | card | order | slot. `options`: seats, card ids, slot indexes,
    or tuples of card ids (orders). `effect`: the effect that resumes with the answer.
    """

    __slots__ = ("effect", "options", "purpose", "seat")

    def __init__(self, seat: int, purpose: str, options: tuple, effect: Effect):
        self.seat = seat
        self.purpose = purpose
        self.options = options
        self.effect = effect


class State:
    __slots__ = (
        "actions",
        "archives",
        "auto_pass",
        "bonus_used",
        "catalog",
        "choice",
        "clock",
        "current",
        "deck",
        "directorships",
        "discard",
        "down",
        "drawer",
        "drawn_on_turn_of",
        "election",
        "events",
        "extra_turns",
        "final_chain",
        "fixed",
        "hands",
        "lose",
        "next_seat",
        "peek",
        "phase",
        "rng",
        "rules",
        "seats",
        "since",
        "skips",
        "stack",
        "start",
        "tokens",
        "turn",
        "type_of",
    )

    def __init__(self, catalog: Catalog, rules: dict, rng, seats: int, clock: float):
        self.catalog = catalog
        self.rules = rules  # resolved options (never mutated)
        self.rng = rng
        self.seats = seats
        self.clock = clock  # the latest game time seen
        self.since = clock  # when the current wait began (deadlines count from here)
        self.phase = DRAFT
        self.directorships: list[str | None] = [None] * seats
        self.type_of: tuple[CardType, ...] = ()  # card id -> its type, fixed at the deal
        self.deck: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.archives: list[list[list[int]]] = [[] for _ in range(seats)]
        self.discard: list[int] = []
        self.down: list[bool] = []
        self.tokens: list[int] = []
        self.fixed: list[int | None] = []
        self.election = NOBODY  # the Election's card id
        self.drawer = NOBODY  # who drew the Election (CSH-15), once drawn
        self.drawn_on_turn_of = NOBODY  # whose turn it was then (CSH-16)
        self.final_chain = False  # the turn (or extra turn) in which it was drawn goes on
        self.start = NOBODY  # the starting player (CSH-3)
        self.current = NOBODY
        self.turn = 0
        self.actions = 0
        self.bonus_used = False  # R2: the first Draw Action of this turn has been taken
        self.extra_turns = [0] * seats
        self.skips = [0] * seats
        self.lose = [0] * seats
        self.next_seat = NOBODY  # CHOOSE_NEXT's pick, taken when the turn passes on
        self.stack: list[Frame] = []
        self.choice: Choice | None = None
        self.auto_pass = [False] * seats  # answer every reaction window for this seat
        self.peek = [0] * seats  # how many top cards of the deck each seat has seen in order
        self.events: list = []  # filled while one action is applied, then handed out

    @property
    def election_drawn(self) -> bool:
        return self.drawer != NOBODY

    def copy(self) -> State:
        twin = State.__new__(State)
        for name in State.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.rng = self.rng.copy()
        twin.directorships = list(self.directorships)
        twin.deck = list(self.deck)
        twin.hands = [list(h) for h in self.hands]
        twin.archives = [[list(stack) for stack in archive] for archive in self.archives]
        twin.discard = list(self.discard)
        twin.down = list(self.down)
        twin.tokens = list(self.tokens)
        twin.fixed = list(self.fixed)
        twin.extra_turns = list(self.extra_turns)
        twin.skips = list(self.skips)
        twin.lose = list(self.lose)
        twin.peek = list(self.peek)
        twin.auto_pass = list(self.auto_pass)
        twin.stack = [frame.copy() for frame in self.stack]
        twin.events = []
        return twin
