"""Deciding a round: who scores what once the answers are judged, counted or eliminated.

The Czar picks exactly one answer (K25), or ranks the top 3 under Serious Business for 3, 2
and 1 points (K20). The winning author keeps the black card (K11); a black card won by the
guide's Rando leaves the game (K12). Gambling (K19) is settled here. Votes (God Is Dead, K18,
and the Happy Ending runner-up vote, K17) are won by the most votes; a tie gives no point.
"""

from __future__ import annotations

from ...engine import Event, everyone
from .standings import add_points, settle_bets
from .state import NO_CARD, NO_VOTE, RANDO, State
from .views import answer_cards

SERIOUS_BUSINESS_POINTS = (3, 2, 1)


def ranking_size(state: State) -> int:
    """How many answers the judge ranks: 3 (or fewer answers) under Serious Business, else 1."""
    if state.rules.judging == "seriousBusiness":
        return min(len(SERIOUS_BUSINESS_POINTS), len(state.answers))
    return 1


def score_ranking(state: State, ranking: list[int], events: list[Event]) -> None:
    """Award the round to `ranking[0]` (and the places after it under Serious Business)."""
    authors = state.authors
    points = SERIOUS_BUSINESS_POINTS if state.rules.judging == "seriousBusiness" else (1,)
    for answer, gained in zip(ranking, points, strict=False):
        add_points(state, authors[answer], gained)
    winner = authors[ranking[0]]
    if winner == RANDO:
        kept_by = state.rando_trophies if state.rules.rando_scores else state.black_removed
    else:
        kept_by = state.trophies[winner]
    kept_by.append(state.black)
    state.black = NO_CARD
    if state.rules.gambling:
        settle_bets(state, winner)
    state.ranking = list(ranking)
    data = {
        "round": state.round,
        "answer": ranking[0],
        "winner": None if winner == RANDO else winner,
        "rando": winner == RANDO,
        "cards": answer_cards(state, ranking[0]),
        "scores": list(state.scores),
        "randoScore": state.rando_score,
    }
    if len(ranking) > 1:
        data["ranking"] = [
            {"answer": a, "seat": None if authors[a] == RANDO else authors[a], "points": p}
            for a, p in zip(ranking, points, strict=False)
        ]
    events.append(everyone("round-winner", **data))


def no_winner(state: State, events: list[Event]) -> None:
    """K18: a tied vote gives no point; the black card is discarded and bets come back."""
    if state.rules.gambling:
        settle_bets(state, None)
    state.black_used.append(state.black)
    state.black = NO_CARD
    events.append(
        everyone(
            "round-winner",
            round=state.round,
            answer=None,
            winner=None,
            rando=False,
            tie=True,
            scores=list(state.scores),
        )
    )


def most_voted(state: State) -> int | None:
    """The answer with the most votes, None on a tie or when nobody voted (K17, K18)."""
    counts: dict[int, int] = {}
    for answer in state.votes:
        if answer != NO_VOTE:
            counts[answer] = counts.get(answer, 0) + 1
    if not counts:
        return None
    best = max(counts.values())
    leaders = [answer for answer, count in counts.items() if count == best]
    return leaders[0] if len(leaders) == 1 else None


def score_runner_up(state: State, answer: int | None, events: list[Event]) -> None:
    """K17 guideRunnerUpVote: the most-voted losing answer's author gains 1 point."""
    if answer is not None:
        add_points(state, state.authors[answer], 1)
    author = None if answer is None else state.authors[answer]
    events.append(
        everyone(
            "runner-up",
            round=state.round,
            answer=answer,
            winner=None if author in (None, RANDO) else author,
            rando=author == RANDO,
            scores=list(state.scores),
            randoScore=state.rando_score,
        )
    )


def current_eliminator(state: State) -> int:
    """Survival of the Fittest (K20): whose turn it is to eliminate an answer."""
    order = state.turn_order
    return order[len(state.eliminated) % len(order)]


def drop_eliminator(state: State, seat: int) -> None:
    """Take `seat` out of the elimination order (K20) for the rest of the round. The turn stays
    with whoever has it, or passes to the seat after `seat` when it was its turn."""
    order = state.turn_order
    current = current_eliminator(state)
    at = order.index(seat)
    rest = order[at + 1 :] + order[:at]  # the same cycle, from the seat after `seat`
    if rest:
        up = 0 if current == seat else rest.index(current)
        shift = (len(state.eliminated) - up) % len(rest)  # so that it is `rest[up]`'s turn
        rest = rest[-shift:] + rest[:-shift] if shift else rest
    state.turn_order = rest


def remaining_answers(state: State) -> list[int]:
    out = set(state.eliminated)
    return [answer for answer in range(len(state.answers)) if answer not in out]
