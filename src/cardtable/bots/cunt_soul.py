"""Bots for `cunt-soul`: `heuristic` is a set of rules of thumb (`RulesOfThumb`) checked by a
short look-ahead in sampled deals of the hidden cards (`HeuristicBot`).

The rules shed the lowest ordinary cards first and several at once, keep 3s, 2s, 10s and
Jokers for when they are needed, burn big piles, play 8s and Js at once for tempo (a J names
the player just before it, so everyone else waits), avoid Qs they cannot follow up, run 4s as
far as they go, aim 7s, the 7-field and its plays at a next player who has only face-up cards
left, and use field changes to escape a pile they cannot answer, to take the J-field, or to
trade a strong field card back into the hand. The look-ahead tries the rules' cheapest plays
in deals built from what we know (`determinize`: our view, and the picked-up piles and other
cards everyone saw go into a hand that still holds them) and keeps the one that leaves us best
placed a fixed number of table turns on, so plays that win tempo (skips, burns, a named player)
are credited with the turns they gain.

The rules see only `game.view(state, seat)` and `game.legal(state, seat)`; the look-ahead
also what every player at the table saw (`determinize`), never a hidden card.

The lobby's levels (`levels.py`): `easy` is the rules of thumb made careless, `normal` the
heuristic, and `hard` the search bot (`search.py`) with the rules of thumb as rollout policy,
scored by `evaluate`.
"""

from __future__ import annotations

from itertools import combinations

from ..engine import Game, Rng, play_out
from ..games.cunt_soul.determinize import determinize
from ..games.cunt_soul.state import Decision, Phase
from .levels import levels
from .search import SearchBot, pairwise_rewards

QUEEN, ACE = 12, 14
JOKER = 0
#: What may go on a Q (with no fields in the way): Q, K, A, the overrulers and Jokers.
FOLLOW_A_QUEEN = frozenset({QUEEN, 13, ACE, 2, 6, 7, 10, JOKER})
#: How much a card is worth keeping: ordinary ranks by their height, then the overrulers.
KEEP = {8: 1, 11: 1, 3: 60, 2: 80, 6: 45, 7: 50, 10: 90, JOKER: 100}
#: Face-up cards are played late, with no hand to fall back on: the best go there.
FACE_UP_PREFERENCE = {JOKER: 100, 10: 90, 2: 85, ACE: 70, 7: 60, 13: 55, 6: 50}
#: Fields worth giving away (the field card never has to be played): harmless ranks first.
FIELD_PREFERENCE = {11: 50, 3: 9, 5: 8, 8: 7, 9: 5, 13: 4, 12: 3, ACE: 2, 4: 1}
#: A pile this big is worth a 10 (it burns, and we play again).
BIG_PILE = 6
#: What a Q costs when a plain K or A can follow it: two plays in one turn.
CHEAP_QUEEN = 1
#: A play the next player cannot answer from his face-up cards (his last) is this much cheaper.
BLOCK = 60
#: Taking a field card back is worth it when the hand gains at least this much.
TRADE_GAIN = 20
#: Face-up cards of one rank go down in one turn: worth this much per rank saved.
SAME_RANK_FACE_UP = 40
STUCK = 1000
#: A field change is tried only when the best play would give away a card worth this much.
ESCAPE_WORTH = 45
#: The look-ahead: plays tried per decision, sampled deals per play, and decisions per rollout
#: at most.
CANDIDATES, ROLLOUTS, DEPTH = 4, 16, 120
#: A rollout stops as our first turn begins once this many table turns have passed: counted in
#: table turns, not ours, so the turns a skip, a burn or a named player gain us count.
HORIZON = 8
#: What a 2, 10 or Joker still in hand at the end of a rollout is worth, in cards held.
QUALITY = 0.7
RANK_OF_NAME = {
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": ACE,
    "Joker": JOKER,
    "table": 1,
    **{str(n): n for n in range(2, 11)},
}


def printed(card: dict) -> int:
    return ACE if card["rank"] == 1 else card["rank"]


def keep_value(rank: int, reverse: bool = False) -> int:
    """How much we would rather keep a card: overrulers and tempo cards as set in KEEP, the
    others by how hard they are to play later (low ones first, high ones first under a
    K-field's reversed order)."""
    if rank in KEEP:
        return KEEP[rank]
    return ACE + 2 - rank if reverse else rank


