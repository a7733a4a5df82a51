"""Who is to act and the legal actions of a seat, listed in full. Ordered picks make the list
large (a Pick 3 from 12 cards is 1,320 submissions; an official reboot may return any of
2^10 - 1 sets of cards): sampling.py draws one at random without listing them.

A blank card may carry any text; `legal` lists each play of blank cards once, written with
`STAND_IN_TEXT` (a blank cannot be played unwritten).
"""

from __future__ import annotations

from itertools import combinations, permutations

from .house import can_discard, can_full_reboot, can_read_nhie, confessable, reboot_sizes
from .judging import ranking_size, remaining_answers
from .round_actions import can_bet
from .rounds import submit_sizes
from .state import NO_CARD, Phase, State

STAND_IN_TEXT = "Something I wrote myself."


def playing(state: State, kind: str, cards: list[int]) -> dict:
    """A submit or bet of `cards`, each blank card among them written with the stand-in."""
    action: dict[str, object] = {"type": kind, "cards": cards}
    blanks = [card for card in cards if state.pool.is_blank(card)]
    if blanks:
        action["write"] = {str(card): STAND_IN_TEXT for card in blanks}
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
    if state.result is not None or not state.active[seat]:
        return []
    out: list[dict] = []
    hand = state.hands[seat]
    if seat in state.acting:
        phase = state.phase
        if phase is Phase.SUBMIT:
            for size in submit_sizes(state):
                out.extend(playing(state, "submit", list(p)) for p in permutations(hand, size))
        elif phase is Phase.REVEAL:
            out.append({"type": "reveal-next"})
        elif phase is Phase.JUDGE and state.rules.judging == "seriousBusiness":
            out.extend(
                {"type": "rank", "answers": list(p)}
                for p in permutations(range(len(state.answers)), ranking_size(state))
            )
        elif phase is Phase.JUDGE:
            out.extend({"type": "pick", "answer": a} for a in range(len(state.answers)))
        elif phase in (Phase.VOTE, Phase.RUNNER_UP):
            out.extend({"type": "vote", "answer": a} for a in vote_options(state, seat))
        elif phase is Phase.ELIMINATE:
            out.extend({"type": "eliminate", "answer": a} for a in remaining_answers(state))
    if not state.rules.side_actions:
        return out
    if can_bet(state, seat):
        out.extend(playing(state, "bet", list(p)) for p in permutations(hand, state.pick))
    if can_discard(state, seat):
        out.extend({"type": "discard", "card": card} for card in hand)
    for size in reboot_sizes(state, seat):
        out.extend({"type": "reboot", "cards": list(c)} for c in combinations(hand, size))
    if can_full_reboot(state, seat):
        out.append({"type": "reboot"})
    if can_read_nhie(state, seat):
        out.extend({"type": "never-have-i-ever", "card": card} for card in hand)
    out.extend({"type": "confess", "card": card} for card in confessable(state, seat))
    return out
