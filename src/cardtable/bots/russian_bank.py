"""Russian Bank bots: `heuristic`, which plays from the public view and its legal actions only.

It calls Stop whenever the opponent errs (RB-13), declines draws, plays to the centre first
(stock, then turned card, then layout: this also meets D5), turns its stock before its hand,
gets rid of its own cards (loading the opponent, then building, then into spaces), loads the
opponent from the layout, rearranges the layout only to reach the centre or to make room for
its stock or turned card, and otherwise turns up or discards its hand card (or, with only its
stock left, declares its turn done). It keeps the order
of play of classic mode: no tableau change after two looks (S3), and the compelled cards of
RB-21 are always among the cards it plays.

The lobby's levels (`levels.py`): `easy` is this heuristic made careless, `normal` is it, and
`hard` the search bot (`search.py`) with it as rollout policy, scored by `evaluate`.
"""

from __future__ import annotations

from ..engine import Game, Rng
from ..games.russian_bank.legal import on_turn, turn_plays
from ..games.russian_bank.piles import STOCK
from .levels import levels
from .search import PairedSearchBot, SearchBot, pairwise_rewards

PLAIN_STOP = {"type": "stop"}
END_TURN = {"type": "end-turn"}
ASIDES = ("resign", "offer-draw", "spread", "square")


def pile(name: str) -> tuple[str, int]:
    kind, index = name.split(":")
    return kind, int(index)


class Position:
    """The public view, read for the few facts the heuristic needs about `seat`."""

    def __init__(self, view: dict, seat: int):
        public = view["public"]
        self.seat = seat
        self.me = public["players"][seat]
        self.layout = public["layout"]
        self.centre_tops = [cards[-1] for cards in public["centre"] if cards]
        self.looks = public["turn_state"]["looks"]
        self.waste_available = public["rules"]["ownWasteAvailable"]

    def centre_wants(self, card: dict) -> bool:
        return card["rank"] == 1 or any(
            top["suit"] == card["suit"] and top["rank"] == card["rank"] - 1
            for top in self.centre_tops
        )

    def is_space(self, name: str) -> bool:
        kind, index = pile(name)
        return kind == "layout" and not self.layout[index]

    def spaces(self) -> int:
        return sum(1 for cards in self.layout if not cards)

    def may_use_space(self, source: str) -> bool:
        """The stock top always may; a hand card only when spaces are plenty or it must move."""
        if source == f"stock:{self.seat}":
            return True
        return self.me["stock"]["count"] == 0 or self.spaces() > 1 or self.me["passes"] >= 3


def fits_build(card: dict, target: dict) -> bool:
    red = card["suit"] in ("diamonds", "hearts")
    target_red = target["suit"] in ("diamonds", "hearts")
    return red != target_red and target["rank"] == card["rank"] + 1


