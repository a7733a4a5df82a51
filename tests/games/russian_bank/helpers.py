"""Helpers of the Russian Bank rule tests: applying actions, checking refusals, reading piles.
Positions are built with `cardtable.games.russian_bank.position`."""

from __future__ import annotations

import pickle

from cardtable import games
from cardtable.engine import IllegalAction
from cardtable.games.russian_bank.piles import INDEX

GAME = games.get("russian-bank")


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