class RulesOfThumb:
    """The fixed policy: the search's move ordering and its own moves inside rollouts."""

    name = "rules-of-thumb"

    def choose(self, game: Game, state, seat: int, rng: Rng) -> dict:
        self.seat = seat
        legal = game.legal(state, seat)
        if len(legal) == 1:
            return legal[0]
        view = game.view(state, seat)
        kind = legal[0]["type"]
        if kind == "select":
            return self.select(view)
        if kind == "direction":
            return self.direction(view)
        if kind == "choose":
            return self.name_player(view, legal)
        if any(move["type"] in ("swap", "peek", "keep") for move in legal):
            # The 5: strong cards already sit face up, so the hand keeps what it has.
            return next(m for m in legal if m["type"] in ("no-swap", "keep"))
        if any(move["type"] == "end-run" for move in legal):
            return self.run(view, legal)
        return self.play(view, legal, rng)

    # -- the opening ------------------------------------------------------------------------

    def select(self, view: dict) -> dict:
        """Strong cards face up (they are played with no hand to fall back on), and better
        still cards of one rank, which go down together in one turn; the field card is one we
        are glad not to have to play."""
        hand = view["you"]["hand"]

        def face_up_worth(cards) -> int:
            distinct = len({printed(card) for card in cards})
            preference = sum(FACE_UP_PREFERENCE.get(printed(card), 0) for card in cards)
            return preference + SAME_RANK_FACE_UP * (3 - distinct)

        face_up = max(combinations(hand, 3), key=face_up_worth)
        rest = [card for card in hand if card not in face_up]
        field = max(rest, key=lambda c: (FIELD_PREFERENCE.get(printed(c), 0), -c["id"]))
        face_up_ids = sorted(c["id"] for c in face_up)
        return {"type": "select", "face_up": face_up_ids, "field": field["id"]}

    # -- plays ------------------------------------------------------------------------------

    def play(self, view: dict, legal: list[dict], rng: Rng) -> dict:
        ranks = self.known_ranks(view)
        plays = [m for m in legal if m["type"] == "play"]
        blind = [m for m in legal if m["type"] == "play-blind"]
        if blind:
            return rng.choice(blind)
        best = min(plays, key=self.cost_of(view, ranks)) if plays else legal[-1]
        changes = [m for m in legal if m["type"] == "field-change"]
        if changes and "J" not in view["public"]["fields"]["ranks"]:
            to_jack = [m for m in changes if ranks[m["card"]] == 11]
            if to_jack:  # the J-field: we name who moves after every one of our turns
                return min(to_jack, key=lambda m: FACE_UP_PREFERENCE.get(ranks[m["burn"]], 0))
        if changes:
            stuck_cost = self.cost_of(view, ranks)(best)[0] if plays else STUCK
            escape = self.escape(view, changes, ranks, stuck_cost)
            if escape is not None:
                return escape
            trade = self.trade_up(view, changes, ranks)
            if trade is not None:
                return trade
        return best

    def trade_up(self, view: dict, changes: list[dict], ranks: dict[int, int]):
        """Take a strong field card back into the hand for a weak hand card, burning our
        weakest face-up card for a fresh one."""
        old = printed(view["public"]["seats"][self.seat]["field"])

        def gain(move: dict) -> int:
            new = ranks[move["card"]]
            if new in (4, JOKER):
                return 0  # no-multiples and no-abilities fields hurt us most
            burned = FACE_UP_PREFERENCE.get(ranks[move["burn"]], 0)
            return keep_value(old) - keep_value(new) - burned

        best = max(changes, key=gain)
        return best if gain(best) >= TRADE_GAIN else None

    def cost_of(self, view: dict, ranks: dict[int, int]):
        """How much a play costs us: the worth of the cards it gives away."""
        pile_size = sum(len(play["cards"]) for play in view["public"]["pile"])

        held = [ranks[card["id"]] for card in view["you"]["hand"]] or [
            printed(slot["card"])
            for slot in view["public"]["seats"][self.seat]["face_up"]
            if slot["card"] is not None
        ]
        on_top = self.same_rank_on_top(view, ranks)
        exposed = self.exposed(view)
        fields = self.field_counts(view)
        reverse = view["public"]["fields"]["reverse_order"]

        pile = view["public"]["pile"]
        copied = RANK_OF_NAME.get(pile[-1]["power"]) if pile and pile[-1]["power"] else None

        def cost(move: dict) -> tuple:
            rank = ranks[move["cards"][0]]
            value = keep_value(rank, reverse)
            if rank == 6 and copied in (8, 11):
                value = keep_value(copied)  # a 6 that copies a skip or a J is a tempo card
            if exposed and not self.answerable(fields, rank, exposed):
                value -= BLOCK  # the next player shows all he has left, and none of it fits
            if rank == 10 and pile_size >= BIG_PILE:
                value = 0  # a big pile is worth a 10: it burns, and we play again
            if on_top[0] == rank and on_top[1] + len(move["cards"]) >= 4:
                value = 0  # four of a kind burns too
            if rank == QUEEN:
                follow_up = self.queen_follow_up(held, len(move["cards"]))
                if follow_up is None:
                    value += STUCK  # a Q we cannot follow up means picking up the pile
                elif keep_value(follow_up) <= ACE:
                    value = CHEAP_QUEEN  # a Q and a plain K or A: two plays in one turn
            return (value, -len(move["cards"]))  # at equal cost, shed the most cards

        return cost

    def escape(self, view: dict, changes: list[dict], ranks: dict[int, int], now: int):
        """A field change that turns the pile's order our way when we are stuck, or down to
        cards we would rather keep: a K-field reverses it, a 9-field flattens 2-9, a 2-field or
        Joker-field takes overrules away, and so on."""
        public = view["public"]
        constraint = public["constraint"]
        if constraint["kind"] != "order" or now < ESCAPE_WORTH:
            return None
        top = RANK_OF_NAME[constraint["value"]]
        counts = {RANK_OF_NAME[name]: n for name, n in public["fields"]["ranks"].items()}
        old = printed(public["seats"][self.seat]["field"])
        held = [ranks[card["id"]] for card in view["you"]["hand"]]
        best, best_cost = None, now
        for move in changes:
            new = ranks[move["card"]]
            fields = dict(counts)
            fields[old] -= 1
            fields[new] = fields.get(new, 0) + 1
            hand = list(held)
            hand.remove(new)
            hand.append(old)
            playable = [r for r in hand if self.allowed(fields, top, r)]
            cost = min((keep_value(r) for r in playable), default=STUCK)
            worth = FACE_UP_PREFERENCE.get(ranks[move["burn"]], 0)
            if (cost, worth) < (best_cost, 1000 if best is None else best[1]):
                best, best_cost = (move, worth), cost
        return None if best is None else best[0]

    @staticmethod
    def allowed(fields: dict[int, int], top: int, rank: int) -> bool:
        """The order part of the legality check, for field counts by rank."""
        if rank == JOKER:
            return True
        joker, two = fields.get(JOKER, 0) > 0, fields.get(2, 0) > 0
        if not joker and (rank == 2 or (rank in (6, 7, 10) and not two)):
            return True
        if fields.get(9, 0) > 0:
            rank, top = max(rank, 9), max(top, 9)
        return rank <= top if fields.get(13, 0) % 2 else rank >= top

    def run(self, view: dict, legal: list[dict]) -> dict:
        steps = [m for m in legal if m["type"] in ("play", "play-blind")]
        if not steps:
            return {"type": "end-run"}
        return max(steps, key=lambda m: len(m.get("cards", ())))

    def next_seat(self, view: dict) -> int:
        """The player who moves after us by default."""
        public = view["public"]
        step = 1 if public["turn"]["direction"] == "clockwise" else -1
        seat = (self.seat + step) % len(public["seats"])
        while public["seats"][seat]["place"] is not None:
            seat = (seat + step) % len(public["seats"])
        return seat

    @staticmethod
    def same_rank_on_top(view: dict, ranks: dict[int, int]) -> tuple[int | None, int]:
        """The printed rank of the pile's top cards and how many of it lie in a row."""
        cards = [printed(c) for play in view["public"]["pile"] for c in play["cards"]]
        if not cards:
            return None, 0
        count = 0
        for rank in reversed(cards):
            if rank != cards[-1]:
                break
            count += 1
        return cards[-1], count

    @staticmethod
    def queen_follow_up(held: list[int], queens_played: int) -> int | None:
        """The cheapest card we could put on our own Q, if any."""
        rest = list(held)
        for _ in range(queens_played):
            if QUEEN in rest:
                rest.remove(QUEEN)
        options = [rank for rank in rest if rank in FOLLOW_A_QUEEN]
        return min(options, key=keep_value) if options else None

    @staticmethod
    def known_ranks(view: dict) -> dict[int, int]:
        ranks = {card["id"]: printed(card) for card in view["you"]["hand"]}
        for seat in view["public"]["seats"]:
            for slot in seat["face_up"]:
                if slot["card"] is not None:
                    ranks[slot["card"]["id"]] = printed(slot["card"])
        return ranks

    # -- choices ----------------------------------------------------------------------------

    def direction(self, view: dict) -> dict:
        """Send the next player where his face-up cards cannot follow, when his hand is empty;
        else towards the side with fewer ranks."""
        public = view["public"]
        value = (
            7
            if public["turn"]["decision"] == "seven"
            else RANK_OF_NAME[public["pile"][-1]["value"]]
        )
        exposed = [rank for rank in self.exposed(view) if rank != JOKER]
        for direction in ("higher", "lower"):
            fits = [r for r in exposed if (r >= value if direction == "higher" else r <= value)]
            if exposed and not fits:
                return {"type": "direction", "direction": direction}
        return {"type": "direction", "direction": "higher" if value >= 8 else "lower"}

    def exposed(self, view: dict) -> list[int]:
        """The next player's face-up ranks, if his hand is empty: all he can play from."""
        following = view["public"]["seats"][self.next_seat(view)]
        if following["hand"]:
            return []
        return [printed(slot["card"]) for slot in following["face_up"] if slot["card"] is not None]

    @staticmethod
    def field_counts(view: dict) -> dict[int, int]:
        return {RANK_OF_NAME[name]: n for name, n in view["public"]["fields"]["ranks"].items()}

    def answerable(self, fields: dict[int, int], rank: int, exposed: list[int]) -> bool:
        """Whether any of these ranks may go on a play of `rank` (roughly: its order, a 3's
        demand, a 9's anything; a 7 is answerable only if both directions are)."""
        if JOKER in exposed or rank in (9, 10, JOKER) or fields.get(JOKER, 0):
            return True
        if rank == 3:
            return 3 in exposed
        if rank == 7:
            return any(r >= 7 for r in exposed) and any(r <= 7 for r in exposed)
        return any(self.allowed(fields, rank, r) for r in exposed)

    def name_player(self, view: dict, legal: list[dict]) -> dict:
        """Name the player just before us: everyone else waits, and we move after him."""
        public = view["public"]
        seats = len(public["seats"])
        step = -1 if public["turn"]["direction"] == "clockwise" else 1
        named = {move["seat"]: move for move in legal}
        seat = (self.seat + step) % seats
        while seat not in named:
            seat = (seat + step) % seats
        return named[seat]


