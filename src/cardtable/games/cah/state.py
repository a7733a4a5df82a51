"""The state of one CAH game, its phases and the reasons it ends: plain lists of card ids and
small ints, and its copy.

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

from dataclasses import dataclass, field, replace
from enum import Enum, StrEnum

from ...engine import Result, Rng
from .cards import Pool
from .options import Rules

RANDO = -1  # the author of Rando Cardrissian's answers
NO_CZAR = -1  # God Is Dead: nobody judges
NO_CARD = -1
NO_VOTE = -1


class Phase(Enum):
    SUBMIT = "submit"  # the players of the round submit their answers
    REVEAL = "reveal"  # the Czar reveals the answers one by one
    JUDGE = "judge"  # the Czar picks (or ranks, Serious Business) the answers
    VOTE = "vote"  # God Is Dead (K18): the players vote
    RUNNER_UP = "runner-up-vote"  # Happy Ending (K17 guide): a vote among the losing answers
    ELIMINATE = "eliminate"  # Survival of the Fittest (K20): the players eliminate in turn
    OVER = "over"


class Reason(StrEnum):
    """Why a game ended (its `Result.reason`), K5 and the ways cards or players run out."""

    POINTS_TARGET = "points-target"
    ROUNDS = "rounds"
    TIME_LIMIT = "time-limit"
    HAPPY_ENDING = "happy-ending"  # the haiku finale (K17) was played
    HOST_ENDED = "host-ended"
    TOO_FEW_PLAYERS = "too-few-players"
    BLACK_DECK_EXHAUSTED = "black-deck-exhausted"  # K6 endGame
    OUT_OF_BLACK_CARDS = "out-of-black-cards"  # K6 reshuffleUsed, and every card was won
    OUT_OF_WHITE_CARDS = "out-of-white-cards"  # K7: nobody can answer


@dataclass(slots=True)
class State:
    """`rules` and `pool` are immutable and shared by copies; everything else is the game's."""

    rules: Rules
    pool: Pool
    rng: Rng
    clock: float  # the latest game time an action was applied at
    end_time: float | None  # K5 time limit
    active: list[bool]  # False: the seat left the game
    hands: list[list[int]]
    scores: list[int]
    trophies: list[list[int]]  # black cards won (K11)
    submissions: list[list[int] | None]  # this round's pending answers, in reading order (K9)
    bets: list[list[int] | None]  # K19; [] once the bet's cards have become an answer
    votes: list[int]  # answer voted for, NO_VOTE
    white_deck: list[int]
    black_deck: list[int]
    reserved: list[int]  # the haiku card (K17) until its finale
    deadline: float | None = None  # the phase timer
    result: Result | None = None
    rotation: list[int] = field(default_factory=list)  # the Czar order (K4, K24)
    czar_position: int = -1  # in `rotation`
    czar: int = NO_CZAR
    white_discard: list[int] = field(default_factory=list)
    black_used: list[int] = field(default_factory=list)  # played, not won: K6 reshuffles them
    black_removed: list[int] = field(default_factory=list)  # won by the guide's Rando (K12)
    rando_hand: list[int] = field(default_factory=list)  # K12 guide
    rando_score: int = 0
    rando_trophies: list[int] = field(default_factory=list)
    round: int = 0
    void_rounds: int = 0  # K25: rounds without a winner, not counted by `rounds` (K5)
    black: int = NO_CARD
    pick: int = 1
    piles_shown: tuple[int, int] | None = None  # white deck and discard counts shown (K15)
    phase: Phase = Phase.SUBMIT
    waiting: set[int] = field(default_factory=set)  # seats due to submit
    newcomers: set[int] = field(default_factory=set)  # K24: joined during the round
    acting: frozenset[int] = frozenset()
    writes: dict[int, str] = field(default_factory=dict)  # texts written on blank cards
    answers: list[list[int]] = field(default_factory=list)  # in their shuffled order (K10)
    authors: list[int] = field(default_factory=list)  # by answer: a seat or RANDO
    revealed: int = 0
    ranking: list[int] = field(default_factory=list)  # the judged answers, winner first
    voters: set[int] = field(default_factory=set)  # seats yet to vote
    eliminated: list[int] = field(default_factory=list)  # K20
    turn_order: list[int] = field(default_factory=list)  # K20 elimination order
    finale: bool = False  # this round is the haiku finale (K17)
    nhie_table: list[int] = field(default_factory=list)  # Never Have I Ever cards read (K14)
    nhie_played: dict[int, int] = field(default_factory=dict)  # card: its reader
    nhie_confessed: set[tuple[int, int]] = field(default_factory=set)  # (card, seat)
    retired: frozenset[int] = frozenset()
    white_retired: list[int] = field(default_factory=list)
    black_retired: list[int] = field(default_factory=list)

    @property
    def seats(self) -> int:
        return len(self.active)

    def clone(self) -> State:
        return replace(
            self,
            rng=self.rng.copy(),
            active=self.active[:],
            hands=[hand[:] for hand in self.hands],
            scores=self.scores[:],
            trophies=[won[:] for won in self.trophies],
            submissions=[None if cards is None else cards[:] for cards in self.submissions],
            bets=[None if cards is None else cards[:] for cards in self.bets],
            votes=self.votes[:],
            white_deck=self.white_deck[:],
            black_deck=self.black_deck[:],
            reserved=self.reserved[:],
            rotation=self.rotation[:],
            white_discard=self.white_discard[:],
            black_used=self.black_used[:],
            black_removed=self.black_removed[:],
            rando_hand=self.rando_hand[:],
            rando_trophies=self.rando_trophies[:],
            waiting=set(self.waiting),
            newcomers=set(self.newcomers),
            writes=dict(self.writes),
            answers=[answer[:] for answer in self.answers],
            authors=self.authors[:],
            ranking=self.ranking[:],
            voters=set(self.voters),
            eliminated=self.eliminated[:],
            turn_order=self.turn_order[:],
            nhie_table=self.nhie_table[:],
            nhie_played=dict(self.nhie_played),
            nhie_confessed=set(self.nhie_confessed),
            white_retired=self.white_retired[:],
            black_retired=self.black_retired[:],
        )


def fresh(rules: Rules, pool: Pool, rng: Rng, seats: int, clock: float) -> State:
    """A game before its deal: every card in its deck, the haiku card reserved (K17)."""
    return State(
        rules=rules,
        pool=pool,
        rng=rng,
        clock=clock,
        end_time=None if rules.time_limit is None else clock + rules.time_limit,
        active=[True] * seats,
        hands=[[] for _ in range(seats)],
        scores=[0] * seats,
        trophies=[[] for _ in range(seats)],
        submissions=[None] * seats,
        bets=[None] * seats,
        votes=[NO_VOTE] * seats,
        white_deck=pool.deck_whites(),
        black_deck=pool.deck_blacks(),
        reserved=[pool.haiku],
    )
