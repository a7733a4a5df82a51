"""A heuristic player for CSH: values Voting Power, keeps slots for what pays, Cancels the
plays that hurt most, plays Socials when they pay, and races to the Election when ahead.

It reads only its seat's view (the part of it the game calls its sight, `Csh.sight`) and legal
actions, plus the card set's public data.

The lobby's levels (`levels.py`): `easy` is this heuristic made careless, `normal` is it, and
`hard` the search bot (`search.py`) with it as rollout policy, scored by `evaluate` (which, like
every rollout, runs on a determinized world, never the real state).
"""

from __future__ import annotations

from functools import cache, cached_property

from ..engine import Game, Rng
from ..games.csh.archive import totals
from ..games.csh.catalog import (
    ALL,
    BASE_DECK_SIZE,
    CATALOG,
    DIRECTORSHIP_SIZE,
    CardType,
    Effect,
)
from ..games.csh.catchup import cards_by_position
from ..games.csh.deck import ELECTION_DEPTH, HAND_SIZE
from .levels import levels
from .search import SearchBot, pairwise_rewards

CANCEL_WORTH = 3.0  # a Cancel kept in hand
DRAW_WORTH = 1.6  # a Draw Action early in the game
CANCEL_AT = 4.5  # Cancel a play worth this much to its player
NEGATE_AT = 1.2  # Negate a play whose effect is worth this much
COUNTER_AT = 3.5  # Cancel a Cancel aimed at our own play worth this much
ATTACK_SHARE = 0.6  # what hurting one opponent is worth to us
LEADER_WEIGHT = 1.3  # plays by the leader look this much bigger