class HeuristicBot:
    """The rules of thumb, checked by look-ahead: at the start of a turn with a real choice,
    the best few plays (by the rules' cost) are each tried in sampled deals of the hidden cards
    (`determinize`), with random opponents, for about two rounds (HORIZON table turns); the
    play that leaves us holding the fewest cards (a 2, 10 or Joker kept counting for less) on
    average is chosen."""

    name = "heuristic"

    def __init__(self, candidates: int = CANDIDATES, rollouts: int = ROLLOUTS):
        self.rules = RulesOfThumb()
        self.candidates = candidates
        self.rollouts = rollouts

    def choose(self, game: Game, state, seat: int, rng: Rng) -> dict:
        legal = game.legal(state, seat)
        guess = self.rules.choose(game, state, seat, rng)
        candidates = self.candidates_for(game, state, seat, legal, guess)
        if len(candidates) < 2:
            return guess
        search = Rng(rng.getrandbits(64))
        totals = [0.0] * len(candidates)
        for _ in range(self.rollouts):
            sample = determinize(state, seat, search)
            seed = search.getrandbits(64)  # the same opponents' luck for every candidate
            for index, move in enumerate(candidates):
                totals[index] += self.rollout(game, sample.clone(), seat, move, Rng(seed))
        return candidates[max(range(len(candidates)), key=totals.__getitem__)]

    def candidates_for(self, game: Game, state, seat: int, legal: list[dict], guess: dict):
        """The moves worth trying at the start of a turn or a Q's follow-up: the cheapest plays
        by the rules' cost, with the rules' own choice (it may be a field change). Other
        decisions (turn order, directions, swaps, runs) are left to the rules."""
        plays = [m for m in legal if m["type"] == "play"]
        if len(plays) < 2 or any(m["type"] == "end-run" for m in legal):
            return []
        view = game.view(state, seat)
        plays.sort(key=self.rules.cost_of(view, self.rules.known_ranks(view)))
        candidates = plays[: self.candidates]
        if guess not in candidates:
            candidates.append(guess)
        return candidates

    def rollout(self, game: Game, sample, seat: int, move: dict, rng: Rng) -> float:
        """Play `move`, then on (our rules, random opponents) until our first turn after
        HORIZON table turns; score it."""
        start = sample.turn.number
        game.apply(sample, seat, move)

        def choose(position, acting: frozenset[int]) -> tuple[int, dict] | None:
            mover = min(acting)
            if mover != seat:
                return mover, game.random_action(position, mover, rng)
            if position.turn.number - start >= HORIZON and position.decision == Decision.TURN:
                return None
            return seat, self.rules.choose(game, position, seat, rng)

        play_out(game, sample, choose, max_steps=DEPTH, clock=None)
        return score(game, sample, seat)


