"""Scripted Russian Bank positions: name the cards on each pile, get a state to play on.

Cards are written rank then suit letter ("7H", "10S", "AC", "KD"); a trailing ".1" takes the
card from the second pack (blue backs). Piles list bottom to top. Cards not named are left out
of the position altogether.
"""

from __future__ import annotations

import pickle

from cardtable import games
from cardtable.engine import IllegalAction
from cardtable.games.russian_bank import watch
from cardtable.games.russian_bank.deals import new_turn
from cardtable.games.russian_bank.piles import (
    CENTRE,
    DISCARD,
    HAND,
    INDEX,
    LAYOUT,
    PILE_COUNT,
    STOCK,
    TURNED,
)

GAME = games.get("russian-bank")
SUITS = "CDHS"
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def card(spec: str) -> int:
    """The id of a card written like "7H" or "QS.1"."""
    face, _, pack = spec.partition(".")
    rank = RANKS.get(face[:-1]) or int(face[:-1])
    return int(pack or 0) * 52 + SUITS.index(face[-1]) * 13 + rank - 1


def cards(specs) -> list[int]:
    return [card(spec) for spec in specs]


def position(
    options=None,
    *,
    turn: int = 0,
    layout=(),
    centre=(),
    stock=((), ()),
    stock_up=(True, True),
    hand=((), ()),
    turned=(None, None),
    discard=((), ()),
    passes=(0, 0),
):
    """A state of a new game whose piles are replaced by the given ones."""
    state = GAME.new(options, seats=2, seed=0)
    piles = state.piles = [[] for _ in range(PILE_COUNT)]
    for index, specs in enumerate(layout):
        piles[LAYOUT[index]] = cards(specs)
    for index, specs in enumerate(centre):
        piles[CENTRE[index]] = cards(specs)
    for seat in (0, 1):
        piles[STOCK[seat]] = cards(stock[seat])
        piles[HAND[seat]] = cards(hand[seat])
        piles[DISCARD[seat]] = cards(discard[seat])
        piles[TURNED[seat]] = cards([turned[seat]] if turned[seat] else [])
    every = [c for pile in piles for c in pile]
    assert len(every) == len(set(every)), "a card is named twice"
    state.stock_up = list(stock_up)
    state.passes = list(passes)
    state.turn = turn
    new_turn(state)
    watch.reset(state)
    return state


def all_cards(omni: dict) -> list[dict]:
    """Every card of the omniscient view, each once (a discard top is also its owner's)."""
    public, secret = omni["public"], omni["secret"]
    found = [c for pile in public["centre"] + public["layout"] for c in pile]
    for seat, player in enumerate(public["players"]):
        found += [player["stock"]["top"]] if player["stock"]["top"] else []
        found += [player["turned"]] if player["turned"] else []
        found += omni["seats"][str(seat)]["discard"]
        found += secret["stock"][seat] + secret["hand"][seat]
    return found


def move(state, seat: int, source: str, target: str) -> list:
    return GAME.apply(state, seat, {"type": "move", "from": source, "to": target})


def turn(state, seat: int, pile: str) -> list:
    return GAME.apply(state, seat, {"type": "turn", "pile": pile})


def refused(state, seat: int, action: dict) -> str:
    """Apply an action that must be refused; return its code. The state must not change."""
    before = pickle.dumps(state)
    try:
        GAME.apply(state, seat, action)
    except IllegalAction as error:
        assert pickle.dumps(state) == before, f"refusing {action} changed the state"
        return error.code
    raise AssertionError(f"{action} was accepted")


def top(state, pile: str):
    cards_on = state.piles[INDEX[pile]]
    return cards_on[-1] if cards_on else None


def ids(state, pile: str) -> list[int]:
    return list(state.piles[INDEX[pile]])


def move_action(source: str, target: str) -> dict:
    return {"type": "move", "from": source, "to": target}
