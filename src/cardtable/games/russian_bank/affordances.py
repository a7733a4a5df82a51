"""What a seat may do now, compactly (`you.can`), and its expansion into legal actions.

Built from legal.py's pieces (`turn_plays`, `side_actions`) and stops.py's `stop_actions`, so
no rule is written twice. Piles are the wire ids of piles.py. The shape (docs/views/
russian-bank.md):

    moves       {from: [{"to": pile, "stop": rule | null}]}: each source pile's top card and
                the piles it may go to; `stop` names the error (RB-13 S1 to S4) the play would
                commit in classic mode, which the opponent may stop (always null in assisted
                mode, which refuses errors, RB-22)
    turn        {pile: {"stop": rule | null}}: the own stock or hand pile to turn a card from
    end_turn    {"stop": rule | null} | null: declaring the turn done (only the stock left)
    stop        {"plain": bool, "forced": [{"from", "to"}]} | null: the Stop! calls open (the
                plain call, and the plays a call may require, RB-13, RB-21)
    answer_draw, offer_draw, spread, square, resign    bool
"""

from __future__ import annotations

from .legal import on_turn, side_actions, turn_plays
from .state import Phase, State
from .stops import stop_actions


def affordances(state: State, seat: int) -> dict:
    moves: dict[str, list[dict]] = {}
    turn: dict[str, dict] = {}
    end_turn = None
    plays = turn_plays(state, seat, judged=True) if on_turn(state, seat) else []
    for action, error in plays:
        judged = {"stop": error}
        if action["type"] == "move":
            moves.setdefault(action["from"], []).append({"to": action["to"], **judged})
        elif action["type"] == "turn":
            turn[action["pile"]] = judged
        else:
            end_turn = judged
    over = state.phase is Phase.OVER
    stops = stop_actions(state, seat)
    sides = set() if over else {action["type"] for action in side_actions(state, seat)}
    return {
        "moves": moves,
        "turn": turn,
        "end_turn": end_turn,
        "stop": None
        if not stops
        else {
            "plain": {"type": "stop"} in stops,
            "forced": [{"from": a["from"], "to": a["to"]} for a in stops if "from" in a],
        },
        "answer_draw": "accept-draw" in sides,
        "offer_draw": "offer-draw" in sides,
        "spread": "spread" in sides,
        "square": "square" in sides,
        "resign": "resign" in sides,
    }


def expand(view: dict) -> list[dict]:
    can = view["you"]["can"]
    actions = [
        {"type": "move", "from": source, "to": target["to"]}
        for source, targets in can["moves"].items()
        for target in targets
    ]
    actions += [{"type": "turn", "pile": pile} for pile in can["turn"]]
    if can["end_turn"] is not None:
        actions.append({"type": "end-turn"})
    stop = can["stop"]
    if stop is not None:
        actions += [{"type": "stop"}] if stop["plain"] else []
        actions += [{"type": "stop", **play} for play in stop["forced"]]
    if can["answer_draw"]:
        actions += [{"type": "accept-draw"}, {"type": "decline-draw"}]
    for key, kind in (
        ("offer_draw", "offer-draw"),
        ("spread", "spread"),
        ("square", "square"),
        ("resign", "resign"),
    ):
        if can[key]:
            actions.append({"type": kind})
    return actions
