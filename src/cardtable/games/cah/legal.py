"""Who is to act and the legal actions of a seat, listed in full. Ordered picks make the list
large (a Pick 3 from 12 cards is 1,320 submissions; an official reboot may return any of
2^10 - 1 sets of cards): sampling.py draws one at random without listing them.

A blank card may carry any text; `legal` lists each play of blank cards once, written with
`STAND_IN_TEXT` (a blank cannot be played unwritten).

`legal` is the expansion of `affordances`, the compact form a seat's view carries as `can`
(what is open now, from the rules' predicates); `expand_view` expands it from the view alone.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any

from .house import can_discard, can_full_reboot, can_read_nhie, confessable, reboot_sizes
from .judging import ranking_size, remaining_answers
from .round_actions import can_bet
from .rounds import submit_sizes
from .state import NO_CARD, Phase, State

STAND_IN_TEXT = "Something I wrote myself."


def playing(state: State, kind: str, cards: list[int]) -> dict:
    """A submit or bet of `cards`, each blank card among them written with the stand-in."""
    return written(kind, cards, [card for card in cards if state.pool.is_blank(card)])


def written(kind: str, cards: list[int], blanks) -> dict:
    """A submit or bet of `cards`, each of them among `blanks` written with the stand-in."""
    action: dict[str, object] = {"type": kind, "cards": cards}
    if blanks:
        texts = {str(card): STAND_IN_TEXT for card in cards if card in blanks}
        if texts:
            action["write"] = texts
    return action


def vote_options(state: State, seat: int) -> list[int]:
    """Answers a seat may vote for: not its own, and not the winner in a runner-up vote."""
    winner = state.ranking[0] if state.phase is Phase.RUNNER_UP else NO_CARD
    return [
        answer for answer, author in enumerate(state.authors) if author != seat and answer != winner
    ]


def to_act(state: State) -> frozenset[int]:
    return state.acting


def legal(state: State, seat: int) -> list[dict]:
    hand = state.hands[seat]
    blanks = [card for card in hand if state.pool.is_blank(card)]
    return expand(affordances(state, seat), hand, blanks)


def affordances(state: State, seat: int) -> dict:
    """What `seat` may do now, compactly (a seat view's `can`): the shape is documented in
    docs/views/cah.md. Lists that would be empty are None."""
    can = nothing()
    if state.result is not None or not state.active[seat]:
        return can
    if seat in state.acting:
        phase = state.phase
        answers = list(range(len(state.answers)))
        if phase is Phase.SUBMIT:
            can["submit"] = list(submit_sizes(state))
        elif phase is Phase.REVEAL:
            can["reveal"] = True
        elif phase is Phase.JUDGE and state.rules.judging == "seriousBusiness":
            can["rank"] = {"size": ranking_size(state), "answers": answers}
        elif phase is Phase.JUDGE:
            can["pick"] = answers or None
        elif phase in (Phase.VOTE, Phase.RUNNER_UP):
            can["vote"] = vote_options(state, seat) or None
        elif phase is Phase.ELIMINATE:
            can["eliminate"] = remaining_answers(state) or None
    if not state.rules.side_actions:
        return can
    can["bet"] = state.pick if can_bet(state, seat) else None
    can["discard"] = can_discard(state, seat)
    can["reboot"] = reboot_sizes(state, seat) or None
    can["fullReboot"] = can_full_reboot(state, seat)
    can["neverHaveIEver"] = can_read_nhie(state, seat)
    can["confessCards"] = confessable(state, seat)
    return can


def nothing() -> dict[str, Any]:
    """The affordances of a seat that may do nothing (a fresh dict: views share nothing)."""
    return {
        "submit": None,
        "reveal": False,
        "pick": None,
        "rank": None,
        "vote": None,
        "eliminate": None,
        "bet": None,
        "discard": False,
        "reboot": None,
        "fullReboot": False,
        "neverHaveIEver": False,
        "confessCards": [],
    }


def expand(can: dict, hand: list[int], blanks: list[int]) -> list[dict]:
    """The actions `can` stands for, given the seat's hand and the blank cards in it."""
    out: list[dict] = []
    for size in can["submit"] or ():
        out.extend(written("submit", list(p), blanks) for p in permutations(hand, size))
    if can["reveal"]:
        out.append({"type": "reveal-next"})
    if can["rank"] is not None:
        rank = can["rank"]
        out.extend(
            {"type": "rank", "answers": list(p)}
            for p in permutations(rank["answers"], rank["size"])
        )
    for kind in ("pick", "vote", "eliminate"):
        out.extend({"type": kind, "answer": a} for a in can[kind] or ())
    if can["bet"] is not None:
        out.extend(written("bet", list(p), blanks) for p in permutations(hand, can["bet"]))
    if can["discard"]:
        out.extend({"type": "discard", "card": card} for card in hand)
    for size in can["reboot"] or ():
        out.extend({"type": "reboot", "cards": list(c)} for c in combinations(hand, size))
    if can["fullReboot"]:
        out.append({"type": "reboot"})
    if can["neverHaveIEver"]:
        out.extend({"type": "never-have-i-ever", "card": card} for card in hand)
    out.extend({"type": "confess", "card": card} for card in can["confessCards"])
    return out


def expand_view(view: dict) -> list[dict]:
    """`expand` for a seat's view: its hand, and its blank cards, are in the view."""
    hand = view["you"]["hand"]
    blanks = [card["id"] for card in hand if card.get("blank")]
    return expand(view["you"]["can"], [card["id"] for card in hand], blanks)