class HeuristicBot:
    name = "heuristic"

    def choose(self, game: Game, state, seat: int, rng: Rng) -> dict:
        legal = game.legal(state, seat)
        # the public view is all it reads: a spectator's view (seat None), without the
        # affordances a seat's view works out, which would cost it more than its choice
        position = Position(game.view(state, None), seat)
        for rule in (
            self.stop,
            self.answer_draw,
            self.to_centre,
            self.turn_stock,
            self.own_cards,
            self.tableau,
            self.turn_hand,
            self.discard,
            self.declare_done,
        ):
            action = rule(position, legal)
            if action is not None:
                return action
        return next(a for a in legal if a["type"] not in ASIDES)

    # -- each rule returns an action or None --------------------------------------------------

    def stop(self, position: Position, legal: list[dict]) -> dict | None:
        stops = [a for a in legal if a["type"] == "stop"]
        if not stops:
            return None
        if PLAIN_STOP in stops:
            return dict(PLAIN_STOP)  # never help the offender get rid of a card

        def cost(action: dict) -> int:  # where the offender's compelled card hurts us least
            kind, owner = pile(action["to"])
            if kind == "centre":
                return 0
            if kind == "layout":
                return 2 if position.is_space(action["to"]) else 1
            return 3 if owner == position.seat else 1

        return min(stops, key=cost)

    def answer_draw(self, position: Position, legal: list[dict]) -> dict | None:
        return {"type": "decline-draw"} if {"type": "decline-draw"} in legal else None

    def to_centre(self, position: Position, legal: list[dict]) -> dict | None:
        seat = position.seat
        order = {f"stock:{seat}": 0, f"turned:{seat}": 1, f"discard:{seat}": 2}
        moves = [a for a in legal if a["type"] == "move" and a["to"].startswith("centre:")]
        return min(moves, key=lambda a: order.get(a["from"], 3)) if moves else None

    def turn_stock(self, position: Position, legal: list[dict]) -> dict | None:
        action = {"type": "turn", "pile": f"stock:{position.seat}"}
        return action if action in legal else None

    def own_cards(self, position: Position, legal: list[dict]) -> dict | None:
        seat = position.seat
        sources = [f"stock:{seat}", f"turned:{seat}"]
        if position.waste_available:
            sources.append(f"discard:{seat}")
        moves = [
            a
            for a in legal
            if a["type"] == "move"
            and a["from"] in sources
            and a["to"] != f"discard:{seat}"
            and (not position.is_space(a["to"]) or position.may_use_space(a["from"]))
        ]

        def rank(action: dict) -> tuple[int, int]:
            target = action["to"]
            where = 2 if position.is_space(target) else 1 if target.startswith("layout:") else 0
            return sources.index(action["from"]), where

        return min(moves, key=rank) if moves else None

    def tableau(self, position: Position, legal: list[dict]) -> dict | None:
        if position.looks >= 2:
            return None  # S3: no tableau change after turning up two cards
        moves = [a for a in legal if a["type"] == "move" and a["from"].startswith("layout:")]
        loads = [a for a in moves if not a["to"].startswith("layout:")]
        if loads:
            return loads[0]
        builds = [a for a in moves if not position.is_space(a["to"])]
        for action in builds + [a for a in moves if a not in builds]:
            if self.uncovers_centre_card(position, action):
                return action
        for action in builds:
            if self.makes_room(position, legal, action):
                return action
        return None

    def uncovers_centre_card(self, position: Position, action: dict) -> bool:
        cards = position.layout[pile(action["from"])[1]]
        return len(cards) > 1 and position.centre_wants(cards[-2])

    def makes_room(self, position: Position, legal: list[dict], action: dict) -> bool:
        """The move empties a pile, or uncovers one, for a stock or turned card with no place."""
        cards = position.layout[pile(action["from"])[1]]
        for card in self.homeless(position, legal):
            if len(cards) == 1 and position.may_use_space(card[0]):
                return True
            if len(cards) > 1 and fits_build(card[1], cards[-2]):
                return True
        return False

    def homeless(self, position: Position, legal: list[dict]) -> list[tuple[str, dict]]:
        seat = position.seat
        found = []
        stock = position.me["stock"]["top"]
        if stock is not None:
            found.append((f"stock:{seat}", stock))
        turned = position.me["turned"]
        if turned is not None:
            found.append((f"turned:{seat}", turned))
        played = {a["from"] for a in legal if a["type"] == "move" and a["to"] != f"discard:{seat}"}
        return [(source, card) for source, card in found if source not in played]

    def turn_hand(self, position: Position, legal: list[dict]) -> dict | None:
        action = {"type": "turn", "pile": f"hand:{position.seat}"}
        return action if action in legal else None

    def discard(self, position: Position, legal: list[dict]) -> dict | None:
        seat = position.seat
        action = {"type": "move", "from": f"turned:{seat}", "to": f"discard:{seat}"}
        return action if action in legal else None

    def declare_done(self, position: Position, legal: list[dict]) -> dict | None:
        return dict(END_TURN) if END_TURN in legal else None


#: A card in the stock weighs this much more than one in the hand or discards: it comes out
#: only one at a time, from the top.
STOCK_WEIGHT = 1.5
#: Cards of lead that make a cut-off position about 73% won (a logistic's unit).
LEAD_SCALE = 4.0


def evaluate(game: Game, state) -> list[float]:
    """A cut-off deal by the cards each seat still has to get rid of (RB-12), stock cards
    weighing more, and the match points already won (RB-18)."""
    left = [
        state.holds(seat) + (STOCK_WEIGHT - 1) * len(state.piles[STOCK[seat]]) for seat in (0, 1)
    ]
    lead = [state.points[seat] - left[seat] for seat in (0, 1)]
    return pairwise_rewards(lead, LEAD_SCALE)


def plays(game: Game, state, seat: int) -> list[dict]:
    """The moves the search weighs: the legal ones but the asides (resigning, offering a
    draw, spreading or squaring discards), which no search line gains by, and the plays out
    of order (RB-13), which the opponent may stop (and the heuristic always does), unless
    every play is one. The order of play is judged from what the seat sees (order.py)."""
    legal = [action for action in game.legal(state, seat) if action["type"] not in ASIDES]
    if not on_turn(state, seat):
        return legal  # stop calls, or answering a draw offer
    faults = [action for action, error in turn_plays(state, seat, judged=True) if error]
    clean = [action for action in legal if action not in faults]
    return clean or legal


def turn(state) -> int:
    """What the search's horizon counts the turns by."""
    return state.turn  # whose turn it is


def search_bot() -> SearchBot:
    """The `hard` level: the heuristic's rollouts to the start of our turn after next (two
    rounds: within one, the heuristic's moves are hardly ever beaten), compared in pairs over
    sampled stock and hand orders (`PairedSearchBot`), within a second a move."""
    return PairedSearchBot(
        HeuristicBot,
        evaluate,
        moves=plays,
        turn=turn,
        turns=4,
        iterations=300,
        seconds=0.8,
        depth=150,
        confidence=2.0,
    )


BOTS = levels(HeuristicBot, search_bot)
