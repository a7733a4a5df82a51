"""What each seat may see (RB-15, RB-16, F2, F3).

Public: the rules in force, the match tallies, the turn, when the time for the next move runs
out (`deadline`, in game time), the centre and the layout (fanned), each stock's count and its
top when face up, hand counts, turned cards, and each discard pile's count and top card (all
of it while its owner spreads it). Own: your whole discard pile in order, the stop you
may call, and (game.py adds it) what you may do now, `can` (affordances.py). Secret: face-down
stock cards and the hands, in order, which not even their owner may look at (F2). A stock's
face-up cards under its top are squared away too. Piles list bottom to top.
"""

from __future__ import annotations

from .cards import card_json
from .deals import cut_faces
from .piles import CENTRE, DISCARD, HAND, LAYOUT, STOCK, TURNED
from .state import State
from .stops import stop_actions
from .timers import deadline

RULE_OPTIONS = (
    "mode",
    "strictStockToCentreFirst",
    "stockFillsSpaces",
    "ownWasteAvailable",
    "stalemateDifferenceScoring",
    "deals",
    "target",
)


def cards(pile: list[int]) -> list[dict]:
    return [card_json(card) for card in pile]


def top(pile: list[int]) -> dict | None:
    return card_json(pile[-1]) if pile else None


def public_view(state: State) -> dict:
    piles = state.piles
    return {
        "rules": {name: state.options[name] for name in RULE_OPTIONS},
        "deal": state.deal_no,
        "points": list(state.points),
        "history": [record.to_json() for record in state.history],
        "first": state.first,
        "cut": cut_faces(state),
        "turn": state.turn,
        "turn_state": {
            "turned": state.t_turned,
            "changed": state.t_changed,
            "looks": state.t_looks,
            "offered_draw": state.t_offered,
        },
        "draw_offer": state.draw_offer,
        "deadline": deadline(state),
        "centre": [cards(piles[pile]) for pile in CENTRE],
        "layout": [cards(piles[pile]) for pile in LAYOUT],
        "players": [seat_public(state, seat) for seat in (0, 1)],
    }


def seat_public(state: State, seat: int) -> dict:
    piles = state.piles
    stock, discard = piles[STOCK[seat]], piles[DISCARD[seat]]
    return {
        "stock": {"count": len(stock), "top": top(stock) if state.stock_up[seat] else None},
        "hand": {"count": len(piles[HAND[seat]])},
        "turned": top(piles[TURNED[seat]]),
        "discard": {
            "count": len(discard),
            "top": top(discard),
            "spread": cards(discard) if state.spread[seat] else None,
        },
        "passes": state.passes[seat],
    }


def seat_view(state: State, seat: int) -> dict:
    window = state.window
    stop = window.rule if window is not None and stop_actions(state, seat) else None
    return {"seat": seat, "discard": cards(state.piles[DISCARD[seat]]), "stop": stop}


def secret_view(state: State) -> dict:
    piles = state.piles

    def hidden_stock(seat: int) -> list[dict]:
        stock = piles[STOCK[seat]]
        return cards(stock[:-1] if state.stock_up[seat] else stock)

    return {
        "stock": [hidden_stock(seat) for seat in (0, 1)],
        "hand": [cards(piles[HAND[seat]]) for seat in (0, 1)],
    }
