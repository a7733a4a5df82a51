"""The state of one CAH game: plain lists of card ids and small ints, and its cheap copy.

Card locations (every white and black id is in exactly one of them at any time):
white: `white_deck` (an unordered pile, see dealing.py), `white_discard`, `hands[seat]`,
`rando_hand`, `submissions[seat]`, `bets[seat]`, `answers` (after submissions close),
`nhie_table`, `white_retired`;
black: `black_deck` (unordered), `black_used`, `black_removed`, `trophies[seat]`,
`rando_trophies`, `black` (the current card), `reserved` (the Happy Ending haiku card),
`black_retired`.
`retired` holds the ids of cards moderators hid during the game: they are out of the piles at
once and leave hands and discards at the next draw (see dealing.py); won cards stay with their
winners.
"""

from __future__ import annotations

from .cards import Pool
from .options import Rules

SUBMIT, REVEAL, JUDGE, VOTE, RUNNER_UP, ELIMINATE, OVER = range(7)
PHASE_NAMES = ("submit", "reveal", "judge", "vote", "runner-up-vote", "eliminate", "over")
RANDO = -1  # the author of Rando Cardrissian's answers
NO_CZAR = -1  # God Is Dead: nobody judges
NO_CARD = -1


class CahState:
    __slots__ = (
        "acting",
        "active",
        "answers",
        "authors",
        "bets",
        "black",
        "black_deck",
        "black_removed",
        "black_retired",
        "black_used",
        "clock",
        "czar",
        "czar_position",
        "deadline",
        "eliminated",
        "end_time",
        "finale",
        "hands",
        "newcomers",
        "nhie_confessed",
        "nhie_played",
        "nhie_table",
        "phase",
        "pick",
        "piles_shown",
        "pool",
        "rando_hand",
        "rando_score",
        "rando_trophies",
        "ranking",
        "reserved",
        "result",
        "retired",
        "revealed",
        "rng",
        "rotation",
        "round",
        "rules",
        "scores",
        "submissions",
        "trophies",
        "turn_order",
        "void_rounds",
        "voters",
        "votes",
        "waiting",
        "white_deck",
        "white_discard",
        "white_retired",
        "writes",
    )

    def __init__(self, rules: Rules, pool: Pool, rng, seats: int, clock: float):
        self.rules = rules
        self.pool = pool
        self.rng = rng
        self.clock = clock
        self.end_time = None if rules.time_limit is None else clock + rules.time_limit
        self.deadline = None
        self.result = None
        self.active = [True] * seats
        self.hands = [[] for _ in range(seats)]
        self.scores = [0] * seats
        self.trophies = [[] for _ in range(seats)]
        self.submissions = [None] * seats
        self.bets = [None] * seats
        self.votes = [-1] * seats
        self.rotation: list[int] = []
        self.czar_position = -1
        self.czar = NO_CZAR
        self.white_deck = pool.deck_whites()
        self.white_discard: list[int] = []
        self.black_deck = pool.deck_blacks()
        self.black_used: list[int] = []
        self.black_removed: list[int] = []
        self.reserved = [pool.haiku]
        self.rando_hand: list[int] = []
        self.rando_score = 0
        self.rando_trophies: list[int] = []
        self.round = 0
        self.void_rounds = 0  # K25: rounds without a winner, not counted by `rounds` (K5)
        self.black = NO_CARD
        self.pick = 1
        self.piles_shown: tuple[int, int] | None = None  # white deck and discard counts shown
        self.phase = SUBMIT
        self.waiting: set[int] = set()
        self.newcomers: set[int] = set()  # K24: joined during the round in progress
        self.acting: frozenset[int] = frozenset()
        self.writes: dict[int, str] = {}
        self.answers: list[list[int]] = []
        self.authors: list[int] = []
        self.revealed = 0
        self.ranking: list[int] = []
        self.voters: set[int] = set()
        self.eliminated: list[int] = []
        self.turn_order: list[int] = []
        self.finale = False
        self.nhie_table: list[int] = []
        self.nhie_played: dict[int, int] = {}
        self.nhie_confessed: set[tuple[int, int]] = set()
        self.retired: frozenset[int] = frozenset()
        self.white_retired: list[int] = []
        self.black_retired: list[int] = []

    @property
    def seats(self) -> int:
        return len(self.active)

    def clone(self) -> CahState:
        twin = CahState.__new__(CahState)
        twin.rules = self.rules
        twin.pool = self.pool
        twin.rng = self.rng.copy()
        twin.result = self.result
        twin.acting = self.acting
        twin.retired = self.retired
        for name in (
            "clock",
            "end_time",
            "deadline",
            "czar_position",
            "czar",
            "rando_score",
            "round",
            "void_rounds",
            "black",
            "pick",
            "piles_shown",
            "phase",
            "revealed",
            "finale",
        ):
            setattr(twin, name, getattr(self, name))
        for name in (
            "active",
            "scores",
            "votes",
            "rotation",
            "white_deck",
            "white_discard",
            "black_deck",
            "black_used",
            "black_removed",
            "reserved",
            "rando_hand",
            "rando_trophies",
            "authors",
            "ranking",
            "eliminated",
            "turn_order",
            "nhie_table",
            "white_retired",
            "black_retired",
        ):
            setattr(twin, name, getattr(self, name)[:])
        twin.hands = [hand[:] for hand in self.hands]
        twin.trophies = [won[:] for won in self.trophies]
        twin.submissions = [None if s is None else s[:] for s in self.submissions]
        twin.bets = [None if b is None else b[:] for b in self.bets]
        twin.answers = [answer[:] for answer in self.answers]
        twin.waiting = set(self.waiting)
        twin.newcomers = set(self.newcomers)
        twin.voters = set(self.voters)
        twin.writes = dict(self.writes)
        twin.nhie_played = dict(self.nhie_played)
        twin.nhie_confessed = set(self.nhie_confessed)
        return twin