class _Table:
    """What the seat sees (its sight), arranged for quick estimates. The Archive's cards are
    indexed, and the Socials counted, only when a decision asks (most never do)."""

    def __init__(self, sight: dict, seat: int):
        public = sight["public"]
        self.public, self.you, self.seat = public, sight["you"], seat
        self.hand = {card["id"]: card for card in self.you["hand"]}
        self.seats = len(public["hands"])
        self.totals = [a["total"] for a in public["archives"]]
        self.others = [s for s in range(self.seats) if s != seat]
        self.projected = projected = self._projected(public)
        self.leader = max(self.others, key=lambda s: (projected[s], public["hands"][s]))
        self.ahead = projected[seat] > projected[self.leader]
        self.election = public["election"]["drawn"]
        self.actions_left = self._actions_left(public)
        self.future = min(1.0, self.actions_left / 8)
        self.worths: dict[str, float] = {}  # card type id -> `worth`, as each is asked

    @cached_property
    def cards(self) -> dict[int, tuple[int, int, dict]]:
        """Card id -> (seat, stack index, card dict) for every Archive card."""
        return {
            card["id"]: (owner, index, card)
            for owner, data in enumerate(self.public["archives"])
            for index, stack in enumerate(data["stacks"])
            for card in stack
        }

    @cached_property
    def socials(self) -> tuple[int, int]:
        """Face-up Socials in every Archive, and in ours."""
        every = mine = 0
        for owner, _, card in self.cards.values():
            kind = _type(card)
            if kind is not None and kind.count:
                every += 1
                mine += owner == self.seat
        return every, mine

    def _projected(self, public: dict) -> list[float]:
        """Totals as if every seat had taken as many turns as the seat on turn: the players
        still to play this round get one more turn's average gain."""
        start, current = public["start"], public["current"]
        if start is None or current is None:
            return list(self.totals)
        rounds = max(1, public["turn"] // self.seats)
        pace = sum(self.totals) / self.seats / rounds
        done = (current - start) % self.seats
        return [
            t + (pace if (s - start) % self.seats > done else 0.0)
            for s, t in enumerate(self.totals)
        ]

    def _actions_left(self, public: dict) -> float:
        """Our expected actions before the end: this turn's, our turn later in this round if it
        is still to come, and two a round after this one up to the round in which the Election
        is drawn (it lies uniformly among the bottom eleven cards, CSH-4), which ends the game
        (CSH-16). The end falls on a round's boundary, so a seat early in the turn order has
        fewer turns left than a late one: the starting player's may be his last unawares."""
        seats, seat = self.seats, self.seat
        now = public["actions"] if public["current"] == seat else 0
        start, current = public["start"] or 0, public["current"] or 0
        mine, on_turn = (seat - start) % seats, (current - start) % seats
        later = mine > on_turn
        if self.election:
            return now + 2 * later
        deck = public["deck"]
        drawn = _undealt(seats) - deck
        per_turn = max(1.0, drawn / max(1, public["turn"]))
        to_election = (deck - 1) / 2 if deck <= ELECTION_DEPTH + 1 else deck - ELECTION_DEPTH
        turns = to_election / per_turn
        # whole rounds after this one, floor((on_turn + turns) / seats), averaged over where
        # in its round the Election falls
        rounds = max(0.0, (on_turn + turns) / seats - (seats - 1) / (2 * seats))
        return now + 2 * (later + rounds)

    def stacks(self, seat: int) -> list[list[dict]]:
        return self.public["archives"][seat]["stacks"]

    def stack_vp(self, seat: int, index: int) -> int:
        return sum(c.get("vp", 0) for c in self.stacks(seat)[index])


@cache
def _undealt(seats: int) -> int:
    """The set's cards less those dealt before play, the catch-up cards (CSH-31) included: what
    the deck holds as play begins, the Election aside."""
    dealt = HAND_SIZE * seats + sum(cards_by_position(seats).values())
    return BASE_DECK_SIZE + DIRECTORSHIP_SIZE * seats - dealt


def _type(card: dict) -> CardType | None:
    """The type of a card as a view shows it; None when it is face down."""
    return CATALOG.by_id.get(card["card"]) if "card" in card else None


def _face(card: dict) -> CardType:
    """The type of a card whose face the seat sees (its hand, the top cards it was shown)."""
    return CATALOG.by_id[card["card"]]


def _effect_worth(effect: Effect, table: _Table) -> float:
    """A rough value of one effect to its player, in VP."""
    op, n, future = effect.op, max(effect.n, 1), table.future
    if effect.n == ALL:
        n = 3
    if op == "draw":
        return {"self": 0.8 * n, "target": -0.4 * n, "each": 0.2 * n}[effect.who] * future
    if op == "discard":
        return -0.4 * n if effect.who == "self" else 0.5 * n * ATTACK_SHARE
    if op in ("steal", "recover"):
        return 1.0 * n
    if op == "extra-actions":
        return 0.9 * n
    if op == "lose-actions":
        return 1.2 * n * ATTACK_SHARE
    if op == "skip-turn":
        return 2.2 * ATTACK_SHARE
    if op == "extra-turn":
        return 2.5
    if op == "return" and effect.scope == "own":
        return max(
            (_rescue_worth(table, i) for i in range(len(table.stacks(table.seat)))), default=0.0
        )
    if op == "choose-next" and table.election:
        return 0.0  # CSH-16a (docs/rules-csh.md): no effect once the Election is drawn
    if op in ("choose-next", "reorder-top", "return", "retrigger"):
        return 0.8
    if op == "mill":
        return 0.4 * n if table.ahead else -0.2 * n
    if op == "destroy":
        return 2.5 * ATTACK_SHARE
    if op == "modify-vp":
        return effect.n if effect.n > 0 else -effect.n * ATTACK_SHARE
    if op == "swap-archive":
        return 1.5
    if op == "uncancel":
        return 1.5 if any(c.get("down") for _, _, c in table.cards.values()) else 0.0
    if op == "coin":
        return (effect.heads + effect.tails) / 2
    return 0.0


def _unit_vp(table: _Table, seat: int, index: int) -> int:
    """The VP of what an effect takes off a stack: its top Directorship card, else all of it."""
    stack = table.stacks(seat)[index]
    top = _type(stack[-1])
    if len(stack) > 1 and (top is None or top.kind == "directorship"):
        return stack[-1].get("vp", 0)
    return sum(c.get("vp", 0) for c in stack)


def _rescue_worth(table: _Table, index: int) -> float:
    """Taking our own stack's top back into hand: a card to play again, less its VP."""
    return 1.0 - _unit_vp(table, table.seat, index)


STATIC_WORTH = {
    "slots": 1.5,
    "draw-bonus": 2.0,
    "base-bonus": 1.0,
    "shield": 0.5,
    "backup": 0.3,
    "upkeep-draw": 2.5,
}


def _vp_worth(kind: CardType, table: _Table) -> float:
    """The VP a card brings its player, less what it gives the others (Socials)."""
    if not kind.count:
        return kind.vp
    every, mine = table.socials
    others = (every - mine) / max(1, len(table.others))
    return every + 1 + mine - others


def worth(kind: CardType, table: _Table) -> float:
    """A card's value when played into its player's Archive, worked out once a decision (a card
    that may go to several places is weighed once)."""
    value = table.worths.get(kind.id)
    if value is None:
        value = table.worths[kind.id] = _played_worth(kind, table)
    return value


def _played_worth(kind: CardType, table: _Table) -> float:
    if kind.reaction == "cancel":
        return CANCEL_WORTH
    value = _vp_worth(kind, table) + sum(_effect_worth(e, table) for e in kind.on_enter)
    value += sum(STATIC_WORTH[op] * n for op, n in kind.static.items()) * (0.3 + table.future)
    if kind.placement == "target":
        value = -kind.vp * ATTACK_SHARE
    return value


def _hand_worth(card: dict, table: _Table) -> float:
    kind = _face(card)
    if kind.kind == "freshman":
        return 1.2
    return worth(kind, table) + (1.0 if kind.reaction else 0.0)


class HeuristicBot:
    name = "heuristic"

    def choose(self, game: Game, state, seat: int, rng: Rng) -> dict:
        legal = game.legal(state, seat)
        if len(legal) == 1:
            return legal[0]
        kind = legal[0]["type"]
        if kind == "choose-directorship":
            return rng.choice(legal)
        table = _Table(game.sight(state, seat), seat)
        if kind == "draw":
            return self._turn(legal, table)
        if kind == "pass":
            return self._react(legal, table)
        return self._choose(legal, table)

    # -- a turn -------------------------------------------------------------------------------

    def _play_value(self, action: dict, table: _Table) -> float:
        kind = _face(table.hand[action["cards"][0]])
        seat = table.seat
        if "target" in action:
            value = worth(kind, table) * (1.3 if action["target"] == table.leader else 1.0)
            if action["place"] == "top":  # blocks a stack the target could top
                value += 0.5
            return value
        value = float(len(action["cards"])) if kind.kind == "freshman" else worth(kind, table)
        place = action["place"]
        if place == "replace":
            value -= table.stack_vp(seat, action["slot"]) + 0.5
        elif place == "new":
            used = len(table.stacks(seat)) / table.public["archives"][seat]["capacity"]
            value -= 0.5 + 1.5 * used * used if kind.kind != "directorship" else 1.2 * used
        else:
            value += 0.3
        return value

    def _turn(self, legal: list[dict], table: _Table) -> dict:
        plays = [(self._play_value(a, table), a) for a in legal if a["type"] == "play"]
        spare = table.actions_left - len(table.you["hand"])  # actions our hand cannot fill
        draw = DRAW_WORTH * min(1.0, max(0.0, spare / 3))
        if table.ahead and not table.election:
            draw += 0.6  # toward the Election
        if not plays:
            return legal[0]
        value, best = max(plays, key=lambda p: p[0])
        return best if value >= draw else legal[0]

    # -- a reaction window --------------------------------------------------------------------

    def _react(self, legal: list[dict], table: _Table) -> dict:
        """Stop an opponent's play that is worth a lot (Cancel) or whose effect is (Negate,
        which also puts 1 VP in our Archive); stop a reaction aimed at a good play of ours."""
        stack = table.public["stack"]
        frame, player = stack[-1], stack[-1]["player"]
        wanted: tuple[str, ...] = ()
        if frame["reaction"]:
            aimed = stack[-2]
            if (
                aimed["player"] == table.seat
                and player != table.seat
                and self._frame_worth(aimed, table) >= COUNTER_AT
            ):
                wanted = ("negate", "cancel")
        elif player != table.seat:
            value = self._frame_worth(frame, table)
            if player == table.leader:
                value *= LEADER_WEIGHT
            if value >= CANCEL_AT:
                wanted = (
                    ("cancel", "negate")
                    if self._effect_part(frame, table) >= NEGATE_AT
                    else ("cancel",)
                )
            elif self._effect_part(frame, table) >= NEGATE_AT:
                wanted = ("negate",)
        for reaction in wanted:
            options = [
                a
                for a in legal
                if a["type"] == "react" and _face(table.hand[a["card"]]).reaction == reaction
            ]
            if options:
                return max(options, key=lambda a: self._reaction_spot(a, table))
        return legal[0]

    def _reaction_spot(self, action: dict, table: _Table) -> float:
        if action["place"] == "replace":
            return -table.stack_vp(table.seat, action["slot"])
        return 1.0 if action["place"] == "new" else 0.5

    def _frame_kind(self, frame: dict, table: _Table) -> CardType | None:
        card = frame["cards"][-1]["id"]
        found = table.cards.get(card)
        return _type(found[2]) if found else None

    def _frame_worth(self, frame: dict, table: _Table) -> float:
        kind = self._frame_kind(frame, table)
        if kind is None:
            return 0.0
        if kind.kind == "freshman":
            return float(len(frame["cards"]))
        return worth(kind, table) if kind.placement == "own" else -kind.vp

    def _effect_part(self, frame: dict, table: _Table) -> float:
        kind = self._frame_kind(frame, table)
        return sum(_effect_worth(e, table) for e in kind.on_enter) if kind else 0.0

    # -- choices ------------------------------------------------------------------------------

    def _choose(self, legal: list[dict], table: _Table) -> dict:
        choice = table.public["choice"]
        kind = legal[0]["type"]
        if kind == "choose-seat":
            return max(legal, key=lambda a: self._seat_score(a["seat"], choice, table))
        if kind == "choose-slot":
            return min(legal, key=lambda a: table.stack_vp(table.seat, a["slot"]))
        if kind == "choose-order":
            return max(legal, key=lambda a: self._order_score(a["cards"], table))
        return max(legal, key=lambda a: self._card_score(a["card"], choice, table))

    def _seat_score(self, seat: int, choice: dict, table: _Table) -> float:
        hands = table.public["hands"]
        if choice["purpose"] == "next":
            order = [(table.seat + k) % table.seats for k in range(1, table.seats)]
            skipped = order[: order.index(seat)]
            return sum(table.projected[s] + 1 for s in skipped) - 0.1 * seat
        if choice["effect"] == "swap-hands":
            return hands[seat]
        return table.projected[seat] + 0.2 * hands[seat]

    def _order_score(self, cards: list[int], table: _Table) -> float:
        seen = {c["id"]: c for c in table.you["top"]}
        seen.update({c["id"]: c for c in table.you.get("options", [])})
        score = 0.0
        for depth, card in enumerate(cards):
            kind = _face(seen[card])
            if kind.kind == "election":
                score += 10.0 if table.ahead else -10.0 * (len(cards) - depth)
                continue
            score += _hand_worth(seen[card], table) / (depth + 1)
        return score

    def _card_score(self, card: int, choice: dict, table: _Table) -> float:
        effect = choice["effect"]
        shown = {c["id"]: c for c in table.you.get("options", [])}
        if effect in ("discard-one", "steal-one", "recover-one") and card in shown:
            value = _hand_worth(shown[card], table)
            mine = choice["seat"] == table.seat and effect == "discard-one"
            return -value if mine and card in table.hand else value
        owner, index, face = table.cards[card]
        vp = _unit_vp(table, owner, index) if effect in ("return", "destroy") else face.get("vp", 0)
        rival = (table.projected[owner] + 1) * 0.05
        if effect == "modify-vp":
            if choice.get("vp", 0) > 0:
                return (owner == table.seat) * 10 - vp * 0.01
            return vp + rival if owner != table.seat else -100.0
        if effect in ("return", "destroy", "swap-second"):
            return vp + rival if owner != table.seat else -vp
        if effect == "swap-archive":
            return -vp if owner == table.seat else vp * 0.1
        if effect == "retrigger":
            kind = _type(face)
            return sum(_effect_worth(e, table) for e in kind.on_enter) if kind else 0.0
        return vp  # uncancel and the rest: the most VP back


#: What a card in hand is worth at a cut-off, in VP (it may still be played).
HAND_CARD_WORTH = 0.5
#: VP of lead that make a cut-off position about 73% won (a logistic's unit).
LEAD_SCALE = 3.0


def evaluate(game: Game, state) -> list[float]:
    """A cut-off game by each seat's Archive total (CSH-17), a card in hand counting a little."""
    scores = [
        total + HAND_CARD_WORTH * len(hand)
        for total, hand in zip(totals(state), state.hands, strict=True)
    ]
    return pairwise_rewards(scores, LEAD_SCALE)


def turn(state) -> int:
    """What the search's horizon counts the turns by."""
    return state.turn  # the turn counter


def search_bot() -> SearchBot:
    """The `hard` level: ISMCTS with heuristic rollouts, within about a second a move."""
    return SearchBot(
        HeuristicBot, evaluate, turn=turn, turns=3, iterations=100, seconds=1.0, depth=80
    )


BOTS = levels(HeuristicBot, search_bot)