def score(game: Game, sample, seat: int) -> float:
    """How well placed we are: finished early is best; else fewer cards to shed, counting a
    pile we cannot answer as already picked up."""
    if seat in sample.places:
        return 100.0 - 10 * sample.places.index(seat)
    held = (
        len(sample.hands[seat])
        + sum(card is not None for card in sample.face_up[seat])
        + sum(card is not None for card in sample.face_down[seat])
    )
    due = sample.phase == Phase.PLAY and seat == sample.current and sample.decision == Decision.TURN
    if due and not any(m["type"] in ("play", "play-blind") for m in game.legal(sample, seat)):
        held += sum(len(play.cards) for play in sample.pile)
    strong = sum(sample.ranks[card] in (2, 10, JOKER) for card in sample.hands[seat])
    return QUALITY * strong - held


#: Cards held that make a cut-off position about 73% better than a rival's (a logistic's unit).
HELD_SCALE = 3.0


def evaluate(game: Game, state) -> list[float]:
    """A cut-off game by each seat's `score` (cards still to shed, a pile it cannot answer
    counted as picked up; finished seats by their place)."""
    return pairwise_rewards([score(game, state, seat) for seat in range(state.seats)], HELD_SCALE)


def turn(state) -> int:
    """What the search's horizon counts the turns by."""
    return state.turn.number


def candidates(game: Game, state, seat: int) -> list[dict]:
    """The moves the search weighs: at the start of a turn, the heuristic's candidates (the
    cheapest plays by the rules' cost, and the rules' own choice); elsewhere every legal move.
    """
    heuristic = HeuristicBot()
    # the rules draw on their generator only for a blind play, where there are no candidates
    guess = heuristic.rules.choose(game, state, seat, Rng(0))
    legal = game.legal(state, seat)
    return heuristic.candidates_for(game, state, seat, legal, guess) or legal


def search_bot() -> SearchBot:
    """The `hard` level: ISMCTS among the heuristic's candidates, with the rules of thumb as
    rollouts (the heuristic's own look-ahead is too slow to roll out), playing the heuristic's
    move unless the search is sure of a better one, within about a second a move."""
    return SearchBot(
        RulesOfThumb,
        evaluate,
        prior=HeuristicBot,
        moves=candidates,
        turn=turn,
        turns=4,
        iterations=100,
        seconds=1.0,
        depth=80,
    )


BOTS = levels(HeuristicBot, search_bot, careless=RulesOfThumb)
